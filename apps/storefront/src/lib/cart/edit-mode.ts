/**
 * Edit mode of a configurable cart line (shopping.md §3 "Edit mode state", §4 "Edit mode"):
 * the chosen values find a child, whose stock decides what may be confirmed; confirming turns
 * the line into that child at the chosen quantity. Pure: unit-tested.
 */
import { CART_MESSAGES, editModeQtyError } from '@shop/domain';
import { configurableSelection } from './configurable-selection.ts';
import type { CartItem, ConfigChild, NewCartItem } from './types.ts';

/**
 * Why a line cannot be edited: a configurable line must know its parent to offer the other
 * children ("Product doesn't have parentSku…", catalogue §8, shown); null when it can.
 */
export function editUnavailable(item: Pick<CartItem, 'parentSku' | 'configurable'>): string | null {
  return item.configurable && item.parentSku ? null : CART_MESSAGES.noParentSku;
}

/** The child with exactly these values, if any ("No such configuration" otherwise). */
export function findChild(children: readonly ConfigChild[], attributes: Readonly<Record<string, string>>): ConfigChild | undefined {
  return children.find((child) => Object.entries(attributes).every(([code, value]) => child.attributes[code] === value));
}

/** How many of a child may be ordered per its stock: null when not limited. */
export function availableQty(stock: { is_in_stock: boolean; qty: number; manage_stock?: boolean; backorders?: number } | undefined): number | null {
  if (!stock || stock.manage_stock === false || stock.backorders) return null;
  return stock.is_in_stock ? Math.max(0, Math.floor(stock.qty)) : 0;
}

/** The edit-mode error of a quantity for the available stock (§5), or null. */
export function editError(available: number | null, qty: number): string | null {
  return available === null ? null : editModeQtyError(available, qty);
}

/** The line after confirming: the chosen child at the chosen quantity, not yet on the server. */
export function editedItem(item: CartItem, child: ConfigChild, qty: number, maxQty: number | null): NewCartItem {
  const { server_item_id: _id, server_cart_id: _cart, prev_qty: _prev, checksum: _checksum, regular_price: _regular, image: _image, errors: _e, info: _i, ...rest } = item;
  return {
    ...rest,
    sku: child.sku,
    name: child.name,
    qty,
    max_qty: maxQty,
    ...(child.image ? { image: child.image } : {}),
    ...(child.regular_price === undefined ? {} : { regular_price: child.regular_price }),
    ...(child.availability ? { availability: child.availability } : {}),
    ...(item.url ? { url: item.url.replace(/\/[^/]+$/, `/${encodeURIComponent(child.sku)}`) } : {}),
    ...configurableSelection(item.configurable?.options ?? [], child.attributes),
  };
}
