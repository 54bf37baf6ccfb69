import { orderView } from '@shop/contracts';
import type { CustomerAddressRow, CustomerRow } from '@shop/db';
import { fromCents } from '@shop/domain';

/** A customer as Magento / Vue Storefront 1 answer `GET /api/user/me`. */
export function presentCustomer(customer: CustomerRow, addresses: readonly CustomerAddressRow[]) {
  const shipping = addresses.find((a) => a.default_shipping);
  const billing = addresses.find((a) => a.default_billing);
  return {
    id: customer.id,
    group_id: customer.group_id,
    email: customer.email,
    firstname: customer.firstname,
    lastname: customer.lastname,
    store_id: 1,
    website_id: 1,
    created_at: customer.created_at.toISOString(),
    updated_at: customer.updated_at.toISOString(),
    ...(shipping ? { default_shipping: String(shipping.id) } : {}),
    ...(billing ? { default_billing: String(billing.id) } : {}),
    addresses: addresses.map((a) => ({ ...a.address, id: a.id, customer_id: customer.id, default_shipping: a.default_shipping, default_billing: a.default_billing })),
  };
}

/** An order-history item (shopping.md §3): the order's number and amounts, newest first. */
export function presentHistoryItem(order: {
  id: number;
  increment_id: string;
  status: string;
  created_at: Date;
  subtotal_cents: number;
  tax_cents: number;
  shipping_cents: number;
  grand_total_cents: number;
  view: unknown;
}) {
  const view = orderView.parse(order.view);
  return {
    entity_id: order.id,
    increment_id: order.increment_id,
    status: order.status,
    created_at: order.created_at.toISOString(),
    subtotal: fromCents(order.subtotal_cents),
    base_tax_amount: fromCents(order.tax_cents),
    base_shipping_amount: fromCents(order.shipping_cents),
    grand_total: fromCents(order.grand_total_cents),
    order_currency_code: 'EUR',
    payment_title: view.payment.title,
    items_count: view.items.reduce((sum, item) => sum + item.qty, 0),
  };
}
