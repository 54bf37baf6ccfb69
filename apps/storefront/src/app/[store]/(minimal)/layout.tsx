import type { ReactNode } from 'react';
import { MinimalHeader } from '@/components/MinimalHeader.tsx';

/** Minimal layout (catalogue.md §2, used by /error): the logo only. */
export default function MinimalLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <MinimalHeader />
      <main id="main" className="site-main">
        {children}
      </main>
    </>
  );
}
