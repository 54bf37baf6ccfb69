import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { AccountShell } from '@/components/account/AccountShell.tsx';
import { accountTexts } from '@/components/account/account-texts.ts';
import { t } from '@/i18n/index.ts';

/* The customer's account pages /my-account/… (shopping.md §2): the browser's session, never indexed. */
export const metadata: Metadata = {
  title: t('account.metaTitle'),
  robots: { index: false, follow: false },
};

export default function MyAccountLayout({ children }: { children: ReactNode }) {
  return (
    <div className="container page">
      <h1>{t('account.title')}</h1>
      <AccountShell texts={accountTexts()}>{children}</AccountShell>
    </div>
  );
}
