import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Jsonb<T> = ColumnType<T, string, string>;

export interface CouponTable {
  id: Generated<number>;
  code: string;
  /** Upper-cased code: codes match case-insensitively. */
  code_key: string;
  description: Generated<string>;
  discount_type: 'percent' | 'fixed';
  /** Cents when fixed, hundredths of a percent when percent. */
  discount_hundredths: number;
  category_ids: number[] | null;
  min_subtotal_cents: Generated<number>;
  valid_from: Timestamp | null;
  valid_to: Timestamp | null;
  usage_limit: number | null;
  usage_per_customer: number | null;
  /** Orders that used the coupon (and still stand: an expired order gives its use back). */
  times_used: Generated<number>;
  active: Generated<boolean>;
}

export interface CartTable {
  id: Generated<number>;
  /** SHA-256 of the token: a leaked table gives no usable tokens. */
  token_hash: string;
  /** The seam for customer carts (accounts issue); null for guests. */
  customer_id: number | null;
  coupon_id: number | null;
  shipping_carrier_code: string | null;
  shipping_method_code: string | null;
  payment_method: string | null;
  shipping_address: Jsonb<Record<string, unknown>> | null;
  billing_address: Jsonb<Record<string, unknown>> | null;
  /** Order attributes saved before placing (tipo_attivita, orari_apertura, cellulare_per_corriere). */
  order_attributes: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Last use by its token, stamped at most hourly (guest carts idle too long are deleted). */
  last_active_at: Timestamp;
}

export interface CartItemTable {
  id: Generated<number>;
  cart_id: number;
  /** The sku bought (a configurable's child); parent_sku names the product document when there is one. */
  sku: string;
  parent_sku: string | null;
  product_option: Jsonb<Record<string, unknown>> | null;
  checksum: string;
  qty: number;
  /** The quote offer whose price this line has while the offer holds (migration 0035); null: catalogue prices. */
  quote_offer_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ShippingMethodTable {
  carrier_code: string;
  method_code: string;
  carrier_title: string;
  method_title: string;
  price_cents: number;
  free_from_cents: number | null;
  countries: string[];
  surcharges: Jsonb<unknown[]>;
  is_default: boolean;
  active: boolean;
  position: number;
}

export interface PaymentMethodTable {
  code: string;
  title: string;
  cost_cents: number;
  is_default: boolean;
  offline: boolean;
  is_server_method: boolean;
  hide_for_virtual: boolean;
  max_grand_total_cents: number | null;
  active: boolean;
  position: number;
}

export interface FeeTable {
  id: number;
  kind: 'product' | 'shipping';
  title: string;
  description: string;
  /** Product fees: only lines in these categories; null: every shippable line. */
  category_ids: number[] | null;
  active: boolean;
  position: number;
}

export interface FeeOptionTable {
  id: number;
  fee_id: number;
  title: string;
  description: string;
  price_type: 'fixed' | 'percent';
  price_hundredths: number;
  position: number;
}

export interface CartFeeTable {
  cart_id: number;
  /** The line for product fees; 0 for the cart's shipping fees. */
  cart_item_id: number;
  fee_id: number;
  option_ids: number[];
}

export interface CartTables {
  coupon: CouponTable;
  cart: CartTable;
  cart_item: CartItemTable;
  shipping_method: ShippingMethodTable;
  payment_method: PaymentMethodTable;
  fee: FeeTable;
  fee_option: FeeOptionTable;
  cart_fee: CartFeeTable;
}
