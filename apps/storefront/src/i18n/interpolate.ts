import { formatMessage } from './icu.ts';

/** Placeholder filling, apart from the catalogues so client components can use it without shipping them. */
export const LOCALE = 'it-IT';

export type MessageParams = Readonly<Record<string, string | number>>;

/**
 * Fills an ICU message: `{name}` placeholders and `{count, plural, one {…} other {…}}` forms
 * (see icu.ts). Numbers are written the locale's way (1.234 in it-IT); a placeholder without a
 * value stays visible rather than silently disappearing. Without values the template is returned
 * as it is (client components get templates and fill them later).
 */
export function interpolate(template: string, params: MessageParams | undefined, locale: string = LOCALE): string {
  if (!params) return template;
  try {
    return formatMessage(template, params, locale);
  } catch {
    return template; // not a message (i18n.test.ts proves every catalogue text is one)
  }
}
