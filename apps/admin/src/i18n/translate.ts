import type { I18nProvider } from '@refinedev/core';
import { it, type MessageKey } from './it.ts';

/** The text of `key` with its `{name}` placeholders filled; an unknown key is answered as is. */
export function t(key: MessageKey | (string & {}), values: Record<string, string | number> = {}): string {
  const text: string = (it as Record<string, string>)[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** Refine's i18n: one locale, it. */
export const i18nProvider: I18nProvider = {
  translate: (key, options, defaultMessage) => ((key in it ? t(key, (options ?? {}) as Record<string, string>) : (defaultMessage ?? key))),
  changeLocale: async () => undefined,
  getLocale: () => 'it',
};
