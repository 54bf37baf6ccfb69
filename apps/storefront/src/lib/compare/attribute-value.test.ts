import { describe, expect, it } from 'vitest';
import { attributeText, comparableRows, type ComparableAttribute } from './attribute-value.ts';

const colore: ComparableAttribute = { code: 'colore', label: 'Colore', input: 'select', options: { '20101': 'Bianco', '20102': 'Nero' } };
const materiale: ComparableAttribute = {
  code: 'materiale',
  label: 'Materiale',
  input: 'multiselect',
  options: { '20201': 'Acciaio inox', '20209': 'Ghisa' },
};
const dimensioni: ComparableAttribute = { code: 'dimensioni', label: 'Dimensioni', input: 'text', options: {} };
const idoneo: ComparableAttribute = { code: 'idoneo', label: 'Idoneo', input: 'boolean', options: { '1': 'Sì', '0': 'No' } };

describe('attributeText', () => {
  it('writes select, multiselect, boolean and text values by their labels', () => {
    expect(attributeText(colore, { colore: '20102' })).toBe('Nero');
    expect(attributeText(colore, { colore: 20101 })).toBe('Bianco');
    expect(attributeText(materiale, { materiale: '20201,20209' })).toBe('Acciaio inox, Ghisa');
    expect(attributeText(idoneo, { idoneo: '0' })).toBe('No');
    expect(attributeText(dimensioni, { dimensioni: '60 x 40 cm' })).toBe('60 x 40 cm');
  });

  it('is empty for missing values and unknown option ids', () => {
    expect(attributeText(colore, {})).toBe('');
    expect(attributeText(colore, { colore: '99999' })).toBe('');
    expect(attributeText(colore, { colore: null })).toBe('');
  });

  it('uses the distinct values of configurable children when the parent has none', () => {
    const product = { configurable_children: [{ colore: '20101' }, { colore: '20102' }, { colore: '20101' }, {}] };
    expect(attributeText(colore, product)).toBe('Bianco, Nero');
  });
});

describe('comparableRows', () => {
  it('keeps only attributes that some product has', () => {
    const rows = comparableRows([colore, materiale, dimensioni], [{ colore: '20101' }, { materiale: '20209' }]);
    expect(rows).toEqual([
      { attribute: colore, values: ['Bianco', ''] },
      { attribute: materiale, values: ['', 'Ghisa'] },
    ]);
  });
});
