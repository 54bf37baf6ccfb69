import { selectedOptions, type CartItemLike, type OptionKind } from './item.ts';
import { sha3_224 } from './sha3.ts';

const HASHED_KINDS: readonly OptionKind[] = ['bundle_options', 'custom_options', 'configurable_item_options'];

/**
 * The checksum of an item's chosen options (VSF productChecksum): SHA3-224 of the first
 * non-empty kind among bundle, custom and configurable options; else of the whole
 * product_option; else of null. The sku is not part of it.
 */
export function productChecksum(item: Pick<CartItemLike, 'product_option'>): string {
  if (!item.product_option) return sha3_224('null');
  const options = HASHED_KINDS.map((kind) => selectedOptions(item, kind)).find((list) => list.length > 0);
  return sha3_224(JSON.stringify(options ?? item.product_option));
}
