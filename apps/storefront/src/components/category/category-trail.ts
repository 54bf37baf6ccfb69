import { categoryBreadcrumbs, categoryUrl, indexCategories, type CategoryDoc } from '@shop/domain';

/** A category's breadcrumb trail, from the top of the menu to itself, as names and paths. */
export function categoryTrail(category: CategoryDoc, categories: readonly CategoryDoc[]): { name: string; href: string }[] {
  const crumbs = categoryBreadcrumbs(category.id, indexCategories(categories));
  // A category outside the menu tree (e.g. below an inactive parent) still names itself.
  const trail = crumbs.length > 0 && crumbs.at(-1)?.id === category.id ? crumbs : [{ name: category.name, slug: slug(category) }];
  return trail.map((c) => ({ name: c.name, href: categoryUrl(c.slug) }));
}

function slug(category: CategoryDoc): string {
  return category.slug || category.url_key || String(category.id);
}
