/**
 * The texts of the checkout's client components by short name. The server looks them up and
 * hands them down (the browser never loads the catalogue). Names `msg.<name>` are the Italian
 * texts of @shop/contracts' CHECKOUT_MESSAGES (the English wording is the key).
 */
import { CHECKOUT_MESSAGES } from '@shop/contracts/checkout-rules';
import { BUSINESS_ACTIVITY_TYPES } from '@shop/domain';
import { lookUpTexts, type MessageKey } from '@/i18n/index.ts';
import { ORDER_SHIPMENT_TEXTS } from './OrderShipments.tsx';

const UI = [
  'title', 'loading', 'emptyCart', 'backToShop', 'backToCart', 'required', 'personal', 'email', 'firstName', 'lastName', 'guestHint',
  'createAccount', 'password', 'passwordConfirm', 'buyerMode', 'buyerCompany', 'buyerPrivate', 'shipping', 'company', 'street', 'apartment',
  'city', 'province', 'chooseProvince', 'zip', 'country', 'countryItaly', 'phone', 'activityType', 'chooseActivity', 'openingHours',
  'carrierMobile', 'shippingMethod', 'shippingLookup', 'shippingNone', 'extraServices', 'billing', 'sameAsShipping', 'billingAddress',
  'fiscalCode', 'fiscalCodeHint', 'vatId', 'sdiCode', 'pecEmail', 'pecOrSdiHint', 'payment', 'paymentCost', 'paymentNone', 'review',
  'quantityOf', 'terms', 'termsLink', 'placeOrder', 'placing', 'fixErrors', 'testEnvironment', 'plans', 'plansLoading', 'planOption', 'redirecting',
  'savedAddresses', 'shipTo', 'billTo', 'chooseSaved', 'signedInAs', 'notYou', 'amountsNote', 'shippingOption',
] as const;

/** The Italian texts of the shared checkout messages, by `msg.<name>`. */
const messageKeys = Object.fromEntries(Object.keys(CHECKOUT_MESSAGES).map((name) => [`msg.${name}`, `checkout.message.${name}`]));

const keys = {
  ...Object.fromEntries(UI.map((name) => [name, `checkout.${name}`])),
  ...messageKeys,
  ...Object.fromEntries(BUSINESS_ACTIVITY_TYPES.map(({ code }) => [`activity.${code}`, `checkout.activity.${code}`])),
} as Record<string, MessageKey>;

export type CheckoutTexts = Readonly<Record<string, string>>;

/** SERVER: the checkout's texts in the shop language. */
export function checkoutTexts(): CheckoutTexts {
  return lookUpTexts(keys);
}

const THANK_YOU = [
  'title', 'number', 'mailSent', 'loading', 'notFound', 'unreachable', 'retry', 'nextSteps', 'bankTransfer', 'beneficiary', 'iban', 'bank', 'reference',
  'amount', 'cashOnDelivery', 'shipping', 'billing', 'items', 'continue', 'paymentReceived', 'verifying', 'verifyingSlow', 'otherMethod',
  'accountCreated', 'accountPending', 'accountExists', 'accountLinked', 'signInToLink',
] as const;

/** SERVER: the thank-you page's texts. */
export function thankYouTexts(): CheckoutTexts {
  return lookUpTexts({
    ...Object.fromEntries(THANK_YOU.map((name) => [name, `thankyou.${name}`])),
    // The order's shipments and refunds, in the account's words (the same component shows them there).
    ...Object.fromEntries(ORDER_SHIPMENT_TEXTS.map((name) => [name, `account.${name}`])),
    ...messageKeys,
    review: 'checkout.review',
    amountsNote: 'checkout.amountsNote',
    services: 'checkout.services',
  } as Record<string, MessageKey>);
}

const CANCELLED = ['title', 'body', 'retry', 'toCart', 'restoring', 'declined', 'paidMeanwhile', 'viewOrder'] as const;

/** SERVER: the payment-cancelled page's texts. */
export function cancelledTexts(): CheckoutTexts {
  return lookUpTexts({
    ...Object.fromEntries(CANCELLED.map((name) => [name, `cancelled.${name}`])),
    notCompleted: 'checkout.message.paymentNotCompleted',
  } as Record<string, MessageKey>);
}

const INSTALMENT = ['title', 'loading', 'paid', 'pending', 'notPaid', 'invalid', 'countdown', 'stay', 'stayed', 'viewOrder', 'home'] as const;

/** SERVER: the instalment return page's texts. */
export function instalmentTexts(): CheckoutTexts {
  return lookUpTexts(Object.fromEntries(INSTALMENT.map((name) => [name, `instalment.${name}`])) as Record<string, MessageKey>);
}
