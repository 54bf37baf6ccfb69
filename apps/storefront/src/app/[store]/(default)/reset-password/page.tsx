import type { Metadata } from 'next';
import { ResetPasswordView } from '@/components/account/ResetPasswordView.tsx';
import { accountTexts } from '@/components/account/account-texts.ts';
import { t } from '@/i18n/index.ts';
import { firstParam, type SearchParams } from '@/lib/search-params.ts';

/* /reset-password (shopping.md §2): ask for the link, or set the new password with it. */
export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: t('account.resetTitle'),
  robots: { index: false, follow: false },
  referrer: 'no-referrer',
};

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = await searchParams;
  return (
    <div className="container page">
      <h1>{t('account.resetTitle')}</h1>
      <ResetPasswordView email={firstParam(query, 'email')} token={firstParam(query, 'token')} texts={accountTexts()} />
    </div>
  );
}
