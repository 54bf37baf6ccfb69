import { describe, expect, it } from 'vitest';
import type { CategoryDoc } from './catalog/types.ts';
import {
  buildCategoryTree,
  categoryBreadcrumbs,
  indexCategories,
  productBreadcrumbCategoryId,
} from './category-tree.ts';

function category(id: number, parentId: number, level: number, position: number, extra: Partial<CategoryDoc> = {}): CategoryDoc {
  return {
    id,
    parent_id: parentId,
    name: `Cat ${id}`,
    is_active: true,
    position,
    level,
    product_count: 1,
    path: '',
    url_key: `cat-${id}`,
    ...extra,
  };
}

const flat: CategoryDoc[] = [
  category(1, 0, 0, 0),
  category(2, 1, 1, 0),
  category(3, 2, 2, 0, { name: 'Root' }),
  category(20, 3, 3, 2, { name: 'Coltelli', slug: 'coltelli-20', url_path: 'coltelli' }),
  category(21, 20, 4, 1, { name: 'Santoku', url_path: 'coltelli/santoku' }),
  category(22, 20, 4, 0, { name: 'Disossatori', include_in_menu: 0 }),
  category(23, 3, 3, 1, { name: 'Guanti' }),
  category(24, 3, 3, 1, { name: 'Stivali', is_active: false }),
  category(25, 24, 4, 0, { name: 'Under inactive' }),
  category(26, 3, 3, 3, { name: 'Hidden', include_in_menu: false }),
];

const ids = (nodes: ReturnType<typeof buildCategoryTree>): unknown =>
  nodes.map((node) => (node.children.length ? [node.id, ids(node.children)] : node.id));

describe('buildCategoryTree', () => {
  it('nests active categories under the root, sorted by position', () => {
    expect(ids(buildCategoryTree(flat, 3))).toEqual([23, [20, [22, 21]], 26]);
  });

  it('drops categories not in the menu when menuOnly', () => {
    expect(ids(buildCategoryTree(flat, 3, { menuOnly: true }))).toEqual([23, [20, [21]]]);
  });

  it('fills slug and url_path', () => {
    const [guanti, coltelli] = buildCategoryTree(flat, 3);
    expect(guanti).toEqual({ id: 23, name: 'Guanti', slug: 'cat-23', url_path: 'cat-23', position: 1, level: 3, children: [] });
    expect(coltelli?.slug).toBe('coltelli-20');
    expect(coltelli?.children[1]?.url_path).toBe('coltelli/santoku');
  });

  it('survives a parent cycle', () => {
    const cyclic = [category(30, 31, 3, 0), category(31, 30, 4, 0), category(32, 3, 3, 0)];
    expect(ids(buildCategoryTree(cyclic, 3))).toEqual([32]);
  });
});

describe('categoryBreadcrumbs', () => {
  const byId = indexCategories(flat);

  it('goes from the root child down to the category', () => {
    expect(categoryBreadcrumbs(21, byId).map((c) => [c.id, c.name, c.slug])).toEqual([
      [20, 'Coltelli', 'coltelli-20'],
      [21, 'Santoku', 'cat-21'],
    ]);
  });

  it('is empty for the root, ids below it and unknown ids', () => {
    expect(categoryBreadcrumbs(3, byId)).toEqual([]);
    expect(categoryBreadcrumbs(2, byId)).toEqual([]);
    expect(categoryBreadcrumbs(999, byId)).toEqual([]);
  });
});

describe('productBreadcrumbCategoryId', () => {
  const byId = indexCategories(flat);

  it('prefers the current category when the product is in it', () => {
    expect(productBreadcrumbCategoryId([2, 20, '21'], byId, 20)).toBe(20);
  });

  it('otherwise takes the deepest category', () => {
    expect(productBreadcrumbCategoryId([2, 20, '21', 23], byId, 99)).toBe(21);
    expect(productBreadcrumbCategoryId([2, 3], byId)).toBeUndefined();
  });
});
