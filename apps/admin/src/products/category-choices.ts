import type { AdminCategoryNode } from '@shop/contracts';
import { indexTree, lineage } from '../categories/category-tree.ts';

export interface CategoryChoice {
  id: number;
  name: string;
  /** Its place below the shop's root: "Coltelli › Coltelli da cucina". */
  path: string;
  /** Levels below the root (0 for the root's children). */
  depth: number;
}

/**
 * The categories a product may be in or a list filtered by, depth first (the tree's order), each
 * with its path below the shop's root; the root itself and what lies above it are left out.
 */
export function categoryChoices(items: readonly AdminCategoryNode[], rootId: number): CategoryChoice[] {
  const index = indexTree(items);
  return items.flatMap((category) => {
    const chain = lineage(index, category.id).reverse();
    const below = chain.slice(chain.indexOf(rootId) + 1);
    if (!chain.includes(rootId) || below.length === 0) return [];
    return [{ id: category.id, name: category.name, path: below.map((id) => index.byId.get(id)!.name).join(' › '), depth: below.length - 1 }];
  });
}
