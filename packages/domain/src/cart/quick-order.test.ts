import { describe, expect, it } from 'vitest';
import { parseQuickOrder, QUICK_ORDER_MAX_ROWS, QUICK_ORDER_MESSAGES, quickOrderRowProblem } from './quick-order.ts';

describe('parseQuickOrder', () => {
  it('reads sku and quantity rows separated by ; , or a tab, skipping blank lines and a header', () => {
    expect(parseQuickOrder('sku;qty\nCOL-1;2\n\nGUA-2,10\r\nBIL-3\t1\n"TER-4";"3"\n')).toEqual({
      rows: [
        { line: 2, sku: 'COL-1', qty: 2 },
        { line: 4, sku: 'GUA-2', qty: 10 },
        { line: 5, sku: 'BIL-3', qty: 1 },
        { line: 6, sku: 'TER-4', qty: 3 },
      ],
    });
  });

  it('says what is wrong with each bad row: a wrong separator, no code, a quantity of 0 or not a whole number', () => {
    const parsed = parseQuickOrder('COL-1|2\n;4\nCOL-2;0\nCOL-3;1.5\nCOL-4;due\nCOL-5;2;x');
    expect(parsed).toEqual({
      rows: [
        { line: 1, sku: 'COL-1|2', qty: Number.NaN, problem: QUICK_ORDER_MESSAGES.separator },
        { line: 2, sku: '', qty: 4, problem: QUICK_ORDER_MESSAGES.skuMissing },
        { line: 3, sku: 'COL-2', qty: 0, problem: QUICK_ORDER_MESSAGES.qtyInvalid },
        { line: 4, sku: 'COL-3', qty: Number.NaN, problem: QUICK_ORDER_MESSAGES.qtyInvalid },
        { line: 5, sku: 'COL-4', qty: Number.NaN, problem: QUICK_ORDER_MESSAGES.qtyInvalid },
        { line: 6, sku: 'COL-5', qty: 2, problem: QUICK_ORDER_MESSAGES.qtyInvalid },
      ],
    });
  });

  it('refuses a text over 1,000 rows or 1 MB as a whole', () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => `SKU-${i};1`).join('\n');
    expect('rows' in parseQuickOrder(rows(QUICK_ORDER_MAX_ROWS))).toBe(true);
    expect(parseQuickOrder(rows(QUICK_ORDER_MAX_ROWS + 1))).toEqual({ error: 'A quick order holds at most 1000 rows' });
    expect(parseQuickOrder(`A;1\n${'x'.repeat(1_048_576)}`)).toEqual({ error: QUICK_ORDER_MESSAGES.tooLarge });
  });
});

describe('quickOrderRowProblem', () => {
  const stock = { found: true, inStock: true, maxQty: 5 };
  it('names unknown codes, sold-out products, quantities over stock and of 0', () => {
    expect(quickOrderRowProblem(2, stock)).toBeUndefined();
    expect(quickOrderRowProblem(2, { ...stock, maxQty: null })).toBeUndefined();
    expect(quickOrderRowProblem(2, { ...stock, found: false })).toBe(QUICK_ORDER_MESSAGES.unknownSku);
    expect(quickOrderRowProblem(2, { ...stock, inStock: false })).toBe(QUICK_ORDER_MESSAGES.outOfStock);
    expect(quickOrderRowProblem(6, stock)).toBe('Only 5 available');
    expect(quickOrderRowProblem(0, stock)).toBe(QUICK_ORDER_MESSAGES.qtyInvalid);
  });
});
