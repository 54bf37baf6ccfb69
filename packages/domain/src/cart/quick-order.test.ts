import { describe, expect, it } from 'vitest';
import { bulkAddPlan, parseQuickOrder, QUICK_ORDER_MAX_ROWS, QUICK_ORDER_MESSAGES, quickOrderRowProblem, type ResolvedQuickOrderRow } from './quick-order.ts';

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

  it('reads "sku qty" rows separated by spaces, and a header row so written', () => {
    expect(parseQuickOrder('Codice Quantità\nCOL-1 2\n  GUA-2   10  \nBIL 3 1\nTER-4')).toEqual({
      rows: [
        { line: 2, sku: 'COL-1', qty: 2 },
        { line: 3, sku: 'GUA-2', qty: 10 },
        { line: 4, sku: 'BIL', qty: 3, problem: QUICK_ORDER_MESSAGES.qtyInvalid },
        { line: 5, sku: 'TER-4', qty: Number.NaN, problem: QUICK_ORDER_MESSAGES.separator },
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

  it('refuses a row asking more than the cart takes per line', () => {
    expect(parseQuickOrder('COL-1;10000\nCOL-2;10001')).toEqual({
      rows: [
        { line: 1, sku: 'COL-1', qty: 10_000 },
        { line: 2, sku: 'COL-2', qty: 10_001, problem: 'At most 10000 per row' },
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

describe('bulkAddPlan', () => {
  const row = (sku: string, qty: number, extra: Partial<ResolvedQuickOrderRow> = {}): ResolvedQuickOrderRow => ({
    sku,
    qty,
    name: `Prodotto ${sku}`,
    price: 10,
    stock_status: 'ok',
    max_qty: 5,
    error: null,
    ...extra,
  });
  const rows = [
    row('A', 2),
    row('B', 7, { error: 'Only 5 available' }),
    row('C', 1, { stock_status: 'out_of_stock', max_qty: 0, error: QUICK_ORDER_MESSAGES.outOfStock }),
    row('D', 1, { name: null, price: null, stock_status: null, max_qty: null, error: QUICK_ORDER_MESSAGES.unknownSku }),
    row('E', 1, { price: null, stock_status: null, max_qty: null, error: QUICK_ORDER_MESSAGES.notSimple }),
    row('F', 3, { stock_status: 'volatile', max_qty: null }),
  ];

  it('adds the rows without a problem and refuses every other with its reason', () => {
    expect(bulkAddPlan(rows)).toEqual({
      add: [
        { sku: 'A', qty: 2, name: 'Prodotto A', stock: 'ok' },
        { sku: 'F', qty: 3, name: 'Prodotto F', stock: 'volatile' },
      ],
      refused: [
        { sku: 'B', qty: 7, name: 'Prodotto B', error: 'Only 5 available' },
        { sku: 'C', qty: 1, name: 'Prodotto C', error: QUICK_ORDER_MESSAGES.outOfStock },
        { sku: 'D', qty: 1, name: null, error: QUICK_ORDER_MESSAGES.unknownSku },
        { sku: 'E', qty: 1, name: 'Prodotto E', error: QUICK_ORDER_MESSAGES.notSimple },
      ],
    });
  });

  it('for a reorder, adds a row over stock with what is left and says how much was asked', () => {
    const plan = bulkAddPlan(rows, { reduceToStock: true });
    expect(plan.add).toContainEqual({ sku: 'B', qty: 5, name: 'Prodotto B', stock: 'ok', reducedFrom: 7 });
    expect(plan.refused.map((r) => r.sku)).toEqual(['C', 'D', 'E']);
  });
});
