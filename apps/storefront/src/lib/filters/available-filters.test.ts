import { describe, expect, it } from 'vitest';
import { buildFilterGroups, priceGroup, selectedOptions, termAttributeCodes, type FilterableAttribute } from './available-filters.ts';
import { EMPTY_QUERY } from './query-state.ts';

const attributes: FilterableAttribute[] = [
  { attribute_code: 'price', frontend_input: 'price', default_frontend_label: 'Prezzo' },
  { attribute_code: 'marca', frontend_input: 'select', default_frontend_label: 'Marca' },
  { attribute_code: 'colore', frontend_input: 'select', default_frontend_label: 'Colore' },
  { attribute_code: 'taglia', frontend_input: 'select', default_frontend_label: 'Taglia' },
];

const ES_PRICE_BUCKETS = [
  { key: '0.0-50.0', from: 0, to: 50, doc_count: 12 },
  { key: '50.0-100.0', from: 50, to: 100, doc_count: 7 },
  { key: '100.0-150.0', from: 100, to: 150, doc_count: 0 },
  { key: '150.0-*', from: 150, doc_count: 3 },
];

describe('termAttributeCodes', () => {
  it('asks term aggregations for every filterable attribute but price', () => {
    expect(termAttributeCodes(attributes)).toEqual(['marca', 'colore', 'taglia']);
    expect(termAttributeCodes(attributes, 2)).toEqual(['marca', 'colore']);
  });
});

describe('priceGroup', () => {
  it('labels the §9 buckets like VSF: < €50, €50 - 100, €100 - 150, > €150', () => {
    const group = priceGroup(ES_PRICE_BUCKETS.map((b) => ({ ...b, doc_count: 1 })), null, 'Prezzo');
    expect(group?.options.map((o) => o.label)).toEqual(['< €50', '€50 - 100', '€100 - 150', '> €150']);
    expect(group?.options.map((o) => o.id)).toEqual(['0.0-50.0', '50.0-100.0', '100.0-150.0', '150.0-*']);
  });

  it('hides empty buckets unless chosen, keeping every label in place', () => {
    expect(priceGroup(ES_PRICE_BUCKETS, null, 'Prezzo')?.options.map((o) => `${o.label} (${o.count})`)).toEqual([
      '< €50 (12)',
      '€50 - 100 (7)',
      '> €150 (3)',
    ]);
    const chosen = priceGroup(ES_PRICE_BUCKETS, '100.0-150.0', 'Prezzo');
    expect(chosen?.options.find((o) => o.selected)).toMatchObject({ label: '€100 - 150', count: 0 });
  });

  it('is absent when nothing is priced', () => {
    expect(priceGroup([], null, 'Prezzo')).toBeNull();
    expect(priceGroup(ES_PRICE_BUCKETS.map((b) => ({ ...b, doc_count: 0 })), null, 'Prezzo')).toBeNull();
  });
});

describe('buildFilterGroups', () => {
  const aggregations = {
    agg_terms_colore: { buckets: [{ key: '20102', doc_count: 4 }, { key: '20101', doc_count: 9 }, { key: '20199', doc_count: 1 }] },
    agg_terms_marca: { buckets: [{ key: '20003', doc_count: 2 }] },
    agg_terms_taglia: { buckets: [] },
    agg_range_price: { buckets: ES_PRICE_BUCKETS },
  };
  const attributeMetadata = [
    {
      attribute_id: 201,
      attribute_code: 'colore',
      default_frontend_label: 'Colore',
      frontend_input: 'select',
      options: [
        { value: '20101', label: 'Bianco' },
        { value: '20102', label: 'Nero' },
        { value: '20199', label: ' ' },
        { value: '20103', label: 'Rosso' },
      ],
    },
    { attribute_id: 200, attribute_code: 'marca', default_frontend_label: 'Marca', frontend_input: 'select', options: [{ value: '20003', label: 'Victorinox' }] },
  ];

  it('builds attribute groups in attribute order, options by label with counts, then price', () => {
    const groups = buildFilterGroups({ attributes, aggregations, attributeMetadata, state: EMPTY_QUERY, priceLabel: 'Prezzo' });
    expect(groups.map((g) => g.code)).toEqual(['marca', 'colore', 'price']);
    expect(groups[1]).toEqual({
      code: 'colore',
      label: 'Colore',
      type: 'attribute',
      options: [
        { id: '20101', label: 'Bianco', count: 9, selected: false },
        { id: '20102', label: 'Nero', count: 4, selected: false },
      ],
    });
  });

  it('marks chosen options, and keeps a chosen option missing from the top buckets', () => {
    const state = { ...EMPTY_QUERY, filters: { colore: ['20102', '20103'] }, price: '0.0-50.0' };
    const groups = buildFilterGroups({ attributes, aggregations, attributeMetadata, state, priceLabel: 'Prezzo' });
    const colore = groups.find((g) => g.code === 'colore');
    expect(colore?.options).toEqual([
      { id: '20101', label: 'Bianco', count: 9, selected: false },
      { id: '20102', label: 'Nero', count: 4, selected: true },
      { id: '20103', label: 'Rosso', count: null, selected: true },
    ]);
    expect(selectedOptions(groups).map(({ group, option }) => `${group.code}:${option.label}`)).toEqual([
      'colore:Nero',
      'colore:Rosso',
      'price:< €50',
    ]);
  });

  it('merges the configurable children buckets (agg_terms_{code}_options)', () => {
    const groups = buildFilterGroups({
      attributes,
      aggregations: { agg_terms_marca: { buckets: [] }, agg_terms_marca_options: { buckets: [{ key: '20003', doc_count: 5 }] } },
      attributeMetadata,
      state: EMPTY_QUERY,
      priceLabel: 'Prezzo',
    });
    expect(groups).toEqual([
      { code: 'marca', label: 'Marca', type: 'attribute', options: [{ id: '20003', label: 'Victorinox', count: 5, selected: false }] },
    ]);
  });

  it('has no groups without aggregations', () => {
    expect(buildFilterGroups({ attributes, aggregations: undefined, attributeMetadata: undefined, state: EMPTY_QUERY, priceLabel: 'Prezzo' })).toEqual([]);
  });
});
