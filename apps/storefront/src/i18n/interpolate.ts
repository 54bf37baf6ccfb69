import { formatNumber } from '@shop/domain';

/** Placeholder filling, apart from the catalogues so client components can use it without shipping them. */
export const LOCALE = 'it-IT';

export type MessageParams = Readonly<Record<string, string | number>>;

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
    return typeof value === 'number' ? formatNumber(value, locale) : value;
  });
}
