/** The client-safe half of newsletter-texts.ts: reading the API's answers ships no message catalogue. */
import { NEWSLETTER_MESSAGES } from '@shop/contracts/newsletter';
import { fillTemplate, matchText } from '../../lib/message-patterns.ts';
import type { NewsletterTexts } from './newsletter-texts.ts';

/** The API's English answer in the shop language; anything unknown (the API unreachable too) is "something went wrong". */
export function newsletterMessage(text: string, texts: NewsletterTexts): string {
  const matched = matchText(text, NEWSLETTER_MESSAGES);
  const template = matched && texts[`message.${matched.key}`];
  return template ? fillTemplate(template, matched.params) : (texts['message.somethingWrong'] ?? '');
}
