import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Jsonb<T> = ColumnType<T, string, string>;

export type OrderStatusValue = 'pending_payment' | 'processing' | 'canceled' | 'expired' | 'complete' | 'closed';
export type PaymentStatusValue = 'pending' | 'paid' | 'canceled' | 'expired' | 'partially_refunded' | 'refunded';
export type ShippingStatusValue = 'not_shipped' | 'partially_shipped' | 'shipped';

/** An order (migration 0007-orders); `view` is what the buyer was shown, as OrderView. */
export interface SalesOrderTable {
  id: Generated<number>;
  store_code: string;
  /** Magento-style order number, gap-free per store: 000000001, 000000002, … */
  increment_id: string;
  /** The guest's key to read the order (thank-you page, mail link). */
  access_key: string;
  idempotency_key: string;
  /** SHA-256 of the request body: the same key with another body is a conflict. */
  request_hash: string;
  status: OrderStatusValue;
  payment_status: PaymentStatusValue;
  email: string;
  customer_id: number | null;
  account_requested: boolean;
  is_company: boolean;
  company: string | null;
  activity_type: number | null;
  fiscal_code: string | null;
  vat_id: string | null;
  sdi_code: string | null;
  pec_email: string | null;
  fatturapa_payment_code: 'MP01' | 'MP05' | 'MP08';
  shipping_address: Jsonb<Record<string, unknown>>;
  billing_address: Jsonb<Record<string, unknown>>;
  shipping_carrier_code: string;
  shipping_method_code: string;
  payment_method: string;
  coupon_id: number | null;
  coupon_code: string | null;
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
  fee_cents: number;
  surcharge_cents: number;
  tax_cents: number;
  grand_total_cents: number;
  view: Jsonb<Record<string, unknown>>;
  created_at: Timestamp;
  updated_at: Timestamp;
  expires_at: Timestamp | null;
  paid_at: Timestamp | null;
  /** Why a person must look at the payment (it arrived after the order had expired), else null. */
  payment_review: string | null;
  /** The net amounts the invoice lines need, as placed (migration 0024; null on older orders). */
  fiscal: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  /** How far the goods went out, kept by the shipments (migration 0025). */
  shipping_status: ColumnType<ShippingStatusValue, ShippingStatusValue | undefined, ShippingStatusValue>;
  /** What went back to the buyer, never above the total (migration 0025). */
  refunded_cents: ColumnType<number, number | undefined, number>;
  /** The lower-cased text the back office's order search reads, kept by the database (migration 0026). */
  admin_search: ColumnType<string, never, never>;
}

export interface SalesOrderItemTable {
  id: Generated<number>;
  order_id: number;
  sku: string;
  parent_sku: string | null;
  name: string;
  qty: number;
  unit_net_cents: number;
  row_gross_cents: number;
  tax_percent: ColumnType<string, number | string, number | string>;
  /** Whether the line took stock (and gives it back when the order expires). */
  managed_stock: boolean;
  options: Jsonb<unknown[]>;
  /** The quote offer whose price the line was sold at (migration 0035); null: the catalogue's. */
  quote_offer_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface OrderSequenceTable {
  store_code: string;
  last_value: number;
}

export interface StockLevelTable {
  sku: string;
  qty: ColumnType<string, number | string, number | string>;
  backorders: boolean;
  updated_at: Timestamp;
}

/** What a cart held when its order was placed: put back if the online payment is cancelled. */
export interface SavedCart {
  couponId: number | null;
  /** `quote_offer_id`: absent in snapshots taken before migration 0035. */
  items: { id: number; sku: string; parent_sku: string | null; product_option: Record<string, unknown> | null; checksum: string; qty: number; quote_offer_id?: number | null }[];
  fees: { cart_item_id: number; fee_id: number; option_ids: number[] }[];
}

export type OrderPaymentState = 'creating' | 'open' | 'paid' | 'failed' | 'canceled' | 'expired';

/** The provider payment of an online order (migration 0011). */
export interface OrderPaymentTable {
  order_id: number;
  provider: string;
  /** The provider's id: Checkout Session cs_…, Alma payment_…, PayPal order id. */
  reference: string | null;
  redirect_url: string | null;
  amount_cents: number;
  state: OrderPaymentState;
  details: Jsonb<Record<string, unknown>>;
  cart_id: number | null;
  cart_snapshot: Jsonb<SavedCart> | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A provider message already applied (Stripe event id, Alma pid + state, PayPal capture id). */
export interface PaymentEventTable {
  provider: string;
  event_id: string;
  order_id: number | null;
  type: string;
  received_at: Timestamp;
}

export type RefundState = 'pending' | 'done' | 'failed';

/** A refunded line: the sku, the units, and the index of its line on the order's invoice document. */
export interface RefundedLine {
  sku: string;
  qty: number;
  index: number;
}

/** A refund of a paid order (migration 0028); amounts in cents, shipping and fees net of VAT. */
export interface OrderRefundTable {
  id: Generated<number>;
  order_id: number;
  staff_id: number | null;
  staff_email: string;
  state: RefundState;
  amount_cents: number;
  lines: Jsonb<RefundedLine[]>;
  shipping_cents: number;
  fee_cents: number;
  /** The order refunded whole (its payment cost included). */
  whole: boolean;
  via: 'provider' | 'recorded';
  provider: string | null;
  provider_reference: string | null;
  iban: string | null;
  reason: string;
  failure: string | null;
  credit_note_id: number | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  completed_at: Timestamp | null;
}

/** One dispatch of an order's goods (migration 0027). */
export interface OrderShipmentTable {
  id: Generated<number>;
  order_id: number;
  staff_id: number | null;
  staff_email: string;
  carrier: string;
  tracking_number: string;
  tracking_url: string | null;
  parcels: number;
  created_at: Timestamp;
}

/** How many units of one order line a shipment carried. */
export interface OrderShipmentLineTable {
  shipment_id: number;
  order_item_id: number;
  qty: number;
}

/** A staff note on an order (migration 0027). */
export interface OrderNoteTable {
  id: Generated<number>;
  order_id: number;
  staff_id: number | null;
  staff_email: string;
  text: string;
  created_at: Timestamp;
}

export interface OrderTables {
  order_refund: OrderRefundTable;
  order_note: OrderNoteTable;
  order_shipment: OrderShipmentTable;
  order_shipment_line: OrderShipmentLineTable;
  order_payment: OrderPaymentTable;
  payment_event: PaymentEventTable;
  sales_order: SalesOrderTable;
  sales_order_item: SalesOrderItemTable;
  order_sequence: OrderSequenceTable;
  stock_level: StockLevelTable;
}
