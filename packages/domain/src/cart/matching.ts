import { productChecksum } from './checksum.ts';
import { selectedOptions, type CartItemLike } from './item.ts';

type Check = 'id' | 'checksum' | 'sku';

const serverId = (item: CartItemLike) => item.server_item_id ?? item.item_id;
const checksumOf = (item: CartItemLike) => item.checksum || productChecksum(item);

const CHECKS: Record<Check, (a: CartItemLike, b: CartItemLike) => boolean> = {
  id: (a, b) => serverId(a) !== undefined && serverId(b) !== undefined && String(serverId(a)) === String(serverId(b)),
  checksum: (a, b) => checksumOf(a) === checksumOf(b),
  sku: (a, b) => String(a.sku) === String(b.sku),
};

/**
 * Whether two items are the same cart line (shopping.md §4, VSF productsEquals): with bundle or
 * custom options by server id or checksum; with configurable options by sku; otherwise by id or sku.
 * "Either has" decides the kind, so an item with options never matches a plain one by sku.
 */
export function productsEquals(a: CartItemLike | null | undefined, b: CartItemLike | null | undefined): boolean {
  if (!a || !b) return false;
  const either = (kind: Parameters<typeof selectedOptions>[1]) =>
    selectedOptions(a, kind).length > 0 || selectedOptions(b, kind).length > 0;
  const checks: Check[] =
    either('bundle_options') || either('custom_options')
      ? ['id', 'checksum']
      : either('configurable_item_options')
        ? ['sku']
        : ['id', 'sku'];
  return checks.some((check) => CHECKS[check](a, b));
}
