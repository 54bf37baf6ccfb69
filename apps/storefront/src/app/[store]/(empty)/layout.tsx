import type { ReactNode } from 'react';

/**
 * Empty layout (catalogue.md §2): no header or footer, for pages that draw everything
 * themselves (e.g. a future checkout). No page uses it yet.
 */
export default function EmptyLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="site-main">
      {children}
    </main>
  );
}
