/**
 * Cart texts arrive in English from the domain rules and the server (CART_MESSAGES of
 * @shop/domain); the shop shows them from its catalogue. A known text becomes its catalogue
 * key with its parameters; any other stays as it came. Pure.
 */
import { CART_MESSAGES } from '@shop/domain';
import type { CartMessage } from './types.ts';

export type CartMessageName = keyof typeof CART_MESSAGES;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each known text as a pattern with its parameters; built on first use, not with every page. */
let patterns: { name: CartMessageName; params: string[]; regex: RegExp }[] | null = null;

function textPatterns() {
  patterns ??= (Object.entries(CART_MESSAGES) as [CartMessageName, string][]).map(([name, template]) => {
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
  return patterns;
}

/** The message of a text: its catalogue key when it is a known cart text. */
export function messageFromText(text: string): CartMessage {
  for (const { name, params, regex } of textPatterns()) {
    const match = regex.exec(text);
    if (match) {
      return params.length === 0 ? { key: name } : { key: name, params: Object.fromEntries(params.map((p, i) => [p, match[i + 1] ?? ''])) };
    }
  }
  return { text };
}

/**
 * A message as the shopper reads it: a known key from `texts`, filled. Any other text is not in
 * the shop's language (a server detail in English): the catalogue's "something went wrong" when
 * `texts` has it, else the text itself.
 */
export function messageText(message: CartMessage, texts: Readonly<Record<string, string>>): string {
  const resolved = 'text' in message ? messageFromText(message.text) : message;
  if ('text' in resolved) return texts['somethingWrong'] ?? resolved.text;
  const template = texts[resolved.key] ?? resolved.key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => String(resolved.params?.[name] ?? whole));
}
