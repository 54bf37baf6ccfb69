import type { Metadata } from 'next';
import { NotFoundContent } from '@/components/NotFoundContent.tsx';
import { t } from '@/i18n/index.ts';

export const metadata: Metadata = { title: { absolute: t('notFound.metaTitle') } };

/**
 * Shown when a page calls notFound() (unknown product SKU or category slug, disabled product).
 * The status is 404, but Next 16 sends an empty HTML shell and the browser renders this from
 * the inline payload; URLs the proxy already knows to be unknown get /page-not-found instead.
 */
export default function NotFound() {
  return <NotFoundContent />;
}
