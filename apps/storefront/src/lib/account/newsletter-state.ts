/**
 * The newsletter state as this browser knows it (shopping.md §3 "Newsletter state: isSubscribed,
 * email"; §4: the e-mail is kept locally after subscribing). The popup, the /newsletter page
 * and the account's newsletter page write it after the API's answer.
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

/** BROWSER: remembers the state the API answered (storage full or blocked: the next check asks again). */
export function saveNewsletterState(state: NewsletterState): void {
  try {
    localStorage.setItem(NEWSLETTER_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // nothing to keep
  }
}
