'use client';

import { formAddressOf, type SavedAddress } from '@shop/contracts/checkout-rules';
import type { CheckoutTexts } from './checkout-texts.ts';
import { SelectField } from './fields.tsx';
import styles from './checkout.module.css';

/** One line that tells saved addresses apart: company or name, street, CAP and city. */
export function addressLabel(address: SavedAddress): string {
  const form = formAddressOf(address);
  const who = address.company || `${form.firstName} ${form.lastName}`;
  return `${who}, ${[form.streetAddress, form.apartmentNumber].filter(Boolean).join(' ')}, ${form.zipCode} ${form.city}${form.state ? ` (${form.state})` : ''}`;
}

/**
 * A signed-in customer's saved addresses, offered for shipping and invoicing (issue #15): choosing
 * one fills the form's fields, which stay editable.
 */
export function SavedAddresses({ addresses, texts, onChoose }: { addresses: readonly SavedAddress[]; texts: CheckoutTexts; onChoose(section: 'shippingDetails' | 'paymentDetails', address: SavedAddress): void }) {
  const options = addresses.map((address, index) => ({ value: String(index), label: addressLabel(address) }));
  const pick = (section: 'shippingDetails' | 'paymentDetails') => (value: string) => {
    const address = addresses[Number(value)];
    if (value !== '' && address) onChoose(section, address);
  };
  const common = { options, placeholder: texts['chooseSaved']!, value: '', error: undefined, requiredText: texts['required']! };
  return (
    <section className={styles.section} aria-labelledby="checkout-saved">
      <h2 id="checkout-saved">{texts['savedAddresses']}</h2>
      <div className={styles.row}>
        <SelectField {...common} path="saved.shipping" label={texts['shipTo']!} onChange={pick('shippingDetails')} />
        <SelectField {...common} path="saved.billing" label={texts['billTo']!} onChange={pick('paymentDetails')} />
      </div>
    </section>
  );
}
