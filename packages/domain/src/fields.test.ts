import { describe, expect, it } from 'vitest';
import { fieldProjection, projectFields } from './fields.ts';

const doc = {
  id: 1,
  sku: 'COLT-01',
  name: 'Coltello',
  stock: { qty: 5, is_in_stock: true },
  media_gallery: [{ image: '/a.jpg', pos: 1 }],
  configurable_children: [
    { sku: 'COLT-01-R', price: 10, stock: { qty: 1, is_in_stock: true } },
    { sku: 'COLT-01-B', price: 12, stock: { qty: 0, is_in_stock: false } },
  ],
  category_ids: [20, 21],
};

describe('projectFields', () => {
  it('returns a copy of everything without paths', () => {
    const result = projectFields(doc);
    expect(result).toEqual(doc);
    expect(result).not.toBe(doc);
  });

  it('keeps only included top-level and nested paths', () => {
    expect(projectFields(doc, ['sku', 'stock.is_in_stock', 'missing', 'missing.deep'])).toEqual({
      sku: 'COLT-01',
      stock: { is_in_stock: true },
    });
  });

  it('reaches into arrays of objects', () => {
    expect(projectFields(doc, ['configurable_children.sku', 'configurable_children.stock.qty'])).toEqual({
      configurable_children: [
        { sku: 'COLT-01-R', stock: { qty: 1 } },
        { sku: 'COLT-01-B', stock: { qty: 0 } },
      ],
    });
  });

  it('lets a whole field win over its sub-paths', () => {
    expect(projectFields(doc, ['stock.qty', 'stock'])).toEqual({ stock: doc.stock });
    expect(projectFields(doc, ['stock', 'stock.qty'])).toEqual({ stock: doc.stock });
    expect(projectFields(doc, ['stock', 'stock.qty.deep'])).toEqual({ stock: doc.stock });
  });

  it('applies excludes after includes', () => {
    expect(
      projectFields(doc, ['sku', 'configurable_children'], ['configurable_children.stock', 'configurable_children.price']),
    ).toEqual({ sku: 'COLT-01', configurable_children: [{ sku: 'COLT-01-R' }, { sku: 'COLT-01-B' }] });
  });

  it('excludes without includes, leaving the input untouched', () => {
    const snapshot = structuredClone(doc);
    const result = projectFields(doc, [], ['name', 'stock.qty', 'configurable_children.stock', 'category_ids.x']);
    expect(result).toEqual({
      id: 1,
      sku: 'COLT-01',
      stock: { is_in_stock: true },
      media_gallery: doc.media_gallery,
      configurable_children: [
        { sku: 'COLT-01-R', price: 10 },
        { sku: 'COLT-01-B', price: 12 },
      ],
      category_ids: [20, 21],
    });
    expect(doc).toEqual(snapshot);
  });

  it('ignores paths into object prototypes', () => {
    expect(projectFields(doc, ['sku', '__proto__.polluted', 'constructor'])).toEqual({ sku: 'COLT-01' });
    projectFields(doc, [], ['__proto__.toString']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(typeof Object.prototype.toString).toBe('function');
  });
});

describe('fieldProjection', () => {
  it('projects every document of a list as projectFields does each', () => {
    const other = { ...doc, id: 2, sku: 'COLT-02', stock: { qty: 0, is_in_stock: false } };
    const include = ['sku', 'stock.is_in_stock', 'configurable_children.sku'];
    const exclude = ['configurable_children.sku'];
    expect([doc, other].map(fieldProjection(include, exclude))).toEqual([doc, other].map((d) => projectFields(d, include, exclude)));
    expect([doc, other].map(fieldProjection(include))).toEqual([
      { sku: 'COLT-01', stock: { is_in_stock: true }, configurable_children: [{ sku: 'COLT-01-R' }, { sku: 'COLT-01-B' }] },
      { sku: 'COLT-02', stock: { is_in_stock: false }, configurable_children: [{ sku: 'COLT-01-R' }, { sku: 'COLT-01-B' }] },
    ]);
  });
});
