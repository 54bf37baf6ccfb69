/**
 * A tiny typed message lookup. The shop speaks Italian (it-IT); messages/it.json is the
 * reference catalogue, and en/de hold the same keys (checked by i18n.test.ts). Keys passed to
 * `t` are checked at compile time against it.json.
 */
import it from '../../messages/it.json';
import { LOCALE, interpolate, type MessageParams } from './interpolate.ts';

export type Messages = typeof it;
export type MessageKey = keyof Messages;
export type Translate = (key: MessageKey, params?: MessageParams) => string;

export { LOCALE, interpolate, type MessageParams } from './interpolate.ts';

/** A `t` over a catalogue; a key missing from it falls back to the key itself. */
export function createTranslator(messages: Readonly<Partial<Record<MessageKey, string>>>, locale: string = LOCALE): Translate {
  return (key, params) => interpolate(messages[key] ?? key, params, locale);
}

/** Translates into the shop language. */
export const t: Translate = createTranslator(it);

/** SERVER: a map of names to message keys, looked up: what client components get as texts. */
export function lookUpTexts<K extends string>(keys: Readonly<Record<K, MessageKey>>): Record<K, string> {
  return Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, t(key as MessageKey)])) as Record<K, string>;
}
