'use client';

import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { readNewsletterState } from '@/lib/account/newsletter-state.ts';
import { consentSnapshot, readConsent, serverConsentSnapshot, subscribeConsent } from '@/lib/consent/consent-store.ts';
import { POPUP_SHOWN_KEY, popupWanted } from '@/lib/newsletter/popup.ts';
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
  // Once opened it stays mounted, closed, so that closing returns focus where it was.
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);

  useEffect(() => {
    const show = popupWanted({
      enabled,
      alreadyShown: alreadyShown(),
      subscribedHere: readNewsletterState().isSubscribed,
      consentChosen: readConsent(consent) !== null,
      path: stripStorePrefix(location.pathname),
    });
    if (!show) return;
    try {
      localStorage.setItem(POPUP_SHOWN_KEY, new Date().toISOString());
    } catch {
      return;
    }
    setUiFlag('newsletterPopup', true);
  }, [consent, enabled]);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <NewsletterPopup texts={texts} policyHref={policyHref} />
    </Suspense>
  );
}
