/**
 * Client-safe helpers for the account texts (AccountTexts, from account-texts.ts): apart from the
 * server lookup so that the components of every page's header do not ship the message catalogue.
 */
import { ACCOUNT_MESSAGES } from '@shop/contracts/account-messages';
import { fillTemplate, matchText } from '@/lib/message-patterns.ts';
import type { AccountTexts } from './account-texts.ts';

/** A text with its `{name}` placeholders filled. */
export const fill = (template: string | undefined, params: Readonly<Record<string, string | number>>): string => fillTemplate(template ?? '', params);

/** The API's English answer in the shop language; a refused password names the rules; anything else "something went wrong". */
export function accountMessage(text: string, texts: AccountTexts): string {
  if (text.includes(ACCOUNT_MESSAGES.passwordRules)) return texts['msg.passwordRules']!;
  const matched = matchText(text, ACCOUNT_MESSAGES);
  const template = matched && texts[`msg.${matched.key}`];
  return template ? fillTemplate(template, matched.params) : texts['msg.somethingWrong']!;
}
