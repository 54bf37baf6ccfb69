/**
 * Texts arrive in English from the shared rules and the server (the spec's wording is the key);
 * the shop shows them from its catalogue. A catalogue of English templates (`{name}` marks a
 * parameter) turns a text into its name and parameters. Pure.
 */
import { interpolate } from '../i18n/interpolate.ts';

export type TextCatalogue = Readonly<Record<string, string>>;

export type MatchedText = { key: string; params?: Readonly<Record<string, string>> };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each catalogue's patterns, built on first use, not with every page. */
const patterns = new WeakMap<TextCatalogue, { name: string; params: string[]; regex: RegExp }[]>();

function patternsOf(catalogue: TextCatalogue) {
  let list = patterns.get(catalogue);
  if (!list) {
    list = Object.entries(catalogue).map(([name, template]) => {
      const params: string[] = [];
      const source = template
        .split(/(\{\w+\})/)
        .map((part) => {
          const param = /^\{(\w+)\}$/.exec(part)?.[1];
          if (!param) return escape(part);
          params.push(param);
          return '(.+?)';
        })
        .join('');
      return { name, params, regex: new RegExp(`^${source}$`) };
    });
    patterns.set(catalogue, list);
  }
  return list;
}

/** The name of a known text with its parameters, or null. */
export function matchText(text: string, catalogue: TextCatalogue): MatchedText | null {
  for (const { name, params, regex } of patternsOf(catalogue)) {
    const match = regex.exec(text);
    if (match) return params.length === 0 ? { key: name } : { key: name, params: Object.fromEntries(params.map((p, i) => [p, match[i + 1] ?? ''])) };
  }
  return null;
}

/** A template filled with its parameters (ICU plural forms included, see i18n/icu.ts). */
export const fillTemplate = (template: string, params: Readonly<Record<string, string | number>> = {}) => interpolate(template, params);
