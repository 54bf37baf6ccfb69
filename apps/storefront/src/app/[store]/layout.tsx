import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { AuthModalHost } from '@/components/account/AccountLink.tsx';
import { authTexts } from '@/components/account/account-texts.ts';
import { ErrorViewProvider, type ErrorTexts } from '@/components/ErrorView.tsx';
import { Logo } from '@/components/Logo.tsx';
import { t } from '@/i18n/index.ts';
import { SoftNavigation } from '@/components/SoftNavigation.tsx';
import { StorePrefixProvider } from '@/components/StorePrefix.tsx';
import { isStoreCode, storePrefix } from '@/lib/store.ts';

/*
 * The internal store segment: proxy.ts rewrites public URLs here (/c/x → /it/c/x).
 * No store is prerendered at build (an empty list), so building never needs the API;
 * pages render on first request and are then ISR-cached for 86400 s (catalogue.md §9).
 */
export const dynamicParams = true;
export const revalidate = 86400;

export function generateStaticParams(): { store: string }[] {
  return [];
}

export default async function StoreLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ store: string }>;
}) {
  const { store } = await params;
  if (!isStoreCode(store)) notFound();
  const errorTexts: ErrorTexts = {
    heading: t('error.heading'),
    text: t('error.text'),
    retry: t('error.retry'),
    home: t('error.home'),
  };
  return (
    <StorePrefixProvider prefix={storePrefix()}>
      <ErrorViewProvider texts={errorTexts} logo={<Logo />}>
        {children}
      </ErrorViewProvider>
      <AuthModalHost texts={authTexts()} />
      <SoftNavigation />
    </StorePrefixProvider>
  );
}
