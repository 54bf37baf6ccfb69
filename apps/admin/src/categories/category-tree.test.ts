import type { AdminCategoryNode } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { indexTree, isMovable, moveTargets, placeOf, placesIn } from './category-tree.ts';

const node = (id: number, parentId: number | null, name = `C${id}`): AdminCategoryNode => ({
  id, parentId, name, level: 0, position: 0, path: '', urlKey: '', urlPath: '', slug: '', isActive: true, includeInMenu: true, productCount: 0,
});
// 2 > 3 > (20 > 21, 22), 50; and 99 outside the shop's root.
const index = indexTree([node(2, 1), node(3, 2), node(20, 3), node(21, 20), node(22, 20), node(50, 3), node(99, 2)]);

describe('the category tree of the screen', () => {
  it('places a category among its siblings', () => {
    expect(placeOf(index, 22)).toMatchObject({ parent: { id: 20 }, position: 2, of: 2 });
    expect(placeOf(index, 50)).toMatchObject({ parent: { id: 3 }, position: 2, of: 2 });
    expect(placeOf(index, 2)).toMatchObject({ parent: undefined, position: 1, of: 1 });
  });

  it('moves only what is inside the shop’s root, never into itself or below', () => {
    expect([2, 3, 99, 20, 21].map((id) => isMovable(index, id, 3))).toEqual([false, false, false, true, true]);
    expect(moveTargets(index, 20, 3).map((t) => [t.category.id, t.depth])).toEqual([[3, 0], [50, 1]]);
    expect(moveTargets(index, 21, 3).map((t) => t.category.id)).toEqual([3, 20, 22, 50]);
  });

  it('counts the places a parent offers, the moving category apart', () => {
    expect(placesIn(index, 20, 21)).toBe(2);
    expect(placesIn(index, 50, 21)).toBe(1);
  });
});
