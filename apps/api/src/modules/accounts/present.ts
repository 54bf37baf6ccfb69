import { netItemAmounts, orderView, type OrderAddress, type OrderView } from '@shop/contracts';
import type { CustomerAddressRow, CustomerRow } from '@shop/db';
import { fromCents } from '@shop/domain';

/** How a customer answer is shaped for the session asking (ADR 0017, issue #47). */
export interface CustomerAnswerOptions {
  /** `groupToken`: what VSF1 sends back with catalogue reads for its group's prices (the access token, as `/api/url/map` reads it). */
  groupToken?: string | undefined;
  /** A VSF1 session: addresses name their region as Magento does, `{ region, region_code, region_id }` (VSF1's forms read `region.region`). */
  magentoRegions?: boolean;
}

const magentoRegion = (address: Record<string, unknown>) => ({
  region: address['region'] ?? '',
  region_code: address['region_code'] ?? '',
  region_id: address['region_id'] ?? 0,
});

/** A customer as Magento / Vue Storefront 1 answer `GET /api/user/me`. */
export function presentCustomer(customer: CustomerRow, addresses: readonly CustomerAddressRow[], options: CustomerAnswerOptions = {}) {
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
    ...(options.groupToken ? { groupToken: options.groupToken } : {}),
    addresses: addresses.map((a) => ({
      ...a.address,
      ...(options.magentoRegions ? { region: magentoRegion(a.address) } : {}),
      id: a.id,
      customer_id: customer.id,
      default_shipping: a.default_shipping,
      default_billing: a.default_billing,
    })),
  };
}

/** An order address as Magento's order answers it (`billing_address`, the shipping assignment's address). */
function magentoOrderAddress(address: OrderAddress, type: 'billing' | 'shipping', email: string) {
  return {
    address_type: type,
    firstname: address.firstname,
    lastname: address.lastname,
    ...(address.company ? { company: address.company } : {}),
    street: address.street,
    city: address.city,
    postcode: address.postcode,
    region: address.region,
    region_code: address.region_code,
    ...(address.region_id !== undefined ? { region_id: address.region_id } : {}),
    country_id: address.country_id,
    telephone: address.telephone,
    email,
    ...(address.vat_id ? { vat_id: address.vat_id } : {}),
  };
}

/** The parts of Magento's order that Vue Storefront 1's order pages read (UserSingleOrder: items, addresses, payment title). */
function magentoOrder(view: OrderView) {
  const segment = (code: string) => view.totalSegments.find((s) => s.code === code)?.value ?? 0;
  const items = view.items.map((item, index) => ({
    item_id: index + 1,
    sku: item.sku,
    name: item.name,
    product_type: 'simple',
    qty_ordered: item.qty,
    price: netItemAmounts(item).price,
    price_incl_tax: item.price,
    row_total: netItemAmounts(item).rowTotal,
    row_total_incl_tax: item.rowTotal,
    tax_percent: item.taxPercent,
  }));
  return {
    customer_email: view.email,
    customer_firstname: view.billingAddress.firstname,
    customer_lastname: view.billingAddress.lastname,
    shipping_description: view.shippingMethod.title,
    shipping_amount: segment('shipping'),
    discount_amount: segment('discount'),
    tax_amount: segment('tax'),
    base_grand_total: view.grandTotal,
    total_item_count: items.length,
    items,
    billing_address: magentoOrderAddress(view.billingAddress, 'billing', view.email),
    payment: { method: view.payment.method, additional_information: [view.payment.title] },
    extension_attributes: {
      shipping_assignments: [
        {
          shipping: {
            address: magentoOrderAddress(view.shippingAddress, 'shipping', view.email),
            method: `${view.shippingMethod.carrierCode}_${view.shippingMethod.methodCode}`,
          },
          items,
        },
      ],
    },
  };
}

/** An order-history item (shopping.md §3): the order's number and amounts, newest first, in Magento's order shape. */
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
    ...magentoOrder(view),
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
