/**
 * A tiny typed message lookup. The shop speaks Italian (it-IT); messages/it.json is the
 * reference catalogue, and en/de hold the same keys (checked by i18n.test.ts). Keys passed to
 * `t` are checked at compile time against it.json.
 */
import it from '../../messages/it.json';

export type Messages = typeof it;
export type MessageKey = keyof Messages;
export type MessageParams = Readonly<Record<string, string | number>>;
export type Translate = (key: MessageKey, params?: MessageParams) => string;

export const LOCALE = 'it-IT';

const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * Replaces `{name}` placeholders. Numbers are written the locale's way (1.234 in it-IT);
 * a placeholder without a value stays visible rather than silently disappearing.
 */
export function interpolate(template: string, params: MessageParams | undefined, locale: string = LOCALE): string {
  if (!params) return template;
  return template.replace(PLACEHOLDER, (match, name: string) => {
    const value = params[name];
    if (value === undefined) return match;
    return typeof value === 'number' ? new Intl.NumberFormat(locale).format(value) : value;
  });
}

/** A `t` over a catalogue; a key missing from it falls back to the key itself. */
export function createTranslator(messages: Readonly<Partial<Record<MessageKey, string>>>, locale: string = LOCALE): Translate {
  return (key, params) => interpolate(messages[key] ?? key, params, locale);
}

/** Translates into the shop language. */
export const t: Translate = createTranslator(it);
