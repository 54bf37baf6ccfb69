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

/** Paths (from the value) of the strings that break `rule` (the one-line rule by default) and of the keys that break the one-line rule. */
function controlCharacterPaths(value: unknown, rule = SINGLE_LINE, path: PropertyKey[] = [], found: PropertyKey[][] = []): PropertyKey[][] {
  if (typeof value === 'string') {
    if (!rule.test(value)) found.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => controlCharacterPaths(item, rule, [...path, i], found));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!SINGLE_LINE.test(key)) found.push([...path, key]);
      controlCharacterPaths(item, rule, [...path, key], found);
    }
  }
  return found;
}

/** Refuses the keys that break the one-line rule, for an object whose extra fields (`.catchall`) a client names. */
export function controlCharacterKeys(value: object, ctx: z.RefinementCtx): void {
  for (const key of Object.keys(value)) if (!SINGLE_LINE.test(key)) ctx.addIssue({ code: 'custom', message: CONTROL_CHARACTERS_MESSAGE, path: [key] });
}

/**
 * The deepest nesting of a free-form value. Real ones have a level or two; a deeper one (10,000
 * nested arrays fit in a small body) ran recursive walks and JSON.stringify out of stack: a 500.
 */
export const MAX_JSON_DEPTH = 64;
export const TOO_DEEP_MESSAGE = `must not nest arrays or objects more than ${MAX_JSON_DEPTH} levels deep`;

/** Whether arrays and objects nest deeper than `max` levels in a value; walks without recursion. */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next;
    if (item === null || typeof item !== 'object') continue;
    if (depth > max) return true;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}

/**
 * Any JSON value, nested at most MAX_JSON_DEPTH levels, whose strings and keys are one-line text:
 * for the free-form objects a client may send (extension attributes, the extra fields of an address).
 */
const jsonWithStrings = (rule: RegExp) =>
  z.unknown().superRefine((value, ctx) => {
    if (nestedDeeperThan(value, MAX_JSON_DEPTH)) {
      ctx.addIssue({ code: 'custom', message: TOO_DEEP_MESSAGE });
      return;
    }
    for (const path of controlCharacterPaths(value, rule)) ctx.addIssue({ code: 'custom', message: CONTROL_CHARACTERS_MESSAGE, path });
  });

export const plainJson = jsonWithStrings(SINGLE_LINE);

/**
 * `plainJson` whose strings may hold tabs and line breaks (`freeText`): a client's copy of data
 * that is free text, such as the product descriptions (HTML) of Vue Storefront 1's cart lines.
 */
export const freeJson = jsonWithStrings(FREE_TEXT);
