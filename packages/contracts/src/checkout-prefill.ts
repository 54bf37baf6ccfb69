/**
 * The checkout form filled from a signed-in customer's address book (issue #15: "Checkout
 * pre-fills from the default addresses and offers the saved ones"): the inverse of
 * `toOrderAddresses`. Zod-free and pure, for the browser's checkout.
 */
import type { AddressCustomAttributes, AddressExtensionAttributes, CheckoutFormAddress, CheckoutFormValues } from './checkout-rules.ts';

/** An address of the address book as `GET /api/user/me` answers it (an order address with its id and flags). */
export interface SavedAddress {
  id?: number | undefined;
  firstname: string;
  lastname: string;
  company?: string | undefined;
  street: string[];
  city: string;
  postcode: string | number;
  region?: string | undefined;
  region_code?: string | undefined;
  country_id: string;
  telephone?: string | undefined;
  vat_id?: string | undefined;
  custom_attributes?: AddressCustomAttributes | undefined;
  extension_attributes?: AddressExtensionAttributes | undefined;
  default_shipping?: boolean | undefined;
  default_billing?: boolean | undefined;
}

/** The customer as the checkout needs them. */
export interface CheckoutCustomer {
  firstname: string;
  lastname: string;
  email: string;
  addresses: readonly SavedAddress[];
}

/** A saved address as the form's address fields. */
export function formAddressOf(address: SavedAddress): CheckoutFormAddress {
  const country = address.country_id.toUpperCase();
  return {
    firstName: address.firstname,
    lastName: address.lastname,
    company: address.company ?? '',
    country,
    streetAddress: address.street[0] ?? '',
    apartmentNumber: address.street[1] ?? '',
    city: address.city,
    state: country === 'IT' ? (address.region_code ?? '') : (address.region ?? ''),
    zipCode: String(address.postcode),
    phoneNumber: address.telephone ?? '',
  };
}

/** A saved address is a company's when it says so, or (saved without the flag) has a company name and a VAT number. */
export const isCompanyAddress = (address: SavedAddress) => address.custom_attributes?.is_company ?? Boolean(address.company && address.vat_id);

/** The form with a saved address as where it ships (`shippingDetails`) or who is invoiced (`paymentDetails`). */
export function withSavedAddress(form: CheckoutFormValues, section: 'shippingDetails' | 'paymentDetails', address: SavedAddress): CheckoutFormValues {
  if (section === 'shippingDetails') {
    const ext = address.extension_attributes ?? {};
    const personalDetails = { ...form.personalDetails, firstName: address.firstname, lastName: address.lastname, isCompany: form.personalDetails.isCompany || isCompanyAddress(address) };
    return {
      ...form,
      personalDetails,
      shippingDetails: {
        ...form.shippingDetails,
        ...formAddressOf(address),
        tipoAttivita: ext.tipo_attivita ?? form.shippingDetails.tipoAttivita,
        orariApertura: ext.orari_apertura ?? form.shippingDetails.orariApertura,
        cellularePerCorriere: ext.cellulare_per_corriere ?? form.shippingDetails.cellularePerCorriere,
      },
    };
  }
  const ca = address.custom_attributes ?? {};
  return {
    ...form,
    personalDetails: { ...form.personalDetails, isCompany: form.personalDetails.isCompany || isCompanyAddress(address) },
    paymentDetails: {
      ...form.paymentDetails,
      ...formAddressOf(address),
      sameAsShipping: false,
      taxId: address.vat_id ?? '',
      fiscalCode: ca.fiscal_code ?? '',
      sdiCode: ca.sdi_code ?? '',
      pecEmail: ca.pec_email ?? '',
    },
  };
}

const sameAddress = (a: SavedAddress, b: SavedAddress) => (a.id !== undefined && a.id === b.id) || JSON.stringify(formAddressOf(a)) === JSON.stringify(formAddressOf(b));

/**
 * An untouched form for a signed-in customer: their name and e-mail, shipping to the default
 * shipping address (else the first), invoiced to the default billing address with its fiscal
 * data ("same as shipping" when it is the same address, whose fiscal data still apply).
 */
export function prefillCheckoutForm(form: CheckoutFormValues, customer: CheckoutCustomer): CheckoutFormValues {
  let next: CheckoutFormValues = {
    ...form,
    personalDetails: { ...form.personalDetails, firstName: customer.firstname, lastName: customer.lastname, emailAddress: customer.email, createAccount: false, password: '', passwordConfirm: '' },
  };
  const shipping = customer.addresses.find((a) => a.default_shipping) ?? customer.addresses[0];
  const billing = customer.addresses.find((a) => a.default_billing) ?? shipping;
  if (shipping) next = withSavedAddress(next, 'shippingDetails', shipping);
  if (billing) {
    next = withSavedAddress(next, 'paymentDetails', billing);
    if (shipping && sameAddress(shipping, billing)) next = { ...next, paymentDetails: { ...next.paymentDetails, sameAsShipping: true } };
  }
  return next;
}
