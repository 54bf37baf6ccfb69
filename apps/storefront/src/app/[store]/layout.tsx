import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { AuthModalHost } from '@/components/account/AccountLink.tsx';
import { authTexts } from '@/components/account/account-texts.ts';
import { ConsentBanner } from '@/components/consent/ConsentBanner.tsx';
import { consentTexts } from '@/components/consent/consent-texts.ts';
import { ErrorReporting } from '@/components/error-reporting/ErrorReporting.tsx';
import { ErrorViewProvider, type ErrorTexts } from '@/components/ErrorView.tsx';
import { Logo } from '@/components/Logo.tsx';
import { OfflineStatus } from '@/components/offline/OfflineStatus.tsx';
import { t } from '@/i18n/index.ts';
import { tagManagerId } from '@/lib/analytics/tag-config.ts';
import { currentErrorReporting } from '@/lib/error-reporting/config.ts';
import { offlineOrdersAutoSend } from '@/lib/offline/auto-send.ts';
import { COOKIE_POLICY_URL } from '@/lib/static-pages.ts';
import { SoftNavigation } from '@/components/SoftNavigation.tsx';
import { StorePrefixProvider } from '@/components/StorePrefix.tsx';
import { TestShopBanner } from '@/components/test-shop/TestShopBanner.tsx';
import { isStoreCode, storeHref, storePrefix } from '@/lib/store.ts';

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
      <TestShopBanner />
      {/* First in the tab order; in every page's HTML, shown before hydration only to those who must choose (lib/consent/consent-hint.ts). */}
      <ConsentBanner texts={consentTexts()} policyHref={storeHref(COOKIE_POLICY_URL)} tagManagerId={tagManagerId()} />
      <ErrorReporting config={currentErrorReporting()} />
      <ErrorViewProvider texts={errorTexts} logo={<Logo />}>
        {children}
      </ErrorViewProvider>
      <AuthModalHost texts={authTexts()} />
      <SoftNavigation />
      <OfflineStatus
        texts={{ offline: t('offline.banner'), waitingOrder: t('offline.order.banner'), sendNow: t('offline.order.bannerLink'), answeredOrder: t('offline.order.answeredBanner'), seeAnswer: t('offline.order.answeredLink') }}
        autoSend={offlineOrdersAutoSend()}
      />
    </StorePrefixProvider>
  );
}
