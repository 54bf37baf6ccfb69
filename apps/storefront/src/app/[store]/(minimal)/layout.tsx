import type { ReactNode } from 'react';
import { Logo } from '@/components/Logo.tsx';

/** Minimal layout (catalogue.md §2, used by /error): the logo only. */
export default function MinimalLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <header className="minimal-header">
        <div className="container">
          <Logo />
        </div>
      </header>
      <main id="main" className="site-main">
        {children}
      </main>
    </>
  );
}
