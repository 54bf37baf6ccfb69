/**
 * Catalogue documents in the shop's existing format: the `_source` of a Vue Storefront 1
 * Elasticsearch hit. Imported dumps and the demo generator produce them; the database keeps
 * them whole (column `doc`) next to the columns it queries. Money here is in euros, as in the
 * source format; pure rules convert to integer cents before doing arithmetic.
 */

/** A date-time as VSF writes it: "2017-10-31 00:07:05" (UTC) or ISO 8601. */
export type VsfDateTime = string;

export interface StockItem {
  item_id?: number;
  product_id?: number;
  qty: number;
  is_in_stock: boolean;
  manage_stock?: boolean;
  min_sale_qty?: number;
  max_sale_qty?: number;
  backorders?: number;
  [key: string]: unknown;
}

export interface MediaGalleryEntry {
  image: string;
  pos?: number;
  typ?: string;
  lab?: string | null;
  vid?: unknown;
}

export interface TierPrice {
  customer_group_id: number;
  qty: number;
  value: number;
  extension_attributes?: Record<string, unknown>;
}

export interface ProductCategoryRef {
  category_id: number;
  name: string;
  slug?: string;
  path?: string;
}

export interface ProductLink {
  sku: string;
  link_type: string;
  linked_product_sku: string;
  linked_product_type: string;
  position?: number;
  qty?: number;
  extension_attributes?: { qty?: number };
}

export interface BundleLink {
  id: number | string;
  sku: string;
  qty: number;
  is_default: boolean;
  price?: number;
  price_type?: number;
  can_change_quantity?: number;
}

export interface BundleOption {
  option_id: number;
  title: string;
  required: boolean;
  type: string;
  position?: number;
  sku?: string;
  product_links: BundleLink[];
}

export interface ConfigurableOption {
  id?: number;
  attribute_id: string | number;
  attribute_code?: string;
  label?: string;
  position?: number;
  product_id?: number;
  values: { value_index: number; label?: string }[];
}

/**
 * Price fields the server-side tax calculation writes (euros, 2 decimals): `X_tax` and
 * `X_incl_tax` next to each net `X` (with `final_price`, the "price calculated" fields of
 * catalogue §3), plus the `original_*` values saved before specials apply (product-tax.ts).
 */
export interface TaxedPriceFields {
  price_tax?: number;
  price_incl_tax?: number;
  special_price_tax?: number;
  special_price_incl_tax?: number;
  final_price_tax?: number;
  final_price_incl_tax?: number;
  original_price?: number;
  original_price_tax?: number;
  original_price_incl_tax?: number;
  original_special_price?: number;
  original_special_price_tax?: number;
  original_special_price_incl_tax?: number;
  original_final_price?: number;
  original_final_price_tax?: number;
  original_final_price_incl_tax?: number;
}

export interface ConfigurableChild extends TaxedPriceFields {
  sku: string;
  id: number;
  name?: string;
  status: number;
  price: number;
  special_price?: number | null;
  special_from_date?: VsfDateTime | null;
  special_to_date?: VsfDateTime | null;
  final_price?: number | null;
  tax_class_id?: string | number;
  image?: string;
  stock?: StockItem;
  custom_attributes?: { attribute_code: string; value: unknown }[] | null;
  [attributeCode: string]: unknown;
}

export interface CustomOptionValue {
  option_type_id: number;
  title: string;
  price: number;
  price_type: 'fixed' | 'percent';
  sku?: string;
  sort_order?: number;
}

export interface CustomOption {
  option_id: number;
  title: string;
  type: string;
  is_require: boolean;
  sort_order?: number;
  price?: number;
  price_type?: 'fixed' | 'percent';
  values?: CustomOptionValue[];
  /** Longest text a 'field' or 'area' option takes. */
  max_characters?: number;
}

export type ProductTypeId =
  | 'simple'
  | 'configurable'
  | 'grouped'
  | 'bundle'
  | 'virtual'
  | 'downloadable'
  | 'categoryseparator';

export interface ProductDoc extends TaxedPriceFields {
  id: number;
  sku: string;
  name: string;
  type_id: ProductTypeId | string;
  status: number;
  visibility: number;
  price: number;
  final_price?: number | null;
  special_price?: number | null;
  special_from_date?: VsfDateTime | null;
  special_to_date?: VsfDateTime | null;
  tax_class_id?: string | number;
  tier_prices?: TierPrice[];
  url_key?: string;
  url_path?: string;
  slug?: string;
  parent_sku?: string;
  image?: string;
  small_image?: string;
  thumbnail?: string;
  media_gallery?: MediaGalleryEntry[];
  category_ids?: (number | string)[];
  category?: ProductCategoryRef[];
  stock?: StockItem;
  created_at?: VsfDateTime;
  updated_at?: VsfDateTime;
  description?: string;
  short_description?: string;
  product_links?: ProductLink[];
  bundle_options?: BundleOption[];
  configurable_options?: ConfigurableOption[];
  configurable_children?: ConfigurableChild[];
  custom_options?: CustomOption[];
  messaggio_disponibilita?: string;
  messaggio_disponibilita_custom?: string;
  data_disponibilita?: string;
  /** Merchandising position; lower comes first under the "Position" sort. */
  position?: number;
  [attributeCode: string]: unknown;
}

export interface FaqPair {
  question: string;
  answer: string;
}

export interface CategoryDoc {
  id: number;
  parent_id: number;
  name: string;
  is_active: boolean;
  position: number;
  level: number;
  product_count: number;
  path: string;
  url_key?: string;
  url_path?: string;
  slug?: string;
  include_in_menu?: boolean | number;
  children_data?: CategoryDoc[];
  image?: string | null;
  meta_title?: string | null;
  meta_description?: string | null;
  robots?: string | null;
  short_description?: string | null;
  faq_question_1?: string | null;
  faq_answer_1?: string | null;
  faq_question_2?: string | null;
  faq_answer_2?: string | null;
  faq_question_3?: string | null;
  faq_answer_3?: string | null;
  faq_question_4?: string | null;
  faq_answer_4?: string | null;
  faq_question_5?: string | null;
  faq_answer_5?: string | null;
  cms_block_top?: string | null;
  cms_block_bottom?: string | null;
  [key: string]: unknown;
}

export interface AttributeOption {
  label: string;
  value: string;
  sort_order?: number;
}

export interface AttributeDoc {
  id: number;
  attribute_id: number;
  attribute_code: string;
  frontend_input: string;
  default_frontend_label: string;
  is_user_defined: boolean;
  is_visible: boolean;
  is_visible_on_front?: string | boolean;
  is_comparable: string | boolean;
  is_filterable: boolean;
  position?: number;
  options: AttributeOption[];
  [key: string]: unknown;
}

export interface TaxRate {
  id?: number;
  tax_country_id: string;
  tax_region_id: number;
  region_name?: string;
  tax_postcode?: string;
  rate: number;
  code?: string;
}

export interface TaxRuleDoc {
  id: number;
  code: string;
  priority?: number;
  position?: number;
  customer_tax_class_ids: number[];
  product_tax_class_ids: number[];
  tax_rate_ids?: number[];
  rates: TaxRate[];
  [key: string]: unknown;
}

export interface ReviewDoc {
  id: number;
  product_id: number;
  title: string;
  detail: string;
  nickname: string;
  review_entity?: string;
  review_status: number;
  created_at: VsfDateTime;
  ratings?: { percent: number; value: number; rating_code?: string }[];
  [key: string]: unknown;
}

export interface CmsPageDoc {
  id: number;
  identifier: string;
  title: string;
  content: string;
  content_heading?: string;
  meta_title?: string | null;
  meta_description?: string | null;
  meta_keywords?: string | null;
  active: boolean;
  page_layout?: string;
  store_id?: number[] | number;
  [key: string]: unknown;
}

/** A node of the CMS page tree (Magento CMS hierarchy). */
export interface CmsHierarchyDoc {
  id: number;
  identifier: string;
  /** The node's key (its request path), when it has one. */
  key?: string | null;
  [key: string]: unknown;
}

export interface CmsBlockDoc {
  id: number;
  identifier: string;
  title: string;
  content: string;
  active: boolean;
  store_id?: number[] | number;
  [key: string]: unknown;
}
