import type { CategoryDoc } from './catalog/types.ts';
import { categorySlug } from './slugify.ts';

/** The shop's root category (spec §9); its children are the top menu entries. */
export const CATEGORY_ROOT_ID = 3;

/** One category of the menu tree. */
export interface CategoryNode {
  id: number;
  name: string;
  slug: string;
  url_path: string;
  position: number;
  level: number;
  children: CategoryNode[];
}

/** One step of a breadcrumb trail. */
export type CategoryCrumb = Omit<CategoryNode, 'children' | 'position' | 'level'>;

export interface CategoryTreeOptions {
  /** Keep only categories shown in the menu. */
  menuOnly?: boolean;
}

function isShown(category: CategoryDoc, menuOnly: boolean): boolean {
  // Magento's include_in_menu defaults to yes, so only an explicit false/0 hides a category.
  const inMenu = category.include_in_menu !== false && category.include_in_menu !== 0;
  return Boolean(category.is_active) && (!menuOnly || inMenu);
}

function crumb(category: CategoryDoc): CategoryCrumb {
  const slug = categorySlug(category);
  return { id: category.id, name: category.name, slug, url_path: category.url_path || slug };
}

/** Categories by id, for breadcrumbs and lookups. */
export function indexCategories(flat: readonly CategoryDoc[]): Map<number, CategoryDoc> {
  return new Map(flat.map((category) => [category.id, category]));
}

/**
 * The tree under `rootId` from a flat category list: active categories only (and only menu
 * ones with `menuOnly`), siblings by position then id. A hidden category hides its subtree.
 */
export function buildCategoryTree(
  flat: readonly CategoryDoc[],
  rootId: number,
  opts: CategoryTreeOptions = {},
): CategoryNode[] {
  const childrenOf = new Map<number, CategoryDoc[]>();
  for (const category of flat) {
    if (!isShown(category, opts.menuOnly ?? false)) continue;
    childrenOf.set(category.parent_id, [...(childrenOf.get(category.parent_id) ?? []), category]);
  }
  const visited = new Set<number>([rootId]); // guards against parent cycles in bad data
  const build = (parentId: number): CategoryNode[] =>
    (childrenOf.get(parentId) ?? [])
      .filter((category) => !visited.has(category.id) && visited.add(category.id))
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map((category) => ({
        ...crumb(category),
        position: category.position,
        level: category.level,
        children: build(category.id),
      }));
  return build(rootId);
}

/** Trail from the root's child down to the category; ids at or below the root id are skipped. */
export function categoryBreadcrumbs(
  categoryId: number,
  byId: ReadonlyMap<number, CategoryDoc>,
  rootId: number = CATEGORY_ROOT_ID,
): CategoryCrumb[] {
  const trail: CategoryCrumb[] = [];
  const seen = new Set<number>();
  for (let category = byId.get(categoryId); category && category.id > rootId && !seen.has(category.id); ) {
    seen.add(category.id);
    trail.unshift(crumb(category));
    category = byId.get(category.parent_id);
  }
  return trail;
}

/** The category a product's breadcrumbs follow: the current one if the product is in it, else its deepest known category. */
export function productBreadcrumbCategoryId(
  categoryIds: readonly (number | string)[],
  byId: ReadonlyMap<number, CategoryDoc>,
  currentCategoryId?: number | null,
  rootId: number = CATEGORY_ROOT_ID,
): number | undefined {
  const ids = categoryIds.map(Number);
  if (currentCategoryId != null && ids.includes(currentCategoryId)) return currentCategoryId;
  let deepest: CategoryDoc | undefined;
  for (const id of ids) {
    const category = byId.get(id);
    if (category && category.id > rootId && (!deepest || category.level > deepest.level)) deepest = category;
  }
  return deepest?.id;
}
