'use client';

import type { CheckoutFormAddress, CheckoutFormValues } from '@shop/contracts/checkout-rules';
import { BUSINESS_ACTIVITY_TYPES, ITALIAN_PROVINCES } from '@shop/domain';
import type { CheckoutTexts } from './checkout-texts.ts';
import { CheckField, RadioGroup, SelectField, TextField } from './fields.tsx';
import styles from './checkout.module.css';

export type FormUpdate = (section: 'personalDetails' | 'shippingDetails' | 'paymentDetails', field: string, value: unknown) => void;

interface SectionProps {
  form: CheckoutFormValues;
  texts: CheckoutTexts;
  update: FormUpdate;
  /** The shown error of a form path, in the shop language. */
  error(path: string): string | undefined;
}

const PROVINCES = ITALIAN_PROVINCES.map((p) => ({ value: p.code, label: `${p.name} (${p.code})` }));

/** E-mail, name, guest or account (not for a signed-in customer), and the buyer mode (company or private, shopping.md §1). */
export function PersonalFields({ form, texts, update, error, signedIn, onForget }: SectionProps & { signedIn: boolean; onForget: (() => void) | undefined }) {
  const p = form.personalDetails;
  const common = { requiredText: texts['required']!, required: true };
  const set = (field: string) => (value: unknown) => update('personalDetails', field, value);
  return (
    <section className={styles.section} aria-labelledby="checkout-personal">
      <h2 id="checkout-personal">{texts['personal']}</h2>
      {onForget && (
        // A guest's details kept from an earlier visit: whoever uses the browser now can drop them.
        <p className={styles.hint}>
          <button type="button" className={styles.linkButton} onClick={onForget}>
            {texts['notYou']}
          </button>
        </p>
      )}
      {/* A signed-in customer buys with the account's e-mail (changed in the account, not here). */}
      <TextField {...common} path="personalDetails.emailAddress" label={texts['email']!} type="email" inputMode="email" autoComplete="email" readOnly={signedIn} value={p.emailAddress} onChange={set('emailAddress')} error={error('personalDetails.emailAddress')} />
      <div className={styles.row}>
        <TextField {...common} path="personalDetails.firstName" label={texts['firstName']!} autoComplete="given-name" value={p.firstName} onChange={set('firstName')} error={error('personalDetails.firstName')} />
        <TextField {...common} path="personalDetails.lastName" label={texts['lastName']!} autoComplete="family-name" value={p.lastName} onChange={set('lastName')} error={error('personalDetails.lastName')} />
      </div>
      <p className={styles.hint}>{signedIn ? texts['signedInAs']!.replace('{email}', p.emailAddress) : texts['guestHint']}</p>
      {!signedIn && <CheckField path="personalDetails.createAccount" label={texts['createAccount']} checked={p.createAccount} onChange={set('createAccount')} />}
      {!signedIn && p.createAccount && (
        <div className={styles.row}>
          <TextField {...common} path="personalDetails.password" label={texts['password']!} type="password" autoComplete="new-password" value={p.password} onChange={set('password')} error={error('personalDetails.password')} />
          <TextField {...common} path="personalDetails.passwordConfirm" label={texts['passwordConfirm']!} type="password" autoComplete="new-password" value={p.passwordConfirm} onChange={set('passwordConfirm')} error={error('personalDetails.passwordConfirm')} />
        </div>
      )}
      <RadioGroup
        path="personalDetails.isCompany"
        legend={texts['buyerMode']!}
        value={p.isCompany ? 'company' : 'private'}
        options={[
          { value: 'private', label: texts['buyerPrivate'] },
          { value: 'company', label: texts['buyerCompany'] },
        ]}
        onChange={(value) => set('isCompany')(value === 'company')}
      />
    </section>
  );
}

/** The street, city, province, CAP and phone of one address (shipping or billing). */
function AddressInputs({ section, address, texts, update, error, company }: Omit<SectionProps, 'form'> & { section: 'shippingDetails' | 'paymentDetails'; address: CheckoutFormAddress; company: boolean }) {
  const common = { requiredText: texts['required']!, required: true };
  const set = (field: string) => (value: unknown) => update(section, field, value);
  const at = (field: string) => `${section}.${field}`;
  const auto = section === 'shippingDetails' ? 'shipping' : 'billing';
  return (
    <>
      {section === 'paymentDetails' && (
        <div className={styles.row}>
          <TextField {...common} path={at('firstName')} label={texts['firstName']!} autoComplete={`${auto} given-name`} value={address.firstName} onChange={set('firstName')} error={error(at('firstName'))} />
          <TextField {...common} path={at('lastName')} label={texts['lastName']!} autoComplete={`${auto} family-name`} value={address.lastName} onChange={set('lastName')} error={error(at('lastName'))} />
        </div>
      )}
      {company && <TextField {...common} path={at('company')} label={texts['company']!} autoComplete={`${auto} organization`} value={address.company} onChange={set('company')} error={error(at('company'))} />}
      <TextField {...common} path={at('streetAddress')} label={texts['street']!} autoComplete={`${auto} address-line1`} value={address.streetAddress} onChange={set('streetAddress')} error={error(at('streetAddress'))} />
      <TextField requiredText={texts['required']!} path={at('apartmentNumber')} label={texts['apartment']!} autoComplete={`${auto} address-line2`} value={address.apartmentNumber} onChange={set('apartmentNumber')} error={error(at('apartmentNumber'))} />
      <div className={styles.row}>
        <TextField {...common} path={at('zipCode')} label={texts['zip']!} inputMode="numeric" autoComplete={`${auto} postal-code`} value={address.zipCode} onChange={set('zipCode')} error={error(at('zipCode'))} />
        <TextField {...common} path={at('city')} label={texts['city']!} autoComplete={`${auto} address-level2`} value={address.city} onChange={set('city')} error={error(at('city'))} />
      </div>
      <SelectField {...common} path={at('state')} label={texts['province']!} placeholder={texts['chooseProvince']!} options={PROVINCES} value={address.state} onChange={set('state')} error={error(at('state'))} />
      <TextField {...common} path={at('phoneNumber')} label={texts['phone']!} type="tel" inputMode="tel" autoComplete={`${auto} tel`} value={address.phoneNumber} onChange={set('phoneNumber')} error={error(at('phoneNumber'))} />
    </>
  );
}

/** The shipping address (Italy) and, for companies, activity type, opening hours and carrier mobile. */
export function AddressFields({ form, texts, update, error }: SectionProps) {
  const s = form.shippingDetails;
  const company = form.personalDetails.isCompany;
  const set = (field: string) => (value: unknown) => update('shippingDetails', field, value);
  return (
    <section className={styles.section} aria-labelledby="checkout-shipping">
      <h2 id="checkout-shipping">{texts['shipping']}</h2>
      <p className={styles.hint}>
        {texts['country']}: {texts['countryItaly']}
      </p>
      <AddressInputs section="shippingDetails" address={s} texts={texts} update={update} error={error} company={company} />
      {company && (
        <>
          <SelectField
            required
            requiredText={texts['required']!}
            path="shippingDetails.tipoAttivita"
            label={texts['activityType']!}
            placeholder={texts['chooseActivity']!}
            options={BUSINESS_ACTIVITY_TYPES.map(({ code }) => ({ value: String(code), label: texts[`activity.${code}`] ?? String(code) }))}
            value={String(s.tipoAttivita)}
            onChange={(value) => set('tipoAttivita')(value === '' ? '' : Number(value))}
            error={error('shippingDetails.tipoAttivita')}
          />
          <TextField requiredText={texts['required']!} path="shippingDetails.orariApertura" label={texts['openingHours']!} value={s.orariApertura} onChange={set('orariApertura')} error={error('shippingDetails.orariApertura')} />
          <TextField requiredText={texts['required']!} path="shippingDetails.cellularePerCorriere" label={texts['carrierMobile']!} type="tel" inputMode="tel" value={s.cellularePerCorriere} onChange={set('cellularePerCorriere')} error={error('shippingDetails.cellularePerCorriere')} />
        </>
      )}
    </section>
  );
}

/** Invoicing: fiscal code always (Italy); company name, P.IVA and SDI or PEC for companies; another billing address if wanted. */
export function BillingFields({ form, texts, update, error }: SectionProps) {
  const pay = form.paymentDetails;
  const company = form.personalDetails.isCompany;
  const set = (field: string) => (value: unknown) => update('paymentDetails', field, value);
  const common = { requiredText: texts['required']! };
  return (
    <section className={styles.section} aria-labelledby="checkout-billing">
      <h2 id="checkout-billing">{texts['billing']}</h2>
      <TextField {...common} required path="paymentDetails.fiscalCode" label={texts['fiscalCode']!} hint={texts['fiscalCodeHint']} value={pay.fiscalCode} onChange={set('fiscalCode')} error={error('paymentDetails.fiscalCode')} />
      {company && (
        <>
          <TextField {...common} required path="paymentDetails.taxId" label={texts['vatId']!} value={pay.taxId} onChange={set('taxId')} error={error('paymentDetails.taxId')} />
          <p className={styles.hint}>{texts['pecOrSdiHint']}</p>
          <div className={styles.row}>
            <TextField {...common} path="paymentDetails.sdiCode" label={texts['sdiCode']!} value={pay.sdiCode} onChange={set('sdiCode')} error={error('paymentDetails.sdiCode')} />
            <TextField {...common} path="paymentDetails.pecEmail" label={texts['pecEmail']!} type="email" value={pay.pecEmail} onChange={set('pecEmail')} error={error('paymentDetails.pecEmail')} />
          </div>
        </>
      )}
      <CheckField path="paymentDetails.sameAsShipping" label={texts['sameAsShipping']} checked={pay.sameAsShipping} onChange={set('sameAsShipping')} />
      {!pay.sameAsShipping && (
        <fieldset className={styles.subsection}>
          <legend>{texts['billingAddress']}</legend>
          <AddressInputs section="paymentDetails" address={pay} texts={texts} update={update} error={error} company={company} />
        </fieldset>
      )}
    </section>
  );
}
