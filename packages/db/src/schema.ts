import type { ColumnType, Generated } from 'kysely';
import type { AccountTables } from './accounts/schema.ts';
import type { AdminTables } from './admin/schema.ts';
import type { CartTables } from './cart/schema.ts';
import type { MailOutboxTable } from './mail-outbox.ts';
import type { OrderTables } from './orders/schema.ts';
import type { InvoiceTables } from './invoices/schema.ts';
import type { WishlistTables } from './wishlist/schema.ts';
import type { QuoteTables } from './quotes/schema.ts';
import type { NewsletterTables } from './newsletter/schema.ts';
import type { MediaTables } from './media/schema.ts';

/** Timestamps are read as Date and written as Date or ISO string. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** jsonb columns are written as text cast to jsonb (see sql-values.ts), read as parsed JSON. */
type Jsonb<T> = ColumnType<T, string, string>;

export interface ProductTable {
  id: number;
  sku: string;
  type_id: string;
  status: number;
  visibility: number;
  name: string;
  slug: string;
  url_key: string;
  url_path: string;
  parent_sku: string | null;
  category_ids: number[];
  child_skus: string[];
  /** Final price excluding tax, in cents: what price sorting and price filters use. */
  price_cents: number;
  /** The regular (non-special) net price, and the special price with its window, in cents. */
  regular_price_cents: number;
  special_price_cents: number | null;
  special_from: Timestamp | null;
  special_to: Timestamp | null;
  tax_class_id: number;
  /** Option values of select attributes (parent and children), e.g. {"colore": ["12","14"]}. */
  attrs: Jsonb<Record<string, string[]>>;
  position: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Search data, written as search/index-data.ts computes it. */
  search_vec: ColumnType<string, string | undefined, string>;
}

export interface ProductDocTable {
  id: number;
  doc: Jsonb<Record<string, unknown>>;
}

export interface PriceHistoryTable {
  id: Generated<number>;
  sku: string;
  regular_price_cents: number;
  special_price_cents: number | null;
  special_from: Timestamp | null;
  special_to: Timestamp | null;
  recorded_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface CategoryTable {
  id: number;
  parent_id: number | null;
  path: string;
  level: number;
  position: number;
  name: string;
  slug: string;
  url_key: string;
  url_path: string;
  is_active: boolean;
  include_in_menu: boolean;
  product_count: number;
  doc: Jsonb<Record<string, unknown>>;
}

export interface AttributeTable {
  attribute_id: number;
  attribute_code: string;
  frontend_input: string;
  is_filterable: boolean;
  is_comparable: boolean;
  is_visible: boolean;
  is_user_defined: boolean;
  position: number;
  doc: Jsonb<Record<string, unknown>>;
}

export interface TaxRuleTable {
  id: number;
  doc: Jsonb<Record<string, unknown>>;
}

export interface ReviewTable {
  id: number;
  product_id: number;
  review_status: number;
  doc: Jsonb<Record<string, unknown>>;
  /** The author of a review written in the shop (migration 0016); null for imported reviews. */
  customer_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Why the staff rejected it (status 3), shown in the back office only (migration 0034). */
  rejection_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The last approval or rejection: when, and by whom (a staff e-mail, an API key, `cli`). */
  moderated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  moderated_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface CmsTable {
  id: number;
  identifier: string;
  active: boolean;
  doc: Jsonb<Record<string, unknown>>;
}

export interface CmsHierarchyTable {
  id: number;
  identifier: string;
  key: string | null;
  doc: Jsonb<Record<string, unknown>>;
}

export interface ShopDatabase extends CartTables, OrderTables, InvoiceTables, AccountTables, AdminTables, WishlistTables, NewsletterTables, QuoteTables, MediaTables {
  product: ProductTable;
  product_doc: ProductDocTable;
  price_history: PriceHistoryTable;
  category: CategoryTable;
  attribute: AttributeTable;
  tax_rule: TaxRuleTable;
  review: ReviewTable;
  cms_page: CmsTable;
  cms_block: CmsTable;
  cms_hierarchy: CmsHierarchyTable;
  shop_meta: { key: string; value: Jsonb<unknown>; updated_at: Generated<Date> };
  mail_outbox: MailOutboxTable;
}
