import type { Metadata } from 'next';
import { AccountView } from '@/components/account/AccountView.tsx';
import { accountTexts } from '@/components/account/account-texts.ts';
import { t } from '@/i18n/index.ts';

/* The customer's account /my-account (shopping.md §2): the browser's session, never indexed. */
export const metadata: Metadata = {
  title: t('account.metaTitle'),
  robots: { index: false, follow: false },
};

export default function MyAccountPage() {
  return (
    <div className="container page">
      <h1>{t('account.title')}</h1>
      <AccountView texts={accountTexts()} />
    </div>
  );
}
