import type { Metadata } from 'next';
import { NotFoundContent } from '@/components/NotFoundContent.tsx';
import { t } from '@/i18n/index.ts';

export const revalidate = 86400;

export const metadata: Metadata = {
  title: { absolute: t('notFound.metaTitle') },
  robots: { index: false },
};

/**
 * The not-found page (catalogue.md §2, slug page-not-found). proxy.ts rewrites every URL that
 * matches no shop route here with status 404, so the whole page is server-rendered (and cached
 * once for all unknown URLs).
 */
export default function PageNotFound() {
  return <NotFoundContent />;
}
