/**
 * The newsletter's texts by short name (every `newsletter.*` message without its prefix), looked
 * up on the server and handed to the client views; `message.<name>` are the shop-language texts
 * of @shop/contracts' NEWSLETTER_MESSAGES. Server only: it carries the whole catalogue; client
 * components take `newsletterMessage` from newsletter-message.ts.
 */
import { lookUpTexts, type MessageKey, type Messages } from '../../i18n/index.ts';
import it from '../../../messages/it.json';

export type NewsletterTexts = Readonly<Record<string, string>>;

const KEYS = (Object.keys(it) as (keyof Messages)[]).filter((key) => key.startsWith('newsletter.'));

/** SERVER: the newsletter's texts in the shop language. */
export function newsletterTexts(): NewsletterTexts {
  return lookUpTexts(Object.fromEntries(KEYS.map((key) => [key.slice('newsletter.'.length), key])) as Record<string, MessageKey>);
}

/** The texts the popup uses (every page carries them, so only these). */
const POPUP_NAMES = new Set(['popup.title', 'popup.text', 'close', 'email', 'subscribe', 'sending', 'consent', 'privacy', 'pending', 'subscribed']);

/** SERVER: the popup's share of the texts. */
export function popupTexts(): NewsletterTexts {
  return Object.fromEntries(Object.entries(newsletterTexts()).filter(([name]) => POPUP_NAMES.has(name) || name.startsWith('message.')));
}
