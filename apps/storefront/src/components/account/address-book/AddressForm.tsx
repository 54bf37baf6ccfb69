'use client';

import { ITALIAN_PROVINCES } from '@shop/domain';
import { useState, type FormEvent } from 'react';
import { fillTemplate } from '@/lib/message-patterns.ts';
import { CheckField, fieldId, SelectField, TextField } from '../../checkout/fields.tsx';
import { addressFormErrors, addressMessage, emptyAddressForm, type AddressField, type AddressFormValues, type Texts } from './address-book.ts';
import checkoutStyles from '../../checkout/checkout.module.css';
import styles from './address-book.module.css';

/** A refused save: English texts, per form field and about the rest (`addressMessage` says them). */
export type SaveRefusal = { fields: Record<string, string>; others: string[] };

const PROVINCES = ITALIAN_PROVINCES.map((p) => ({ value: p.code, label: `${p.name} (${p.code})` }));
const FORM_FIELDS = new Set(Object.keys(emptyAddressForm({ firstname: '', lastname: '' })));
const path = (field: AddressField) => `address.${field}`;

/** Italy first, then the others by name; a saved country outside the list stays choosable. */
function countryOptions(texts: Texts, current: string) {
  const options = Object.entries(texts).flatMap(([key, label]) => (key.startsWith('country.') ? [{ value: key.slice('country.'.length), label }] : []));
  options.sort((a, b) => (a.value === 'IT' ? -1 : b.value === 'IT' ? 1 : a.label.localeCompare(b.label, 'it')));
  return current && !options.some((o) => o.value === current) ? [...options, { value: current, label: current }] : options;
}

export const FORM_TITLE_ID = 'address-form-title';

/**
 * Adding or editing an address: the checkout's fields (its components, labels and rules). A
 * wrong field shows its text under it and the first one takes the focus; `onSave` answers
 * null when saved (the book then closes the form) or what the server refused.
 */
export function AddressForm({
  title,
  initial,
  email,
  texts,
  onSave,
  onCancel,
}: {
  title: string;
  initial: AddressFormValues;
  /** The e-mail the address carries (its own, else the customer's): the rules check it too. */
  email: string;
  texts: Texts;
  onSave(values: AddressFormValues): Promise<SaveRefusal | null>;
  onCancel(): void;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState('');
  const [saving, setSaving] = useState(false);
  const italy = values.country === 'IT';
  // Another country has no Italian province: the province (or region) is chosen again.
  const set = (field: AddressField) => (value: string | boolean) =>
    setValues((current) => ({ ...current, [field]: value, ...(field === 'country' ? { state: '' } : {}) }));
  const error = (field: AddressField) => (errors[field] ? addressMessage(errors[field], texts) : undefined);
  // The props every text or select field of the form shares.
  const text = (field: Exclude<AddressField, 'isCompany' | 'defaultShipping' | 'defaultBilling'>) => ({
    path: path(field),
    requiredText: texts['required']!,
    error: error(field),
    value: values[field],
    onChange: set(field),
  });

  const show = ({ fields, others }: SaveRefusal) => {
    // Problems of fields the form does not show (none expected) are read out with the rest.
    const strays = Object.entries(fields).flatMap(([field, message]) => (FORM_FIELDS.has(field) ? [] : [message]));
    const count = Object.keys(fields).length - strays.length;
    const lines = [...(count > 0 ? [fillTemplate(texts['fixErrors']!, { count })] : []), ...[...strays, ...others].map((message) => addressMessage(message, texts))];
    setErrors(fields);
    setNotice([...new Set(lines)].join(' '));
    // The first wrong field in reading order takes the focus, once its text is on the page.
    requestAnimationFrame(() => {
      const controls = Object.keys(fields).flatMap((field) => document.getElementById(fieldId(path(field as AddressField))) ?? []);
      controls.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
      controls[0]?.focus();
    });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const found = addressFormErrors(values, email);
    if (Object.keys(found).length > 0) return show({ fields: found, others: [] });
    setErrors({});
    setNotice('');
    setSaving(true);
    const refusal = await onSave(values);
    if (!refusal) return; // saved: the book closes the form
    setSaving(false);
    show(refusal);
  };

  return (
    <form className={styles.form} onSubmit={submit} aria-labelledby={FORM_TITLE_ID} aria-busy={saving || undefined} noValidate>
      <h3 id={FORM_TITLE_ID} tabIndex={-1}>
        {title}
      </h3>
      <fieldset className={styles.group}>
        <legend>{texts['recipient']}</legend>
        <div className={checkoutStyles.row}>
          <TextField {...text('firstName')} required label={texts['firstName']!} autoComplete="given-name" />
          <TextField {...text('lastName')} required label={texts['lastName']!} autoComplete="family-name" />
        </div>
        <CheckField path={path('isCompany')} label={texts['isCompany']} checked={values.isCompany} onChange={set('isCompany')} />
        {values.isCompany && <TextField {...text('company')} required label={texts['company']!} autoComplete="organization" />}
      </fieldset>
      <fieldset className={styles.group}>
        <legend>{texts['place']}</legend>
        <TextField {...text('streetAddress')} required label={texts['street']!} autoComplete="address-line1" />
        <TextField {...text('apartmentNumber')} label={texts['apartment']!} autoComplete="address-line2" />
        <div className={checkoutStyles.row}>
          <TextField {...text('zipCode')} required label={texts['zip']!} inputMode={italy ? 'numeric' : undefined} autoComplete="postal-code" />
          <TextField {...text('city')} required label={texts['city']!} autoComplete="address-level2" />
        </div>
        <div className={checkoutStyles.row}>
          <SelectField {...text('country')} required label={texts['country']!} placeholder={texts['chooseCountry']!} options={countryOptions(texts, values.country)} autoComplete="country" />
          {italy ? (
            <SelectField {...text('state')} required label={texts['province']!} placeholder={texts['chooseProvince']!} options={PROVINCES} autoComplete="address-level1" />
          ) : (
            <TextField {...text('state')} label={texts['region']!} autoComplete="address-level1" />
          )}
        </div>
        <TextField {...text('phoneNumber')} required={italy} label={texts['phone']!} type="tel" inputMode="tel" autoComplete="tel" />
      </fieldset>
      <fieldset className={styles.group}>
        <legend>{texts['invoicing']}</legend>
        <TextField {...text('fiscalCode')} required={italy && (values.isCompany || values.defaultBilling)} label={texts['fiscalCode']!} hint={texts['fiscalCodeHint']} />
        {values.isCompany && (
          <>
            <TextField {...text('taxId')} required label={texts['vatId']!} />
            <p className={checkoutStyles.hint}>{texts['pecOrSdiHint']}</p>
            <div className={checkoutStyles.row}>
              <TextField {...text('sdiCode')} label={texts['sdiCode']!} />
              <TextField {...text('pecEmail')} label={texts['pecEmail']!} type="email" inputMode="email" />
            </div>
          </>
        )}
      </fieldset>
      <fieldset className={styles.group} aria-describedby="address-defaults-hint">
        <legend>{texts['defaults']}</legend>
        <p id="address-defaults-hint" className={checkoutStyles.hint}>
          {texts['defaultsHint']}
        </p>
        <CheckField path={path('defaultShipping')} label={texts['useDefaultShipping']} checked={values.defaultShipping} onChange={set('defaultShipping')} />
        <CheckField path={path('defaultBilling')} label={texts['useDefaultBilling']} checked={values.defaultBilling} onChange={set('defaultBilling')} />
      </fieldset>
      <div className={styles.notice} role="alert">
        {notice}
      </div>
      <div className="button-row">
        <button type="submit" className="button" aria-disabled={saving || undefined}>
          {saving ? texts['saving'] : texts['save']}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {texts['cancel']}
        </button>
      </div>
    </form>
  );
}
