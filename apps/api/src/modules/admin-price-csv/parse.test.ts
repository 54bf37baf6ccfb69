import { PRICE_CSV_MAX_ROWS, PRICE_CSV_MESSAGES as M } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { parsePriceCsv, type ParsedPriceCsv } from './parse.ts';

const HEADER = 'sku;name;price;special_price;special_from;special_to;qty;is_in_stock';
const file = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;

function read(text: string): Exclude<ParsedPriceCsv, { refused: string }> {
  const parsed = parsePriceCsv(text);
  if (parsed.refused !== undefined) throw new Error(`refused: ${parsed.refused}`);
  return parsed;
}
const refusal = (text: string) => parsePriceCsv(text).refused;
/** The problems of a file of one row, as "column: message". */
const problemsOf = (header: string, row: string) => read(file(header, row)).problems.map((p) => p.message);

describe('parsePriceCsv: the good rows', () => {
  it('reads the export’s own format: BOM, decimal commas, instants with offset, availability', () => {
    const parsed = read(`\uFEFF${file(HEADER, 'KN-1;Coltello "da cuoco";19,90;14,50;2026-12-01T00:00:00+01:00;2027-01-01T00:00:00+01:00;25;1', 'KN-2;Mestolo;5,00;;;;0;0')}`);
    expect(parsed.columns).toEqual(['sku', 'name', 'price', 'special_price', 'special_from', 'special_to', 'qty', 'is_in_stock']);
    expect(parsed.lines).toEqual([2, 3]);
    expect(parsed.problems).toEqual([]);
    expect(parsed.rows).toEqual([
      { line: 2, sku: 'KN-1', values: { priceCents: 1990, specialPriceCents: 1450, specialFrom: '2026-11-30T23:00:00.000Z', specialTo: '2026-12-31T23:00:00.000Z', qty: 25, isInStock: true } },
      { line: 3, sku: 'KN-2', values: { priceCents: 500, specialPriceCents: null, specialFrom: null, specialTo: null, qty: 0, isInStock: false } },
    ]);
  });

  it('takes the columns in any order and case; a column left out is not set; `name` is never read', () => {
    const parsed = read(file('QTY;Sku;Name', '12;KN-1;Un nome qualsiasi; '));
    expect(parsed.columns).toEqual(['qty', 'sku', 'name']);
    expect(parsed.rows).toEqual([{ line: 2, sku: 'KN-1', values: { qty: 12 } }]);
  });

  it('numbers: a decimal comma or point, a € sign and spaces ignored, no thousands separator', () => {
    const prices = ['19,9', '19.90', '€ 19,90', '19,90 €', '0', '1000000'].map((price) => read(file('sku;price', `A;${price}`)).rows[0]!.values.priceCents);
    expect(prices).toEqual([1990, 1990, 1990, 1990, 0, 100_000_000]);
    const quantities = ['7', '2,5', '0.25', '1,234', '1000000000'].map((qty) => read(file('sku;qty', `A;${qty}`)).rows[0]!.values.qty);
    expect(quantities).toEqual([7, 2.5, 0.25, 1.234, 1_000_000_000]);
  });

  it('availability 1/0, sì/no, true/false, vero/falso in any case; empty lets the quantity decide', () => {
    const values = ['1', 'SÌ', 'si', 'true', 'Vero', '0', 'no', 'FALSE', 'falso', ''].map((v) => read(file('sku;is_in_stock', `A;${v}`)).rows[0]!.values.isInStock);
    expect(values).toEqual([true, true, true, true, true, false, false, false, false, null]);
  });

  it('dates: a day (from its start, to its end, Italian time), a time in Italy, an instant with its offset', () => {
    const window = (from: string, to: string) => read(file('sku;special_from;special_to', `A;${from};${to}`)).rows[0]!.values;
    expect(window('2026-12-01', '2026-12-31')).toEqual({ specialFrom: '2026-11-30T23:00:00.000Z', specialTo: '2026-12-31T23:00:00.000Z' });
    expect(window('01/07/2026', '31/07/2026')).toEqual({ specialFrom: '2026-06-30T22:00:00.000Z', specialTo: '2026-07-31T22:00:00.000Z' });
    expect(window('1/7/2026 08:30', '2026-07-31 18:00:59')).toEqual({ specialFrom: '2026-07-01T06:30:00.000Z', specialTo: '2026-07-31T16:00:59.000Z' });
    expect(window('2026-07-01T08:30:00.750Z', '2026-07-31T18:00+02:00')).toEqual({ specialFrom: '2026-07-01T08:30:00.000Z', specialTo: '2026-07-31T16:00:00.000Z' });
  });

  it('quoted cells hold separators, quotes and line breaks; the next row’s line counts them', () => {
    const parsed = read('sku;name;price\n"KN;1";"Detto ""il grande""\nsu due righe";10\nKN-2;x;11\n');
    expect(parsed.rows.map((r) => [r.line, r.sku, r.values.priceCents])).toEqual([
      [2, 'KN;1', 1000],
      [4, 'KN-2', 1100],
    ]);
  });

  it('skips blank rows (and the empty cells a spreadsheet adds), LF, CRLF or CR line ends', () => {
    const parsed = read('sku;qty;;\r\n\r\nA;1;;\r;;;\rB;2\n');
    expect(parsed.lines).toEqual([3, 5]);
    expect(parsed.rows.map((r) => [r.line, r.sku])).toEqual([
      [3, 'A'],
      [5, 'B'],
    ]);
  });

  it('undoes the apostrophe the export puts before a cell a spreadsheet would take for a formula', () => {
    expect(read(file('sku;price', "'-KN-1;10", "'=KN-2;11", "'KN-3;12")).rows.map((r) => r.sku)).toEqual(['-KN-1', '=KN-2', "'KN-3"]);
  });
});

describe('parsePriceCsv: bad rows, each named with its line and column', () => {
  it('prices: negative, not a number, three decimals, thousands separators, over the maximum, missing', () => {
    expect(problemsOf('sku;price', 'A;-5')).toEqual(['price: il prezzo non può essere negativo (-5).']);
    expect(problemsOf('sku;special_price', 'A;dieci')).toEqual(['special_price: «dieci» non è un numero: scrivi ad esempio 19,90.']);
    expect(problemsOf('sku;price', 'A;1,999')).toEqual(['price: «1,999»: niente separatore delle migliaia (scrivi 1234,50).']);
    expect(problemsOf('sku;price', 'A;19,9999')).toEqual(['price: «19,9999» ha più di due decimali.']);
    expect(problemsOf('sku;price', 'A;1.234,50')).toEqual(['price: «1.234,50»: niente separatore delle migliaia (scrivi 1234,50).']);
    expect(problemsOf('sku;price', 'A;1000000,01')).toEqual(['price: «1000000,01» supera il massimo di 1.000.000,00 €.']);
    expect(problemsOf('sku;price', 'A;')).toEqual(['price: manca il valore (la colonna è nel file: ogni riga lo indica).']);
  });

  it('a special price not below the price, a window ending before it starts', () => {
    expect(problemsOf('sku;price;special_price', 'A;10;10')).toEqual(['special_price: il prezzo speciale (10,00 €) deve essere inferiore al prezzo (10,00 €).']);
    expect(problemsOf('sku;special_from;special_to', 'A;31/12/2026;01/12/2026')).toEqual(['special_to: la fine del prezzo speciale (01/12/2026) deve venire dopo l’inizio (31/12/2026).']);
    expect(problemsOf('sku;special_from', 'A;31/02/2026')).toEqual([M.badDate.replace('{column}', 'special_from').replace('{value}', '31/02/2026')]);
    expect(problemsOf('sku;special_to', 'A;domani')).toEqual([M.badDate.replace('{column}', 'special_to').replace('{value}', 'domani')]);
  });

  it('quantities and availability', () => {
    expect(problemsOf('sku;qty', 'A;-1')).toEqual(['qty: la quantità non può essere negativa (-1).']);
    expect(problemsOf('sku;qty', 'A;1.234')).toEqual(['qty: «1.234» è ambiguo: scrivi 1234 senza separatore delle migliaia, oppure la virgola per i decimali.']);
    expect(problemsOf('sku;qty', 'A;molti')).toEqual(['qty: «molti» non è una quantità: scrivi un numero come 25.']);
    expect(problemsOf('sku;qty', 'A;1000000001')).toEqual(['qty: «1000000001» supera il massimo di 1.000.000.000.']);
    expect(problemsOf('sku;is_in_stock', 'A;forse')).toEqual([M.badStock.replace('{value}', 'forse')]);
  });

  it('SKUs: missing, too long; a row with too few or too many cells', () => {
    expect(problemsOf('sku;qty', ';1')).toEqual([M.missingSkuValue]);
    expect(problemsOf('sku;qty', `${'X'.repeat(65)};1`)).toEqual([M.sku]);
    expect(problemsOf('sku;name;qty', 'A;1')).toEqual(['la riga ha 2 colonne, l’intestazione 3.']);
    expect(problemsOf('sku;qty', 'A;1;2')).toEqual(['la riga ha 3 colonne, l’intestazione 2.']);
  });

  it('a SKU twice: every one of its rows refused, naming the others; every problem of a row listed, by line', () => {
    const parsed = read(file('sku;price;qty', 'A;10;1', 'B;-1;x', 'A;11;1', 'C;12;3'));
    expect(parsed.rows.map((r) => r.sku)).toEqual(['C']);
    expect(parsed.problems).toEqual([
      { line: 2, sku: 'A', column: 'sku', message: 'sku: lo SKU A compare più volte nel file (righe 2, 4): tienine una sola.' },
      { line: 3, sku: 'B', column: 'price', message: 'price: il prezzo non può essere negativo (-1).' },
      { line: 3, sku: 'B', column: 'qty', message: 'qty: «x» non è una quantità: scrivi un numero come 25.' },
      { line: 4, sku: 'A', column: 'sku', message: 'sku: lo SKU A compare più volte nel file (righe 2, 4): tienine una sola.' },
    ]);
  });
});

describe('parsePriceCsv: a file refused whole', () => {
  it('not UTF-8 (Windows-1252 bytes, UTF-16), empty, or without rows', () => {
    const windows1252 = Buffer.concat([Buffer.from('sku;price\nCAFF'), Buffer.from([0xc8]), Buffer.from(';10\n')]).toString('utf8');
    expect(refusal(windows1252)).toBe(M.encoding);
    expect(refusal(Buffer.from(`\uFEFF${HEADER}\n`, 'utf16le').toString('utf8'))).toBe(M.encoding);
    expect(refusal('sku;price\0\n')).toBe(M.encoding);
    expect(refusal(' \r\n')).toBe(M.empty);
    expect(refusal('sku;price\r\n;;\r\n')).toBe(M.noRows);
  });

  it('another separator: commas, tabs', () => {
    expect(refusal('sku,price\nA,10\n')).toBe(M.separator.replace('{found}', 'la virgola (,)'));
    expect(refusal('sku\tprice\nA\t10\n')).toBe(M.separator.replace('{found}', 'il tabulatore'));
  });

  it('a wrong header: unknown or repeated columns, no sku, nothing to import', () => {
    const header = (problem: string) => M.header.replace('{problem}', problem).replace('{columns}', HEADER);
    expect(refusal('codice;prezzo\nA;10\n')).toBe(header('colonne sconosciute «codice», «prezzo»'));
    expect(refusal('sku;price;PRICE\nA;1;2\n')).toBe(header('la colonna price compare più volte'));
    expect(refusal('name;price\nA;10\n')).toBe(header(M.missingSku));
    expect(refusal('sku;name\nA;x\n')).toBe(header(M.nothingToImport));
    // A file without its header: its first row is read as one.
    expect(refusal('KN-1;19,90\n')).toBe(header('colonne sconosciute «kn-1», «19,90»'));
  });

  it('more than 50,000 rows; a quote that never closes', () => {
    const rows = Array.from({ length: PRICE_CSV_MAX_ROWS + 1 }, (_, i) => `S${i};1`);
    expect(refusal(file('sku;qty', ...rows))).toBe(M.tooManyRows.replace('{max}', '50.000'));
    expect(read(file('sku;qty', ...rows.slice(1))).rows).toHaveLength(PRICE_CSV_MAX_ROWS);
    expect(refusal('sku;name;qty\nA;"aperte;1\nB;x;2\n')).toBe(M.unclosedQuote.replace('{line}', '2'));
  });
});
