/**
 * Cart texts arrive in English from the domain rules and the server (CART_MESSAGES of
 * @shop/domain); the shop shows them from its catalogue. A known text becomes its catalogue
 * key with its parameters; any other stays as it came. Pure.
 */
import { CART_MESSAGES } from '@shop/domain';
import { fillTemplate, matchText } from '../message-patterns.ts';
import type { CartMessage } from './types.ts';

export type CartMessageName = keyof typeof CART_MESSAGES;

/** The message of a text: its catalogue key when it is a known cart text. */
export function messageFromText(text: string): CartMessage {
  return matchText(text, CART_MESSAGES) ?? { text };
}

/**
 * A message as the shopper reads it: a known key from `texts`, filled. Any other text is not in
 * the shop's language (a server detail in English): the catalogue's "something went wrong" when
 * `texts` has it, else the text itself.
 */
export function messageText(message: CartMessage, texts: Readonly<Record<string, string>>): string {
  const resolved = 'text' in message ? messageFromText(message.text) : message;
  if ('text' in resolved) return texts['somethingWrong'] ?? resolved.text;
  return fillTemplate(texts[resolved.key] ?? resolved.key, resolved.params);
}
