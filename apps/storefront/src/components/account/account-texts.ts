/**
 * The account pages' texts by short name, looked up on the server and handed to the client views.
 * `msg.<name>` are the shop-language texts of @shop/contracts' ACCOUNT_MESSAGES.
 */
import { ACCOUNT_MESSAGES } from '@shop/contracts/account-messages';
import { lookUpTexts, type MessageKey } from '@/i18n/index.ts';
import { fillTemplate, matchText } from '@/lib/message-patterns.ts';

const UI = [
  'title', 'loading', 'login', 'loginSubmit', 'register', 'registerSubmit', 'email', 'password', 'firstName', 'lastName', 'passwordHint', 'forgot',
  'profile', 'save', 'orders', 'noOrders', 'orderLine', 'logout', 'loggedOut', 'welcome', 'resetTitle', 'resetIntro', 'resetSubmit', 'newPassword',
  'newPasswordSubmit',
] as const;
const MESSAGES = ['passwordRules', 'wrongCredentials', 'locked', 'resetSent', 'resetInvalid', 'emailTaken', 'accountUpdated', 'passwordChanged', 'somethingWrong'] as const;

export type AccountTexts = Readonly<Record<string, string>>;

/** SERVER: the account pages' texts in the shop language. */
export function accountTexts(): AccountTexts {
  return lookUpTexts({
    ...Object.fromEntries(UI.map((name) => [name, `account.${name}`])),
    ...Object.fromEntries(MESSAGES.map((name) => [`msg.${name}`, `account.message.${name}`])),
  } as Record<string, MessageKey>);
}

/** The API's English answer in the shop language; a refused password names the rules; anything else "something went wrong". */
export function accountMessage(text: string, texts: AccountTexts): string {
  if (text.includes(ACCOUNT_MESSAGES.passwordRules)) return texts['msg.passwordRules']!;
  const matched = matchText(text, ACCOUNT_MESSAGES);
  const template = matched && texts[`msg.${matched.key}`];
  return template ? fillTemplate(template, matched.params) : texts['msg.somethingWrong']!;
}
