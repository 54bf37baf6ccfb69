import { interpolate } from '../../i18n/interpolate.ts';

/** Fills a message's placeholders and plural forms; a placeholder without a value stays visible. */
export function fill(template: string, params?: Readonly<Record<string, string | number>>): string {
  return interpolate(template, params);
}
