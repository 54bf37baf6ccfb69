import { emptyCheckoutForm } from '@shop/contracts/checkout-rules';
import { describe, expect, it } from 'vitest';
import { CHECKOUT_IDLE_MS, isInCheckout, parseSavedCheckout, serializeSavedCheckout } from './saved-checkout.ts';

describe('in checkout (shopping.md §4)', () => {
  it('counts the shopper in checkout for 30 minutes after the last change', () => {
    const now = 10_000_000;
    expect(CHECKOUT_IDLE_MS).toBe(1_800_000);
    expect(isInCheckout(now - 1_799_999, now)).toBe(true);
    expect(isInCheckout(now - 1_800_000, now)).toBe(false);
    expect(isInCheckout(null, now)).toBe(false);
    expect(isInCheckout(now + 5000, now)).toBe(false);
  });
});

describe('saved checkout details', () => {
  it('keeps what was typed across reloads, never the passwords', () => {
    const form = emptyCheckoutForm();
    form.personalDetails.emailAddress = 'mario@example.it';
    form.personalDetails.password = 'segreta123';
    form.shippingDetails.tipoAttivita = 8492;
    const raw = serializeSavedCheckout({ form, modifiedAt: 42, orderId: 'o-1' });
    expect(raw).not.toContain('segreta123');
    const saved = parseSavedCheckout(raw)!;
    expect(saved.form.personalDetails.emailAddress).toBe('mario@example.it');
    expect(saved.form.shippingDetails.tipoAttivita).toBe(8492);
    expect(saved).toMatchObject({ modifiedAt: 42, orderId: 'o-1' });
  });

  it('ignores unreadable or foreign data, field by field', () => {
    expect(parseSavedCheckout('{not json')).toBeNull();
    const saved = parseSavedCheckout(JSON.stringify({ form: { personalDetails: { emailAddress: 7, firstName: 'Ada' }, extra: 1 } }))!;
    expect(saved.form.personalDetails).toMatchObject({ emailAddress: '', firstName: 'Ada' });
    expect(saved.form).not.toHaveProperty('extra');
    expect(saved.orderId).toBeNull();
  });
});
