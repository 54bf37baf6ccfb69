/**
 * BROWSER: the newsletter calls of shopping.md §7 through the shop's origin (`/api/*` goes to the
 * API). §5: a call succeeds only on code 200; otherwise the API's English text comes back for
 * the caller to show in the shop language.
 */
import type { NewsletterConfirmation, NewsletterStatus } from '@shop/contracts/newsletter';

const PATH = '/api/ext/mailchimp-subscribe/subscribe';

export type NewsletterAnswer<T> = { ok: true; result: T } | { ok: false; message: string };

async function call<T>(url: string, init: RequestInit = {}): Promise<NewsletterAnswer<T>> {
  try {
    const response = await fetch(url, { ...init, cache: 'no-store', headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) } });
    const body = (await response.json()) as { code?: unknown; result?: unknown };
    if (body.code === 200) return { ok: true, result: body.result as T };
    return { ok: false, message: typeof body.result === 'string' ? body.result : '' };
  } catch {
    return { ok: false, message: '' };
  }
}

export const newsletterStatus = (email: string) => call<NewsletterStatus>(`${PATH}?email=${encodeURIComponent(email)}`);
export const subscribeNewsletter = (email: string) => call<NewsletterStatus>(PATH, { method: 'POST', body: JSON.stringify({ email }) });
export const unsubscribeNewsletter = (email: string) => call<NewsletterStatus>(PATH, { method: 'DELETE', body: JSON.stringify({ email }) });
export const confirmNewsletter = (token: string) => call<NewsletterConfirmation>('/api/ext/mailchimp-subscribe/confirm', { method: 'POST', body: JSON.stringify({ token }) });
