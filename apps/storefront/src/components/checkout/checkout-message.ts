import { CHECKOUT_MESSAGES } from '@shop/contracts/checkout-rules';
import { fillTemplate, matchText } from '@/lib/message-patterns.ts';
import type { CheckoutTexts } from './checkout-texts.ts';

/** A checkout rule's or the server's English text in the shop language; unknown texts read "something went wrong". */
export function checkoutMessage(text: string, texts: CheckoutTexts): string {
  const matched = matchText(text, CHECKOUT_MESSAGES);
  const template = matched && texts[`msg.${matched.key}`];
  return template ? fillTemplate(template, matched.params) : (texts['msg.somethingWentWrong'] ?? text);
}
