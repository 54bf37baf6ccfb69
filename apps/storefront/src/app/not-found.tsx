import type { Metadata } from 'next';
import { MinimalHeader } from '@/components/MinimalHeader.tsx';
import { NotFoundContent } from '@/components/NotFoundContent.tsx';
import { t } from '@/i18n/index.ts';

export const metadata: Metadata = {
  title: { absolute: t('notFound.metaTitle') },
};

/**
 * 404 for URLs outside the shop routes (e.g. a missing file such as /foo.png, which the proxy
 * does not rewrite) and for an unknown store segment, in the minimal layout. Shop pages use
 * (default)/not-found.tsx, which keeps the header and footer.
 */
export default function RootNotFound() {
  return (
    <>
      <MinimalHeader />
      <main id="main" className="site-main">
        <NotFoundContent />
      </main>
    </>
  );
}
