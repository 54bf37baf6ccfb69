import type { ReactNode } from 'react';
import { MinimalHeader } from '@/components/MinimalHeader.tsx';
import { SellerIdentity } from '@/components/SellerIdentity.tsx';
import { getShopInfo } from '@/lib/api/shop.ts';

/** Minimal layout (catalogue.md §2, used by /error and the checkout): the logo, and the seller at the foot. */
export default async function MinimalLayout({ children }: { children: ReactNode }) {
  const info = await getShopInfo();
  return (
    <>
      <MinimalHeader />
      <main id="main" className="site-main">
        {children}
      </main>
      {info && (
        <footer className="site-footer site-footer--minimal">
          <div className="container">
            <SellerIdentity seller={info.seller} />
          </div>
        </footer>
      )}
    </>
  );
}
