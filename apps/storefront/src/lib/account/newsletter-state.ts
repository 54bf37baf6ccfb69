/**
 * The newsletter state as this browser knows it (shopping.md §3 "Newsletter state: isSubscribed,
 * email"; §4: the e-mail is kept locally after subscribing). The account's newsletter page shows
 * it; subscribing and unsubscribing are the engagement issue's.
 */
export interface NewsletterState {
  isSubscribed: boolean;
  email: string | null;
}

export const NEWSLETTER_STORAGE_KEY = 'shop/newsletter/v1';

export function parseNewsletterState(raw: string | null): NewsletterState {
  try {
    const value = JSON.parse(raw ?? 'null') as Partial<NewsletterState> | null;
    return value?.isSubscribed === true && typeof value.email === 'string' ? { isSubscribed: true, email: value.email } : { isSubscribed: false, email: null };
  } catch {
    return { isSubscribed: false, email: null };
  }
}

/** BROWSER */
export function readNewsletterState(): NewsletterState {
  try {
    return parseNewsletterState(localStorage.getItem(NEWSLETTER_STORAGE_KEY));
  } catch {
    return { isSubscribed: false, email: null };
  }
}
