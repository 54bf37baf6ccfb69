import type { AdminCategoryNode } from '@shop/contracts';

/**
 * The tree of GET /api/admin/categories (a depth-first list, each parent before its children,
 * siblings in menu order) as the screen needs it. Pure.
 */
export interface CategoryIndex {
  byId: Map<number, AdminCategoryNode>;
  /** Children by parent id, in menu order; the roots under `null`. */
  children: Map<number | null, AdminCategoryNode[]>;
}

export function indexTree(items: readonly AdminCategoryNode[]): CategoryIndex {
  const byId = new Map(items.map((c) => [c.id, c]));
  const children = new Map<number | null, AdminCategoryNode[]>();
  for (const c of items) {
    // A parent that is not in the tree makes a root.
    const parent = c.parentId !== null && byId.has(c.parentId) ? c.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), c]);
  }
  return { byId, children };
}

/** The ids from the category up to its top ancestor, itself first. */
export function lineage(index: CategoryIndex, id: number): number[] {
  const chain: number[] = [];
  for (let at: number | null | undefined = id; at !== null && at !== undefined && index.byId.has(at) && !chain.includes(at); at = index.byId.get(at)?.parentId) chain.push(at);
  return chain;
}

/** Where a category stands among its siblings: 1-based, of how many, and under which parent. */
export function placeOf(index: CategoryIndex, id: number): { parent: AdminCategoryNode | undefined; position: number; of: number } {
  const category = index.byId.get(id);
  const parent = category?.parentId !== null && category?.parentId !== undefined ? index.byId.get(category.parentId) : undefined;
  const siblings = index.children.get(parent?.id ?? null) ?? [];
  return { parent, position: siblings.findIndex((c) => c.id === id) + 1, of: siblings.length };
}

/** Whether the category may move: inside the shop's root, not the root itself (the API's rule). */
export function isMovable(index: CategoryIndex, id: number, rootId: number): boolean {
  return id !== rootId && lineage(index, id).includes(rootId);
}

/** The categories `id` may move into, depth first with their depth below the root: the root and its tree, but not `id` nor anything under it. */
export function moveTargets(index: CategoryIndex, id: number, rootId: number): { category: AdminCategoryNode; depth: number }[] {
  const out: { category: AdminCategoryNode; depth: number }[] = [];
  const visit = (category: AdminCategoryNode, depth: number) => {
    if (category.id === id) return;
    out.push({ category, depth });
    for (const child of index.children.get(category.id) ?? []) visit(child, depth + 1);
  };
  const root = index.byId.get(rootId);
  if (root) visit(root, 0);
  return out;
}

/** How many places a category moving into `parentId` can take there (its children but itself, plus one). */
export function placesIn(index: CategoryIndex, parentId: number, id: number): number {
  return (index.children.get(parentId) ?? []).filter((c) => c.id !== id).length + 1;
}
