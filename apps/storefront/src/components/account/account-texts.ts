/**
 * The account pages' texts by short name, looked up on the server and handed to the client views:
 * every `account.*` message without its prefix; `msg.<name>` are the shop-language texts of
 * @shop/contracts' ACCOUNT_MESSAGES (`account.message.<name>`). Server only: it carries the whole
 * catalogue; client components take `fill` and `accountMessage` from account-message.ts.
 */
import { lookUpTexts, type MessageKey, type Messages } from '@/i18n/index.ts';
import it from '../../../messages/it.json';

export type AccountTexts = Readonly<Record<string, string>>;

const ACCOUNT_KEYS = (Object.keys(it) as (keyof Messages)[]).filter((key) => key.startsWith('account.') && !key.startsWith('account.addresses.'));
const shortName = (key: string) => key.replace(/^account\.message\./, 'msg.').replace(/^account\./, '');

/** SERVER: the account pages' texts in the shop language. */
export function accountTexts(): AccountTexts {
  return lookUpTexts(Object.fromEntries(ACCOUNT_KEYS.map((key) => [shortName(key), key])) as Record<string, MessageKey>);
}

/** The sign-in modal's share of the texts (every page carries them). */
const AUTH_NAMES = new Set(['login', 'loginSubmit', 'register', 'registerSubmit', 'email', 'password', 'firstName', 'lastName', 'passwordHint', 'forgot', 'toRegister', 'toLogin', 'resetTitle', 'resetIntro', 'resetSubmit', 'close', 'challenge.label', 'challenge.hint']);

/** SERVER: the texts of the sign-in modal. */
export function authTexts(): AccountTexts {
  return Object.fromEntries(Object.entries(accountTexts()).filter(([name]) => AUTH_NAMES.has(name) || name.startsWith('msg.')));
}
