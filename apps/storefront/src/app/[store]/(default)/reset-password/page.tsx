import type { Metadata } from 'next';
import { ResetPasswordView } from '@/components/account/ResetPasswordView.tsx';
import { accountTexts } from '@/components/account/account-texts.ts';
import { t } from '@/i18n/index.ts';

/* /reset-password (shopping.md §2): ask for the link, or set the new password with it. */
export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: t('account.resetTitle'),
  robots: { index: false, follow: false },
  referrer: 'no-referrer',
};

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = await searchParams;
  return (
    <div className="container page">
      <h1>{t('account.resetTitle')}</h1>
      <ResetPasswordView email={first(query['email'])} token={first(query['token'])} texts={accountTexts()} />
    </div>
  );
}
