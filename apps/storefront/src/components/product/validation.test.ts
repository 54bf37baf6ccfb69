import { describe, expect, it } from 'vitest';
import { missingCustomOptions, parseQuantity, priceProblem, productErrorProblems, stockProblem } from './validation.ts';

describe('priceProblem (catalogue.md §5)', () => {
  it('refuses a negative or unknown price and allows zero', () => {
    expect(priceProblem(-1)).toEqual({ key: 'unknownPrice' });
    expect(priceProblem(null)).toEqual({ key: 'unknownPrice' });
    expect(priceProblem(Number.NaN)).toEqual({ key: 'unknownPrice' });
    expect(priceProblem(0)).toBeNull();
    expect(priceProblem(1999)).toBeNull();
  });
});

describe('stockProblem', () => {
  it('refuses out-of-stock products only', () => {
    expect(stockProblem('out_of_stock')).toEqual({ key: 'cannotAdd' });
    expect(stockProblem('ok')).toBeNull();
    expect(stockProblem('volatile')).toBeNull();
  });
});

describe('parseQuantity', () => {
  it('accepts whole numbers from the minimum up to the maximum', () => {
    expect(parseQuantity('3')).toEqual({ ok: true, qty: 3 });
    expect(parseQuantity(' 12 ', { max: 12 })).toEqual({ ok: true, qty: 12 });
    expect(parseQuantity('0', { min: 0 })).toEqual({ ok: true, qty: 0 });
  });

  it('refuses anything else with the spec messages', () => {
    for (const raw of ['0', '-1', '1.5', '', 'due', '1e3']) {
      expect(parseQuantity(raw), raw).toEqual({ ok: false, problem: { key: 'quantityPositive' } });
    }
    expect(parseQuantity('13', { max: 12 })).toEqual({ ok: false, problem: { key: 'quantityMax', params: { quantity: 12 } } });
  });
});

describe('missingCustomOptions', () => {
  const options = [
    { option_id: 1, title: 'Lunghezza', type: 'drop_down', is_require: true, values: [] },
    { option_id: 2, title: 'Testo', type: 'field', is_require: true },
    { option_id: 3, title: 'Extra', type: 'checkbox', is_require: false, values: [] },
  ];

  it('names each required option without a value', () => {
    expect(missingCustomOptions(options, { 2: '  ' }).map((p) => p.params?.['option'])).toEqual(['Lunghezza', 'Testo']);
    expect(missingCustomOptions(options, { 1: [100], 2: 'Mario' })).toEqual([]);
  });
});

describe('productErrorProblems', () => {
  it('maps the known variant error and passes others through', () => {
    expect(productErrorProblems(['No available product variants', 'Altro'])).toEqual([
      { key: 'noVariants' },
      { key: 'productError', params: { error: 'Altro' } },
    ]);
  });
});
