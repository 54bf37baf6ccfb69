import { z } from 'zod';

/**
 * The string rule of every request schema (issue 13 item 18): no control characters. A NUL byte
 * cannot be stored by PostgreSQL at all (a client sending one got a 500), and the other C0 and C1
 * controls, DEL included, have no business in a SKU, a coupon code, a URL or a name: they are
 * refused with a 400 naming the field. Tab and line breaks are allowed only where a person types
 * free text (`freeText`); everywhere else a string is one line (`text`).
 */
export const CONTROL_CHARACTERS_MESSAGE = 'must not contain control characters';

const SINGLE_LINE = /^[^\u0000-\u001f\u007f-\u009f]*$/;
const FREE_TEXT = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$/;

type StringParams = Parameters<typeof z.string>[0];

/** A one-line string: any control character (tab and line breaks included) is refused. */
export const text = (params?: StringParams) => z.string(params).regex(SINGLE_LINE, CONTROL_CHARACTERS_MESSAGE);

/** Free text a person types: tab, line feed and carriage return allowed, other controls refused. */
export const freeText = (params?: StringParams) => z.string(params).regex(FREE_TEXT, CONTROL_CHARACTERS_MESSAGE);

/** Paths (from the value) of the strings, object keys included, that break the one-line rule. */
function controlCharacterPaths(value: unknown, path: PropertyKey[] = [], found: PropertyKey[][] = []): PropertyKey[][] {
  if (typeof value === 'string') {
    if (!SINGLE_LINE.test(value)) found.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => controlCharacterPaths(item, [...path, i], found));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!SINGLE_LINE.test(key)) found.push([...path, key]);
      controlCharacterPaths(item, [...path, key], found);
    }
  }
  return found;
}

/**
 * Any JSON value whose strings and keys are one-line text: for the free-form objects a client may
 * send (extension attributes, the extra fields of an address).
 */
export const plainJson = z.unknown().superRefine((value, ctx) => {
  for (const path of controlCharacterPaths(value)) ctx.addIssue({ code: 'custom', message: CONTROL_CHARACTERS_MESSAGE, path });
});
