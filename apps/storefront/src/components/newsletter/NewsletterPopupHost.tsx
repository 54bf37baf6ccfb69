'use client';

import { usePathname } from 'next/navigation';
import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { readNewsletterState } from '@/lib/account/newsletter-state.ts';
import { consentSnapshot, readConsent, serverConsentSnapshot, subscribeConsent } from '@/lib/consent/consent-store.ts';
import { bannerThisVisit, countPageView, POPUP_SHOWN_KEY, popupWanted } from '@/lib/newsletter/popup.ts';
import { stripStorePrefix } from '@/lib/routing.ts';
import { setUiFlag, useUiState } from '../ui/ui-store.ts';
import type { NewsletterTexts } from './newsletter-texts.ts';

// The dialog's code loads only for the browsers that will see it.
const NewsletterPopup = lazy(() => import('./NewsletterPopup.tsx').then((module) => ({ default: module.NewsletterPopup })));

function alreadyShown(): boolean {
  try {
    return localStorage.getItem(POPUP_SHOWN_KEY) !== null;
  } catch {
    // No storage: "once" cannot be kept, so never.
    return true;
  }
}

/** Opens the newsletter popup once per browser when popup.ts allows it (the default layout mounts this; the checkout's does not). */
export function NewsletterPopupHost({ texts, policyHref, enabled }: { texts: NewsletterTexts; policyHref: string; enabled: boolean }) {
  const consent = useSyncExternalStore(subscribeConsent, consentSnapshot, serverConsentSnapshot);
  const open = useUiState().newsletterPopup;
  const pathname = usePathname();
  // The page last counted, and the count: each page (client navigations too) counts once.
  const counted = useRef<{ path: string | null; views: number }>({ path: null, views: 0 });
  // Once opened it stays mounted, closed, so that closing returns focus where it was.
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);

  useEffect(() => {
    const choice = readConsent(consent);
    // A page counts once a cookie choice is known (hydration first renders without it), and only
    // in visits without the cookie banner: no choice yet means the banner is up, whether or not
    // its own effect has marked the visit by now.
    if (choice !== null && counted.current.path !== pathname) {
      counted.current.path = pathname;
      if (!bannerThisVisit()) counted.current.views = countPageView();
    }
    const show = popupWanted({
      enabled,
      alreadyShown: alreadyShown(),
      subscribedHere: readNewsletterState().isSubscribed,
      consentChosen: choice !== null,
      bannerThisVisit: bannerThisVisit(),
      refusedAll: choice !== null && !choice.analytics && !choice.marketing,
      pageViews: counted.current.views,
      path: stripStorePrefix(location.pathname),
    });
    if (!show) return;
    try {
      localStorage.setItem(POPUP_SHOWN_KEY, new Date().toISOString());
    } catch {
      return;
    }
    setUiFlag('newsletterPopup', true);
  }, [consent, enabled, pathname]);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <NewsletterPopup texts={texts} policyHref={policyHref} />
    </Suspense>
  );
}
