/**
 * The slim product data the product page hands to its client islands (serialised into the page,
 * so only what the browser needs). Money stays in euros as the catalogue documents carry it; the
 * pure rules of @shop/domain turn it into cents.
 */

/** Stock as the page needs it (a subset of the catalogue's stock item). */
export interface StockInfo {
  is_in_stock: boolean;
  qty: number;
  manage_stock?: boolean;
  min_sale_qty?: number;
  max_sale_qty?: number;
  [field: string]: unknown;
}

/**
 * The availability texts of catalogue.md §3/§8, resolved on the server: the main text with its
 * tone ('disponibilità immediata' available, 'disponibili pochi pezzi' low, else neutral), then
 * the custom text and the expected date, if any.
 */
export interface AvailabilityInfo {
  tone: 'available' | 'low' | 'neutral';
  text: string;
  /** The text is the spec's default ("Contattaci per conoscere la disponibilità"): the document states no availability. */
  isDefault?: true;
  notes?: string[];
}

/** The price fields of a taxed document (euros), plus the 30-day lowest price of a discount. */
export interface PriceDoc {
  sku: string;
  status: number;
  price: number;
  price_incl_tax?: number;
  original_price?: number;
  original_price_incl_tax?: number;
  special_price?: number | null;
  /** End of the special price window (for the structured data's priceValidUntil). */
  special_to_date?: string | null;
  lowest_price_30d?: number | null;
  lowest_price_30d_incl_tax?: number | null;
}

/** Something the shopper can buy: the product itself, a configurable child, a grouped or bundle member. */
export interface SellableItem extends PriceDoc {
  id: number;
  name: string;
  stock?: StockInfo;
  availability: AvailabilityInfo;
  image?: string;
}

export interface ConfigurableOptionView {
  code: string;
  attributeId: string;
  label: string;
  values: { id: string; label: string }[];
}

/** A configurable child with its configurable attribute values at top level (as variant matching reads them). */
export interface VariantItem extends SellableItem {
  [attributeCode: string]: unknown;
}

export interface GroupedMember extends SellableItem {
  /** Default quantity of the link (1 when the link has none). */
  qty: number;
}

export interface BundleLinkView {
  id: string;
  sku: string;
  qty: number;
  is_default: boolean;
  canChangeQty: boolean;
}

export interface BundleOptionView {
  option_id: number;
  title: string;
  required: boolean;
  /** 'radio' | 'select' | 'checkbox' | 'multi' */
  type: string;
  product_links: BundleLinkView[];
}

export interface CustomOptionValueView {
  option_type_id: number;
  title: string;
  price: number;
  price_type: 'fixed' | 'percent';
}

export interface CustomOptionView {
  option_id: number;
  title: string;
  /** drop_down, radio, checkbox, multiple, field, area, … */
  type: string;
  is_require: boolean;
  max_characters?: number;
  values?: CustomOptionValueView[];
}

/** What every purchase island receives about the product itself. */
export interface PurchaseBase {
  parentSku: string;
  slug: string;
  /** Per-product error entries (catalogue.md §5), e.g. `variants`. */
  errors: string[];
  customOptions: CustomOptionView[];
}
