import { describe, expect, it } from 'vitest';
import { markTestShop, TEST_SHOP_LINE, TEST_SHOP_SUBJECT_PREFIX } from './test-shop.ts';

describe('test shop mail mark', () => {
  it('prefixes the subject and puts the line first in the text and at the top of the HTML body', () => {
    const marked = markTestShop({ subject: 'Ordine 000001', text: 'Grazie.', html: '<!DOCTYPE html><html><body style="x"><p>Grazie.</p></body></html>' });
    expect(marked.subject).toBe(`${TEST_SHOP_SUBJECT_PREFIX} Ordine 000001`);
    expect(marked.text).toBe(`${TEST_SHOP_LINE}\n\nGrazie.`);
    expect(marked.html).toMatch(new RegExp(`^<!DOCTYPE html><html><body style="x"><p data-test-shop[^>]*>${TEST_SHOP_LINE}</p><p>Grazie.</p>`));
  });
});
