import type { AdminCategoryNode } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { categoryChoices } from './category-choices.ts';
import { filterBody, isFiltered } from './product-filters.ts';

const node = (id: number, parentId: number | null, name: string): AdminCategoryNode => ({ id, parentId, name, level: 0, position: 1, path: '', urlKey: '', urlPath: '', slug: '', isActive: true, includeInMenu: true, productCount: 0 });

describe('the categories a product may be in', () => {
  it('lists those below the shop’s root in tree order, each with its path', () => {
    const items = [node(1, null, 'Root Catalog'), node(3, 1, 'Catalogo'), node(20, 3, 'Coltelli'), node(21, 20, 'Coltelli da cucina'), node(60, 3, 'Termometri'), node(2, 1, 'Altro negozio'), node(9, 2, 'Fuori')];
    expect(categoryChoices(items, 3)).toEqual([
      { id: 20, name: 'Coltelli', path: 'Coltelli', depth: 0 },
      { id: 21, name: 'Coltelli da cucina', path: 'Coltelli › Coltelli da cucina', depth: 1 },
      { id: 60, name: 'Termometri', path: 'Termometri', depth: 0 },
    ]);
  });
});

describe('the list’s filters', () => {
  it('keep only those set, trimmed, for the list and for a bulk action on all results', () => {
    expect(filterBody({ q: ' coltello ', categoryId: '', status: '1', special: 'yes' })).toEqual({ q: 'coltello', status: '1', special: 'yes' });
    expect(isFiltered({ q: ' ' })).toBe(false);
    expect(isFiltered({ stock: 'low' })).toBe(true);
  });
});
