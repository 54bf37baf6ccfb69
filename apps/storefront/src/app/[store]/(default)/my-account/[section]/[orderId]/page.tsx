import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { OrderDetailView } from '@/components/account/OrdersView.tsx';
import { bulkAddTexts } from '@/components/quick-order/bulk-add-texts.ts';
import { accountTexts } from '@/components/account/account-texts.ts';
import { t } from '@/i18n/index.ts';

/* /my-account/orders/{orderId} (shopping.md §2): one order, read in the browser with the customer's token. */
export const metadata: Metadata = { title: t('account.section.orders') };

type Props = { params: Promise<{ section: string; orderId: string }> };

export default async function AccountOrderPage({ params }: Props) {
  const { section, orderId } = await params;
  if (section !== 'orders') notFound();
  return <OrderDetailView orderId={decodeURIComponent(orderId)} texts={accountTexts()} bulkTexts={bulkAddTexts()} />;
}
