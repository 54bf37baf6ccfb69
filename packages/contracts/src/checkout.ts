import { isActivityTypeCode } from '@shop/domain';
import { z } from 'zod';
import {
  CHECKOUT_MESSAGES,
  checkAddress,
  checkBilling,
  checkoutFormIssues,
  emptyCheckoutForm,
  fillItalianProvince,
  normaliseCustomAttributes,
  type AddressCustomAttributes,
  type AddressExtensionAttributes,
  type CheckoutFormValues,
  type NormalisedAddress,
} from './checkout-rules.ts';
import { freeText, text } from './strings.ts';

/**
 * Checkout schemas shared by `POST /api/order` and the browser form (issue #12): zod parses the
 * shape and normalises; the rules are the zod-free functions of `checkout-rules.ts`, which the
 * browser runs directly (`validateCheckoutForm`), so both refuse the same input with the same text.
 */
export * from './checkout-rules.ts';

const M = CHECKOUT_MESSAGES;

// ---------------------------------------------------------------------------------------------
// Order address (VSF1 / Magento shape, snake_case)
// ---------------------------------------------------------------------------------------------

/** Optional text: trimmed; null and '' become undefined. */
// Fields a person types are free text (a pasted tab or line break is no attack); codes are one line.
const optText = (max: number) =>
  freeText()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : undefined));

/** Text that may be empty: trimmed; null becomes ''. */
const textOrEmpty = (max: number) =>
  freeText()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v ?? '');

const requiredText = (max: number) => freeText({ error: M.required }).trim().min(1, M.required).max(max);

/** A string, or a number sent for it (CAP, phone): trimmed text. */
const textOrNumber = (max: number, error?: string) =>
  z
    .union([text(), z.number().int().nonnegative()], error ? { error } : undefined)
    .transform((v) => String(v).trim())
    .pipe(z.string().max(max));

// Unions carry their own message: zod's for a value none of their shapes fit is a bare "Invalid input".
const attributeValue = z.union([text().max(255), z.number(), z.boolean(), z.null()], { error: 'must be a text of at most 255 characters, a number, true/false or null' });
const ATTRIBUTES_SHAPE = 'must be a list of { attribute_code, value } or an object of attribute values';

/**
 * `custom_attributes` as Magento sends them (a list of `{attribute_code, value}`) or as an object;
 * both become the object of the known keys (fiscal_code, sdi_code, pec_email, is_company).
 */
export const addressCustomAttributes = z
  .union(
    [
      z.array(z.object({ attribute_code: text().max(64), value: attributeValue })).max(50),
      z.record(text().max(64), attributeValue).refine((o) => Object.keys(o).length <= 50, 'Too many attributes'),
    ],
    { error: ATTRIBUTES_SHAPE },
  )
  .nullish()
  .transform((raw): AddressCustomAttributes => {
    if (!raw) return {};
    const record: Record<string, unknown> = Array.isArray(raw)
      ? Object.fromEntries(raw.map((a) => [a.attribute_code, a.value]))
      : raw;
    return normaliseCustomAttributes(record);
  });

const extensionAttributesObject = z.object({
  tipo_attivita: z
    .union([z.number().int(), z.string().trim().regex(/^\d{0,5}$/, M.activityTypeInvalid)], { error: M.activityTypeInvalid })
    .nullish()
    .transform((v) => (v === '' || v === null || v === undefined ? undefined : Number(v)))
    .refine((v) => v === undefined || isActivityTypeCode(v), M.activityTypeInvalid),
  orari_apertura: optText(255),
  cellulare_per_corriere: optText(40),
});

/**
 * The order attributes a client saves on its cart before placing the order (shopping.md §7
 * "Order attributes: checkoutData, guestCheckoutData per {cartId}"): the shop's three, as a
 * Magento list of `{attribute_code, value}` or as an object. The order takes them when its
 * shipping address does not carry them.
 */
export const orderAttributesBody = z.object({
  attributes: z
    .union(
      [z.array(z.object({ attribute_code: z.string().max(64), value: attributeValue })).max(20), z.record(z.string().max(64), attributeValue)],
      { error: ATTRIBUTES_SHAPE },
    )
    .transform((raw) => (Array.isArray(raw) ? Object.fromEntries(raw.map((a) => [a.attribute_code, a.value])) : raw))
    .pipe(extensionAttributesObject.strict()),
});
export type OrderAttributesBody = z.output<typeof orderAttributesBody>;

/** Shipping extension attributes: activity type (8491–8496, 6008), opening hours, carrier mobile. */
export const addressExtensionAttributes = extensionAttributesObject
  .nullish()
  .transform((v): AddressExtensionAttributes => v ?? {});

/**
 * The address fields without cross-field rules (shape and normalisation only): what an order
 * stores and `orderView` answers. New orders are checked with `orderAddress`.
 */
export const orderAddressFields = z.object({
  firstname: requiredText(255),
  lastname: requiredText(255),
  company: optText(255),
  /** Street and house number, 1–2 lines. */
  street: z
    .array(freeText().trim().max(255), { error: M.required })
    .min(1, M.required)
    .max(2)
    .transform((lines) => lines.filter((line) => line !== '')),
  city: requiredText(255),
  postcode: textOrNumber(16, M.required),
  /** Province name for Italy (filled from region_code). */
  region: textOrEmpty(255),
  region_id: z.union([z.number().int(), text().max(16)], { error: 'must be a region id: a whole number, or a text of at most 16 characters' }).nullish().transform((v) => v ?? undefined),
  /** Province sigla for Italy (MI, RM, …). */
  region_code: textOrEmpty(16).transform((v) => v.toUpperCase()),
  country_id: z.string({ error: M.countryInvalid }).trim().toUpperCase().regex(/^[A-Z]{2}$/, M.countryInvalid),
  telephone: textOrNumber(40, 'must be a phone number: a text or a number').nullish().transform((v) => v ?? ''),
  email: text({ error: M.required }).trim().max(254),
  vat_id: optText(40),
  custom_attributes: addressCustomAttributes,
  extension_attributes: addressExtensionAttributes,
});
export type OrderAddress = z.output<typeof orderAddressFields>;
export type OrderAddressInput = z.input<typeof orderAddressFields>;

// The zod output is what the rules check.
const _outputIsNormalised = (a: OrderAddress): NormalisedAddress => a;
void _outputIsNormalised;

/** Runs a zod-free rule inside a zod refinement. */
function sinkOf(ctx: z.RefinementCtx) {
  return (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', message, path });
}

/** Rules of one address (shopping.md §5) as a zod refinement (the rules: `checkAddress`). */
export function addressRules(a: OrderAddress, ctx: z.RefinementCtx): void {
  checkAddress(a, sinkOf(ctx));
}

/** An order address: shape, normalisation (province filled for Italy) and the §5 field rules. */
export const orderAddress = orderAddressFields.transform(fillItalianProvince).superRefine(addressRules);

/** Magento's customer address names its region as an object `{ region, region_code, region_id }`: flattened to the order address's fields. */
function flattenMagentoRegion(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const address = raw as Record<string, unknown>;
  const region = address['region'];
  if (!region || typeof region !== 'object' || Array.isArray(region)) return raw;
  const named = region as Record<string, unknown>;
  return { ...address, region: named['region'] ?? '', region_code: address['region_code'] ?? named['region_code'] ?? '', region_id: address['region_id'] ?? named['region_id'] };
}

/**
 * An address-book address: the order address, also in the shape of Magento's customer address
 * that Vue Storefront 1 sends (`region` as an object, no e-mail of its own: the account's is used).
 */
export const bookAddressFields = z.preprocess(
  flattenMagentoRegion,
  orderAddressFields
    .extend({ email: text().trim().max(254).nullish().transform((v) => v ?? '') })
    .transform(fillItalianProvince)
    .superRefine((a, ctx) => checkAddress(a, sinkOf(ctx), { emailRequired: false })),
);

/**
 * Invoicing rules (`checkBilling`) of `POST /api/order` as a zod refinement on `{ billingAddress,
 * shippingAddress? }`: a private buyer's codice fiscale is optional there (no invoice without it).
 */
export function billingRules(
  value: { billingAddress: OrderAddress; shippingAddress?: OrderAddress | undefined },
  ctx: z.RefinementCtx,
): void {
  checkBilling(value, sinkOf(ctx), { privateFiscalCode: 'optional' });
}

/** Both order addresses with the field and invoicing rules (addressInformation of POST /api/order). */
export const orderAddresses = z
  .object({ shippingAddress: orderAddress, billingAddress: orderAddress })
  .superRefine(billingRules);
export type OrderAddresses = z.output<typeof orderAddresses>;

// ---------------------------------------------------------------------------------------------
// Browser checkout form (shopping.md §3 personalDetails, shippingDetails, paymentDetails)
// ---------------------------------------------------------------------------------------------

const formText = (max = 255) => freeText().trim().max(max).default('');

const formAddress = {
  firstName: formText(),
  lastName: formText(),
  company: formText(),
  /** ISO-2 country, IT by default. */
  country: text().trim().max(2).default('IT'),
  streetAddress: formText(),
  apartmentNumber: formText(),
  city: formText(),
  /** Province sigla for Italy (region_code); a region name elsewhere. */
  state: formText(),
  zipCode: formText(16),
  phoneNumber: formText(40),
};

/** The form's fields without the rules (defaults fill what is missing). */
export const checkoutFormFields = z.object({
  personalDetails: z.object({
    firstName: formText(),
    lastName: formText(),
    emailAddress: formText(254),
    /** Create an account with the purchase (the request is stored with the order). */
    createAccount: z.boolean().default(false),
    password: text().max(256).default(''),
    passwordConfirm: text().max(256).default(''),
    /** Buyer mode: Company (true) or Private (false). */
    isCompany: z.boolean().default(false),
  }).prefault({}),
  shippingDetails: z.object({
    ...formAddress,
    /** Activity type code 8491–8494, 8496 (companies); sent only for companies. */
    tipoAttivita: z.union([z.number().int(), text().trim().max(5)]).default(''),
    orariApertura: formText(),
    cellularePerCorriere: formText(40),
    shippingMethod: formText(64),
    shippingCarrier: formText(64),
  }).prefault({}),
  paymentDetails: z.object({
    /** Bill to the shipping address (name, street, city, …); the invoicing fields below always apply. */
    sameAsShipping: z.boolean().default(true),
    ...formAddress,
    /** VAT number (partita IVA for Italy). */
    taxId: formText(40),
    fiscalCode: formText(32),
    pecEmail: formText(254),
    sdiCode: formText(16),
    paymentMethod: formText(64),
  }).prefault({}),
  acceptTerms: z.boolean().default(false),
});

/**
 * The browser's checkout form with every rule (`checkoutFormIssues`): the form's own (password,
 * activity type, payment method, terms) and the order-address rules on `toOrderAddresses(form)`,
 * issues on form paths. The page itself can use `validateCheckoutForm` and skip zod.
 */
export const checkoutForm = checkoutFormFields.superRefine((form, ctx) => {
  for (const problem of checkoutFormIssues(form)) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.path });
});
export type CheckoutFormInput = z.input<typeof checkoutForm>;
export type CheckoutForm = z.output<typeof checkoutForm>;

// The parsed form is what the rules take.
const _formIsValues = (f: CheckoutForm): CheckoutFormValues => f;
void _formIsValues;

/** An empty form (Italy, private buyer, billing = shipping). */
export const EMPTY_CHECKOUT_FORM: CheckoutForm = emptyCheckoutForm();

/**
 * The first message per form field, keyed by dotted path (`paymentDetails.fiscalCode`), or {}
 * when the form is valid; takes partial input (defaults fill the rest).
 */
export function checkoutFormErrors(input: CheckoutFormInput): Record<string, string> {
  const result = checkoutForm.safeParse(input);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const problem of result.error.issues) {
    const key = problem.path.map(String).join('.');
    errors[key] ??= problem.message;
  }
  return errors;
}
