import type { RenderedMail } from './render.ts';

/** The subject's prefix and the first line of every mail of a test shop (PAYMENTS_TEST_MODE, issue #43 item 4). */
export const TEST_SHOP_SUBJECT_PREFIX = '[PROVA]';
export const TEST_SHOP_LINE = 'Negozio di prova: nessun pagamento è reale, nessun ordine viene spedito.';

const TEST_SHOP_HTML =
  '<p data-test-shop style="margin:0;padding:8px 12px;background:#fff3bf;color:#5c3c00;border-bottom:2px solid #e8a700;font-family:Arial,sans-serif;font-size:14px;font-weight:bold">' +
  `${TEST_SHOP_LINE}</p>`;

/**
 * A mail marked as coming from a test shop: the subject prefixed, a line first in the text and at
 * the top of the HTML body. A separate step after the templates, so no template (nor its footer)
 * carries it.
 */
export function markTestShop<T extends RenderedMail>(mail: T): T {
  const body = /<body[^>]*>/i.exec(mail.html);
  const html = body ? `${mail.html.slice(0, body.index + body[0].length)}${TEST_SHOP_HTML}${mail.html.slice(body.index + body[0].length)}` : `${TEST_SHOP_HTML}${mail.html}`;
  return { ...mail, subject: `${TEST_SHOP_SUBJECT_PREFIX} ${mail.subject}`, text: `${TEST_SHOP_LINE}\n\n${mail.text}`, html };
}
