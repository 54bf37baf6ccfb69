import type { AdminCustomerDetail, AdminCustomerExport } from '@shop/contracts';
import { emailKey, findAddresses, type CustomerRow, type Db } from '@shop/db';
import { auditOf } from '../admin/audit.ts';

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** What the customer page and the export share: the account and everything linked to it. */
async function customerData(db: Db, customer: CustomerRow) {
  const [addresses, invoices, reviews, quotes, newsletter, wishlist] = await Promise.all([
    findAddresses(db, customer.id),
    db
      .selectFrom('invoice')
      .innerJoin('sales_order', 'sales_order.id', 'invoice.order_id')
      .select(['invoice.number', 'invoice.type', 'invoice.issue_date', 'invoice.total_cents', 'sales_order.increment_id'])
      .where('sales_order.customer_id', '=', customer.id)
      .orderBy('invoice.id', 'desc')
      .execute(),
    db.selectFrom('review').select(['id', 'product_id', 'review_status', 'doc']).where('customer_id', '=', customer.id).orderBy('id', 'desc').execute(),
    // A quote sent while signed in, or from the account's address while signed out.
    db
      .selectFrom('quote_request')
      .select(['id', 'created_at', 'items', 'message'])
      .where((eb) => eb.or([eb('customer_id', '=', customer.id), eb(eb.fn('lower', ['email']), '=', customer.email_key)]))
      .orderBy('id', 'desc')
      .execute(),
    db.selectFrom('newsletter_subscriber').select(['status', 'requested_at', 'confirmed_at', 'unsubscribed_at']).where('email_key', '=', emailKey(customer.email)).executeTakeFirst(),
    db.selectFrom('wishlist_item').select(['sku', 'added_at']).where('customer_id', '=', customer.id).orderBy('added_at').execute(),
  ]);
  return {
    id: customer.id,
    email: customer.email,
    firstname: customer.firstname,
    lastname: customer.lastname,
    groupId: customer.group_id,
    hasPassword: customer.password_hash !== null,
    createdAt: iso(customer.created_at),
    updatedAt: iso(customer.updated_at),
    addresses: addresses.map((a) => ({ id: a.id, address: a.address, defaultShipping: a.default_shipping, defaultBilling: a.default_billing })),
    invoices: invoices.map((i) => ({ number: i.number, type: i.type, issueDate: String(i.issue_date).slice(0, 10), orderIncrementId: i.increment_id, totalCents: i.total_cents })),
    reviews: reviews.map((r) => {
      const doc = r.doc as { title?: unknown; detail?: unknown };
      return { id: r.id, productId: r.product_id, status: r.review_status, title: String(doc.title ?? ''), detail: String(doc.detail ?? '') };
    }),
    quoteRequests: quotes.map((q) => ({ id: q.id, createdAt: iso(q.created_at), items: q.items, message: q.message })),
    newsletter: newsletter
      ? { status: newsletter.status, requestedAt: iso(newsletter.requested_at), confirmedAt: isoOrNull(newsletter.confirmed_at), unsubscribedAt: isoOrNull(newsletter.unsubscribed_at) }
      : null,
    wishlist: wishlist.map((w) => ({ sku: w.sku, addedAt: iso(w.added_at) })),
  };
}

/** The customer page: the account, its orders in short and its audit timeline. */
export async function customerDetail(db: Db, customer: CustomerRow): Promise<AdminCustomerDetail> {
  const [data, orders, audit] = await Promise.all([
    customerData(db, customer),
    db.selectFrom('sales_order').select(['increment_id', 'created_at', 'status', 'grand_total_cents']).where('customer_id', '=', customer.id).orderBy('created_at', 'desc').orderBy('id', 'desc').execute(),
    auditOf(db, 'customer', String(customer.id)),
  ]);
  return {
    ...data,
    orders: orders.map((o) => ({ incrementId: o.increment_id, createdAt: iso(o.created_at), status: o.status, grandTotalCents: o.grand_total_cents })),
    audit,
  };
}

/**
 * Everything the shop holds of one customer (GDPR art. 15 and 20): the account without its
 * password hash, and each order as placed (addresses, fiscal fields, lines, totals, what the buyer
 * was shown); the shop's own internals (access keys, idempotency keys) are not the customer's data.
 */
export async function customerExport(db: Db, customer: CustomerRow, now: Date): Promise<AdminCustomerExport> {
  const [data, orders] = await Promise.all([
    customerData(db, customer),
    db
      .selectFrom('sales_order')
      .select([
        'id', 'increment_id', 'created_at', 'status', 'payment_status', 'shipping_status', 'email', 'is_company', 'company', 'fiscal_code', 'vat_id', 'sdi_code', 'pec_email',
        'shipping_address', 'billing_address', 'payment_method', 'coupon_code', 'subtotal_cents', 'discount_cents', 'shipping_cents', 'fee_cents', 'surcharge_cents', 'tax_cents',
        'grand_total_cents', 'refunded_cents', 'paid_at',
      ])
      .where('customer_id', '=', customer.id)
      .orderBy('id')
      .execute(),
  ]);
  const items = orders.length === 0 ? [] : await db.selectFrom('sales_order_item').select(['order_id', 'sku', 'name', 'qty', 'row_gross_cents']).where('order_id', 'in', orders.map((o) => o.id)).orderBy('id').execute();
  return {
    ...data,
    exportedAt: now.toISOString(),
    orders: orders.map(({ id, ...order }) => ({
      ...order,
      created_at: iso(order.created_at),
      paid_at: isoOrNull(order.paid_at),
      items: items.filter((item) => item.order_id === id).map(({ order_id: _, ...item }) => item),
    })),
  };
}
