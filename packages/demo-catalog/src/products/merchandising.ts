import { DAY_MS } from '../format.ts';
import type { LeafRef } from '../departments/index.ts';
import type { Rng } from '../rng.ts';
import { SPECIAL_CATEGORY_IDS } from '../categories.ts';

const NEW_WINDOW_MS = 180 * DAY_MS;

/**
 * Which merchandising lists a visible, enabled product joins, on top of its real categories:
 * recent equipment for industry → Novità; a few in-stock items → Più venduti; catering
 * departments → Horeca; cheap add-ons → Potrebbe servirti anche (cart suggestions).
 */
export function merchandisingCategoryIds(
  rng: Rng,
  { department, leaf }: LeafRef,
  product: { price: number; createdMs: number; inStock: boolean },
  nowMs: number,
): number[] {
  const ids: number[] = [];
  if (department.industry && nowMs - product.createdMs < NEW_WINDOW_MS && rng.chance(0.6)) ids.push(SPECIAL_CATEGORY_IDS.novita);
  if (product.inStock && rng.chance(0.04)) ids.push(SPECIAL_CATEGORY_IDS.bestsellers);
  if (department.horeca && rng.chance(0.1)) ids.push(SPECIAL_CATEGORY_IDS.horeca);
  if (leaf.accessory && product.price <= 40 && rng.chance(0.15)) ids.push(SPECIAL_CATEGORY_IDS.cartRelated);
  return ids;
}
