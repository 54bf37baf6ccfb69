import { CHECKOUT_MESSAGES } from '@shop/contracts/checkout-rules';
import { formatPrice, toCents } from '@shop/domain';
import { fillTemplate, matchText } from '../../lib/message-patterns.ts';
import type { CheckoutTexts } from './checkout-texts.ts';

/** The API writes amounts in its texts as "123.45 EUR"; the shopper reads them as the shop writes prices. */
const API_AMOUNT = /^(\d+(?:\.\d+)?) EUR$/;
const shopAmount = (value: string) => {
  const amount = API_AMOUNT.exec(value)?.[1];
  return amount === undefined ? value : formatPrice(toCents(Number(amount)));
};

/** A checkout rule's or the server's English text in the shop language; unknown texts read "something went wrong". */
export function checkoutMessage(text: string, texts: CheckoutTexts): string {
  const matched = matchText(text, CHECKOUT_MESSAGES);
  const template = matched && texts[`msg.${matched.key}`];
  if (!template) return texts['msg.somethingWentWrong'] ?? text;
  const params = Object.fromEntries(Object.entries(matched.params ?? {}).map(([name, value]) => [name, shopAmount(value)]));
  return fillTemplate(template, params);
}
