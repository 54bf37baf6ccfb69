import { describe, expect, it } from 'vitest';
import { maskText, scrubEvent } from './scrub.ts';

describe('error report scrubbing', () => {
  it('masks e-mails, fiscal codes, VAT numbers, IBANs, phones and URL secrets', () => {
    expect(maskText('Order failed for mario.rossi@example.it (RSSMRA79B11C566R, P.IVA 00743110157)')).toBe('Order failed for [email] ([codice fiscale], P.IVA [numero])');
    expect(maskText('IBAN IT60X0542811101000000123456, tel. +39 333 123 4567')).toBe('IBAN [iban], tel. [numero]');
    expect(maskText('/thank-you?order=000000042&key=s3cr3t#x')).toBe('/thank-you?order=[filtered]&key=[filtered]#x');
    expect(maskText('/api/cart/pull?cartId=abc&token=eyJ.x.y')).toBe('/api/cart/pull?cartId=[filtered]&token=[filtered]');
    expect(maskText('Cannot read properties of undefined (reading "qty") at line 12')).toBe('Cannot read properties of undefined (reading "qty") at line 12');
  });

  it('drops the user, cookies, headers and bodies and masks every text of an event', () => {
    const event = scrubEvent({
      message: 'boom for a@b.it',
      user: { email: 'a@b.it', ip_address: '1.2.3.4' },
      request: { url: 'https://shop/reset-password?resetToken=abc', query_string: 'resetToken=abc', cookies: { bp_consent: '1' }, headers: { cookie: 'x' }, data: { password: 'p' } },
      exception: { values: [{ value: 'TypeError: a@b.it' }, {}] },
      breadcrumbs: [{ message: 'typed 333 1234567', data: { url: '/api/order/1?key=zzz', status: 500 } }],
    });
    expect(event).toEqual({
      message: 'boom for [email]',
      request: { url: 'https://shop/reset-password?resetToken=[filtered]' },
      exception: { values: [{ value: 'TypeError: [email]' }, {}] },
      breadcrumbs: [{ message: 'typed [numero]', data: { url: '/api/order/1?key=[filtered]', status: 500 } }],
    });
  });
});
