/**
 * The client cart (shopping.md §3 "Cart", "Cart item"). Items live in the browser; money shown
 * as totals always comes from the server's totals (`CartState.totals`).
 */
import type { CartTotals, FeesResult, ProductOption, StockStatus } from '@shop/contracts';

export type { CartTotals, FeesResult, ProductOption, StockStatus };

/** A configurable attribute of the item's parent, for edit mode (§3 "Configuration option"). */
export interface ConfigOption {
  id: string;
  attribute_code: string;
  label: string;
  values: { id: string; label: string }[];
}

/** A child of the item's parent: its sku, name, attribute values and catalogue prices (euros). */
export interface ConfigChild {
  sku: string;
  name: string;
  attributes: Record<string, string>;
  image?: string;
  regular_price?: number;
  availability?: ItemAvailability;
}

export interface ItemAvailability {
  tone: 'available' | 'low' | 'neutral';
  text: string;
}

/** A line before the cart gives it its checksum (the engine does, so pages don't ship the hash). */
export type NewCartItem = Omit<CartItem, 'checksum'>;

/** A cart line as the browser keeps it. `sku` is what is bought (a configurable's child). */
// A type alias (not an interface) so it fits the domain's index-signed CartItemLike.
export type CartItem = {
  sku: string;
  parentSku?: string;
  name: string;
  qty: number;
  /** The last quantity the server confirmed: restored when an update fails. */
  prev_qty?: number;
  type_id: string;
  checksum: string;
  product_option?: ProductOption;
  server_item_id?: number;
  server_cart_id?: string;
  /** Catalogue image path and public product URL (without store prefix). */
  image?: string;
  url?: string;
  /** The regular unit price excl. tax (euros), struck through when the server's price is lower. */
  regular_price?: number;
  /** Chosen options as labels, shown until the server's totals bring its own. */
  options?: { label: string; value: string }[];
  errors?: Record<string, string>;
  info?: Record<string, string>;
  is_in_stock?: boolean;
  availability?: ItemAvailability;
  /** Largest orderable quantity when stock limits it (§5 "above available max"). */
  max_qty?: number | null;
  /** Edit mode data of configurable items. */
  configurable?: { options: ConfigOption[]; children: ConfigChild[] };
};

/** What is kept in localStorage and mirrored across tabs. */
export interface PersistedCart {
  items: CartItem[];
  token: string | null;
  itemsHash: string | null;
  lastSyncAt: number | null;
  lastTotalsSyncAt: number | null;
  totals: CartTotals | null;
  productFees: FeesResult;
  shippingFees: FeesResult;
  bypassCounter: number;
  /** Set after the bypass attempts ran out: no more server sync in this browser. */
  syncDisabled: boolean;
}

/** Per-tab state: lines being sent (their steppers are locked) and the adding flag. */
export interface CartState extends PersistedCart {
  busy: readonly string[];
  adding: boolean;
}

/** A message of the cart: a catalogue text key with parameters, or a server text as it came. */
export type CartMessage = { key: string; params?: Readonly<Record<string, string | number>> } | { text: string };
