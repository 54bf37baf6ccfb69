import { emptyCheckoutForm } from '@shop/contracts/checkout-rules';
import { describe, expect, it } from 'vitest';
import { CHECKOUT_IDLE_MS, draftOf, isInCheckout, parseSavedCheckout, serializeSavedCheckout } from './saved-checkout.ts';

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
    const raw = serializeSavedCheckout({ form, modifiedAt: 42, orderId: 'o-1', customerId: null });
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

describe("a draft is its owner's only (issue 42)", () => {
  it('never stores the terms checkbox, and keeps whose draft it is', () => {
    const form = { ...emptyCheckoutForm(), acceptTerms: true };
    const raw = serializeSavedCheckout({ form, modifiedAt: 1, orderId: null, customerId: 7 });
    const saved = parseSavedCheckout(raw)!;
    expect(saved.form.acceptTerms).toBe(false);
    expect(saved.customerId).toBe(7);
  });

  it("applies a guest's draft to no customer, and a customer's to no one else", () => {
    const guest = { form: emptyCheckoutForm(), modifiedAt: 1, orderId: null, customerId: null };
    expect(draftOf(guest, null)).toBe(guest);
    expect(draftOf(guest, 7)).toBeNull();
    const customer = { ...guest, customerId: 7 };
    expect(draftOf(customer, 7)).toBe(customer);
    expect(draftOf(customer, 8)).toBeNull();
    expect(draftOf(customer, null)).toBeNull();
  });
});
