import type { OrderView } from '@shop/contracts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { OrderConfirmation, orderConfirmationSubject } from './templates/OrderConfirmation.tsx';
import { PaymentReceived, paymentReceivedSubject } from './templates/PaymentReceived.tsx';
import { orderConfirmationText, paymentReceivedText } from './templates/text.ts';

export const MAIL_TEMPLATES = ['order-confirmation', 'payment-received'] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** Renders a mail: subject, HTML (React on the server) and text, in Italian. */
export function renderMail(template: MailTemplate, order: OrderView, shopName: string): RenderedMail {
  const props = { order, shopName };
  switch (template) {
    case 'order-confirmation':
      return {
        subject: orderConfirmationSubject(order, shopName),
        html: `<!DOCTYPE html>${renderToStaticMarkup(createElement(OrderConfirmation, props))}`,
        text: orderConfirmationText(order, shopName),
      };
    case 'payment-received':
      return {
        subject: paymentReceivedSubject(order, shopName),
        html: `<!DOCTYPE html>${renderToStaticMarkup(createElement(PaymentReceived, props))}`,
        text: paymentReceivedText(order, shopName),
      };
    default:
      throw new Error(`Unknown mail template: ${String(template)}`);
  }
}
