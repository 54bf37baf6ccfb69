import type { OrderView } from '@shop/contracts';
import type { CrmContact } from './crm.ts';

/** Why a contact is in the CRM: its tags (SALESmanago upper-cases them). */
export const CRM_TAGS = { signUp: 'REGISTRAZIONE', order: 'ORDINE', newsletter: 'NEWSLETTER', company: 'AZIENDA', private: 'PRIVATO' } as const;

const fullName = (first: string, last: string) => `${first} ${last}`.trim();

/** A new customer account. */
export const signUpContact = (customer: { email: string; firstname: string; lastname: string }): CrmContact => ({
  email: customer.email,
  name: fullName(customer.firstname, customer.lastname),
  tags: [CRM_TAGS.signUp],
});

/** A confirmed newsletter subscriber: the address is all the opt-in asks for. */
export const newsletterContact = (email: string): CrmContact => ({ email, tags: [CRM_TAGS.newsletter] });

/** The buyer of an order: billing name and company, the shipping phone and place (no fiscal codes). */
export function orderContact(order: OrderView): CrmContact {
  const billing = order.billingAddress;
  const shipping = order.shippingAddress;
  const company = order.buyer.company ?? billing.company;
  return {
    email: order.email,
    name: fullName(billing.firstname, billing.lastname),
    ...(shipping.telephone ? { phone: shipping.telephone } : {}),
    ...(company ? { company } : {}),
    address: { streetAddress: billing.street.join(', '), zipCode: String(billing.postcode), city: billing.city, country: billing.country_id },
    tags: [CRM_TAGS.order, order.buyer.isCompany ? CRM_TAGS.company : CRM_TAGS.private],
  };
}
