/** The parts of a cart item (shopping.md §3) that the cart rules read. */

export interface OptionSelection {
  option_id: number | string;
  option_value: number | string;
}

export interface BundleSelection {
  option_id: number | string;
  option_qty?: number | string | null;
  option_selections: readonly (number | string)[];
}

export interface CartProductOption {
  extension_attributes?: {
    custom_options?: readonly OptionSelection[] | Readonly<Record<string, OptionSelection>>;
    configurable_item_options?: readonly OptionSelection[] | Readonly<Record<string, OptionSelection>>;
    bundle_options?: readonly BundleSelection[] | Readonly<Record<string, BundleSelection>>;
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

export interface CartItemLike {
  sku: string | number;
  qty?: number;
  parentSku?: string;
  item_id?: number | string;
  server_item_id?: number | string;
  checksum?: string;
  product_option?: CartProductOption | null;
  [key: string]: unknown;
}

export type OptionKind = 'bundle_options' | 'custom_options' | 'configurable_item_options';

/** Numbers become strings at every depth, so `93` and `'93'` hash and compare alike (VSF replaceNumberToString). */
function numbersToStrings(value: unknown): unknown {
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(numbersToStrings);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, numbersToStrings(v)]));
  }
  return value;
}

/** One kind of selected options as a list (objects keyed by option id become their values). */
export function selectedOptions(item: Pick<CartItemLike, 'product_option'>, kind: OptionKind): unknown[] {
  const options = item.product_option?.extension_attributes?.[kind];
  if (!options || typeof options !== 'object') return [];
  return Object.values(numbersToStrings(options) as Record<string, unknown>);
}
