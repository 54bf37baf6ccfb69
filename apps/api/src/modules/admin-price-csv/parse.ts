import { PRICE_CSV_COLUMNS, PRICE_CSV_MAX_ROWS, PRICE_CSV_MESSAGES as M, skuText, type PriceCsvColumn, type PriceCsvProblem } from '@shop/contracts';
import { formatCents } from '../admin-products/fields.ts';
import { fromRomeTime } from './rome-time.ts';

/**
 * Reads a price CSV (the format: packages/contracts/src/admin-price-csv.ts) into the values of
 * each good row and the problems of each bad one, naming line and column. Pure: whether a SKU
 * exists and how a row compares with its product is the catalogue's to say (service.ts). A file
 * that cannot be read as a whole (encoding, separator, header, size) is refused whole.
 */

/** What a row sets; a column the file leaves out is absent. Instants ISO 8601 (UTC), whole seconds. */
export interface PriceValues {
  priceCents?: number;
  specialPriceCents?: number | null;
  specialFrom?: string | null;
  specialTo?: string | null;
  qty?: number;
  /** Null: the quantity decides. */
  isInStock?: boolean | null;
}

export interface PriceRow {
  /** The file's line where the row starts (the header is line 1). */
  line: number;
  sku: string;
  values: PriceValues;
}

export type ParsedPriceCsv =
  | { refused: string }
  | {
      refused?: undefined;
      columns: PriceCsvColumn[];
      /** The line each row of products starts on, in file order (blank rows not counted). */
      lines: number[];
      /** The rows without a problem, in file order. */
      rows: PriceRow[];
      /** Every problem of the other rows, by line. */
      problems: PriceCsvProblem[];
    };

const SEPARATOR = ';';
const MAX_PRICE_CENTS = 100_000_000;
const MAX_QTY = 1_000_000_000;

const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
/** A cell as a message quotes it: at most 40 characters. */
const quoted = (value: string) => (value.length > 40 ? `${value.slice(0, 39)}…` : value);

interface CsvRecord {
  line: number;
  cells: string[];
}

/**
 * The records of a `;`-separated text: cells in double quotes may hold the separator, line breaks
 * and doubled quotes (""); a quote inside an unquoted cell is a character. Each record with the
 * line it starts on. Returns the line of a quote that never closes instead.
 */
function readRecords(text: string): CsvRecord[] | { unclosed: number } {
  const records: CsvRecord[] = [];
  const n = text.length;
  let i = 0;
  let line = 1;
  while (i < n) {
    const start = line;
    const cells: string[] = [];
    for (;;) {
      let cell: string;
      if (text[i] === '"') {
        const opened = line;
        let parts = '';
        let from = ++i;
        for (;;) {
          const quote = text.indexOf('"', i);
          if (quote < 0) return { unclosed: opened };
          const inside = text.slice(from, quote);
          for (let at = inside.indexOf('\n'); at >= 0; at = inside.indexOf('\n', at + 1)) line++;
          parts += inside;
          if (text[quote + 1] === '"') {
            parts += '"';
            i = from = quote + 2;
            continue;
          }
          i = quote + 1;
          break;
        }
        // Anything between the closing quote and the separator belongs to the cell too.
        let end = i;
        while (end < n && text[end] !== SEPARATOR && text[end] !== '\n' && text[end] !== '\r') end++;
        cell = parts + text.slice(i, end);
        i = end;
      } else {
        let end = i;
        while (end < n && text[end] !== SEPARATOR && text[end] !== '\n' && text[end] !== '\r') end++;
        cell = text.slice(i, end);
        i = end;
      }
      cells.push(cell);
      if (i < n && text[i] === SEPARATOR) {
        i++;
        continue;
      }
      if (i < n) {
        i += text[i] === '\r' && text[i + 1] === '\n' ? 2 : 1;
        line++;
      }
      break;
    }
    records.push({ line: start, cells });
  }
  return records;
}

/** The cell as typed: spaces around it off, and the ' the export puts before a cell a spreadsheet could take for a formula. */
const clean = (cell: string) => cell.trim().replace(/^'(?=[=+\-@])/, '');

type Read<T> = { value: T } | { problem: string };

function readMoney(column: PriceCsvColumn, raw: string): Read<number> {
  const s = raw.replace(/[\s\u00a0€]/g, '');
  const match = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(s);
  if (match) {
    const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
    return cents > MAX_PRICE_CENTS ? { problem: fill(M.priceTooHigh, { column, value: quoted(raw) }) } : { value: cents };
  }
  if (/^-\d+(?:[.,]\d+)?$/.test(s)) return { problem: fill(M.negativePrice, { column, value: quoted(raw) }) };
  if (/^\d{1,3}(?:[.,]\d{3})+(?:[.,]\d{1,2})?$/.test(s)) return { problem: fill(M.thousands, { column, value: quoted(raw) }) };
  if (/^\d+[.,]\d{3,}$/.test(s)) return { problem: fill(M.tooManyDecimals, { column, value: quoted(raw) }) };
  return { problem: fill(M.notANumber, { column, value: quoted(raw) }) };
}

function readQuantity(raw: string): Read<number> {
  const s = raw.replace(/[\s\u00a0]/g, '');
  // 1.234 is a thousand and more to an Italian, one and a bit to a program: neither is guessed.
  if (/^\d{1,3}(?:\.\d{3})+$/.test(s)) return { problem: fill(M.ambiguousQty, { value: quoted(raw), plain: s.replaceAll('.', '') }) };
  if (/^\d+(?:[.,]\d{1,4})?$/.test(s)) {
    const qty = Number(s.replace(',', '.'));
    return qty > MAX_QTY ? { problem: fill(M.qtyTooHigh, { value: quoted(raw) }) } : { value: qty };
  }
  if (/^-\d+(?:[.,]\d+)?$/.test(s)) return { problem: fill(M.negativeQty, { value: quoted(raw) }) };
  return { problem: fill(M.notAQuantity, { value: quoted(raw) }) };
}

const YES = new Set(['1', 'sì', 'si', 'true', 'vero']);
const NO = new Set(['0', 'no', 'false', 'falso']);

function readStock(raw: string): Read<boolean | null> {
  const s = raw.toLowerCase();
  if (s === '') return { value: null };
  if (YES.has(s)) return { value: true };
  if (NO.has(s)) return { value: false };
  return { problem: fill(M.badStock, { value: quoted(raw) }) };
}

const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const YMD = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const DMY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:\s+(\d{1,2})[:.](\d{2})(?:[:.](\d{2}))?)?$/;

/** Whether the parts name a real date and time of day. */
function realDate(year: number, month: number, day: number, hour: number, minute: number, second: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour <= 23 && minute <= 59 && second <= 59;
}

/**
 * A date of the window: an instant with its offset as it is; a time of day in Italy; a day alone
 * from its start (`special_from`) or to its end, the next day's start (`special_to`).
 */
function readDate(column: 'special_from' | 'special_to', raw: string): Read<string | null> {
  if (raw === '') return { value: null };
  const bad = { problem: fill(M.badDate, { column, value: quoted(raw) }) };
  const iso = ISO_INSTANT.exec(raw);
  if (iso) {
    const [, y, mo, d, h, mi, s] = iso.map(Number) as number[];
    const at = Date.parse(raw);
    if (!realDate(y!, mo!, d!, h!, mi!, Number.isNaN(s) ? 0 : s!) || Number.isNaN(at)) return bad;
    return { value: new Date(Math.floor(at / 1000) * 1000).toISOString() };
  }
  const ymd = YMD.exec(raw);
  const dmy = ymd ? null : DMY.exec(raw);
  if (!ymd && !dmy) return bad;
  const [year, month, day, hourText, minute, second] = ymd ? [ymd[1], ymd[2], ymd[3], ymd[4], ymd[5], ymd[6]] : [dmy![3], dmy![2], dmy![1], dmy![4], dmy![5], dmy![6]];
  const parts = [year, month, day, hourText ?? '0', minute ?? '0', second ?? '0'].map(Number) as [number, number, number, number, number, number];
  if (!realDate(...parts)) return bad;
  const dayOnly = hourText === undefined;
  const at = dayOnly && column === 'special_to' ? fromRomeTime(parts[0], parts[1], parts[2] + 1) : fromRomeTime(...parts);
  return { value: at.toISOString() };
}

/** A header's names as columns, or why it is refused. */
function readHeader(cells: readonly string[]): PriceCsvColumn[] | { refused: string } {
  const names = cells.map((c) => c.trim().toLowerCase());
  // A spreadsheet may leave empty cells after the last column.
  while (names.length > 0 && names[names.length - 1] === '') names.pop();
  const refuse = (problem: string) => ({ refused: fill(M.header, { problem, columns: PRICE_CSV_COLUMNS.join(SEPARATOR) }) });
  const unknown = names.filter((name) => !(PRICE_CSV_COLUMNS as readonly string[]).includes(name));
  if (unknown.length > 0) return refuse(fill(M.unknownColumns, { names: unknown.map((name) => `«${quoted(name)}»`).join(', ') }));
  const repeated = names.find((name, i) => names.indexOf(name) !== i);
  if (repeated) return refuse(fill(M.repeatedColumn, { name: repeated }));
  if (!names.includes('sku')) return refuse(M.missingSku);
  if (names.every((name) => name === 'sku' || name === 'name')) return refuse(M.nothingToImport);
  return names as PriceCsvColumn[];
}

/** What a header of one cell is separated by instead, if anything: the name of the separator. */
function otherSeparator(header: string): string | null {
  if (header.includes(',')) return 'la virgola (,)';
  if (header.includes('\t')) return 'il tabulatore';
  if (header.includes('|')) return 'la barra verticale (|)';
  return null;
}

/** One row's values and problems (its SKU's duplicates are found across rows). */
function readRow(record: CsvRecord, columns: readonly PriceCsvColumn[]): { sku: string | null; values: PriceValues; problems: PriceCsvProblem[] } {
  const cells = record.cells.map(clean);
  const skuAt = columns.indexOf('sku');
  const sku = cells[skuAt] ?? '';
  const problems: PriceCsvProblem[] = [];
  const problem = (column: PriceCsvColumn | null, message: string) => problems.push({ line: record.line, sku: sku || null, column, message });
  const values: PriceValues = {};
  if (cells.length < columns.length || cells.slice(columns.length).some((cell) => cell !== '')) {
    problem(null, fill(M.cellCount, { found: cells.length, expected: columns.length }));
    return { sku: null, values, problems };
  }
  columns.forEach((column, i) => {
    const raw = cells[i]!;
    const take = <T>(read: Read<T>, set: (value: T) => void) => ('problem' in read ? problem(column, read.problem) : set(read.value));
    const required = (read: () => Read<number>, set: (value: number) => void) => (raw === '' ? problem(column, fill(M.missingValue, { column })) : take(read(), set));
    switch (column) {
      case 'sku':
        if (raw === '') problem(column, M.missingSkuValue);
        else if (!skuText.safeParse(raw).success) problem(column, M.sku);
        break;
      case 'name':
        break;
      case 'price':
        required(() => readMoney(column, raw), (v) => (values.priceCents = v));
        break;
      case 'special_price':
        if (raw === '') values.specialPriceCents = null;
        else take(readMoney(column, raw), (v) => (values.specialPriceCents = v));
        break;
      case 'special_from':
        take(readDate(column, raw), (v) => (values.specialFrom = v));
        break;
      case 'special_to':
        take(readDate(column, raw), (v) => (values.specialTo = v));
        break;
      case 'qty':
        required(() => readQuantity(raw), (v) => (values.qty = v));
        break;
      case 'is_in_stock':
        take(readStock(raw), (v) => (values.isInStock = v));
        break;
    }
  });
  const { priceCents, specialPriceCents, specialFrom, specialTo } = values;
  if (priceCents !== undefined && specialPriceCents !== undefined && specialPriceCents !== null && specialPriceCents >= priceCents) {
    problem('special_price', fill(M.specialNotBelowPrice, { special: formatCents(specialPriceCents), price: formatCents(priceCents) }));
  }
  if (specialFrom && specialTo && Date.parse(specialTo) <= Date.parse(specialFrom)) {
    problem('special_to', fill(M.windowEndsFirst, { to: cells[columns.indexOf('special_to')]!, from: cells[columns.indexOf('special_from')]! }));
  }
  return { sku: problems.some((p) => p.column === 'sku') ? null : sku, values, problems };
}

/** Reads a whole price CSV: the good rows, every problem of the bad ones, or the reason the file is refused whole. */
export function parsePriceCsv(input: string): ParsedPriceCsv {
  // The body was read as UTF-8: bytes that are not turn into U+FFFD; a NUL is UTF-16's mark.
  if (input.includes('\uFFFD') || input.includes('\u0000')) return { refused: M.encoding };
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  if (text.trim() === '') return { refused: M.empty };
  const records = readRecords(text);
  if (!Array.isArray(records)) return { refused: fill(M.unclosedQuote, { line: records.unclosed }) };
  const [header, ...data] = records;
  if (header!.cells.length === 1) {
    const other = otherSeparator(header!.cells[0]!);
    if (other) return { refused: fill(M.separator, { found: other }) };
  }
  const columns = readHeader(header!.cells);
  if (!Array.isArray(columns)) return columns;

  const rows: PriceRow[] = [];
  const problems: PriceCsvProblem[] = [];
  const linesOf = new Map<string, number[]>();
  const lines: number[] = [];
  for (const record of data) {
    if (record.cells.every((cell) => cell.trim() === '')) continue;
    if (lines.push(record.line) > PRICE_CSV_MAX_ROWS) return { refused: fill(M.tooManyRows, { max: PRICE_CSV_MAX_ROWS.toLocaleString('it-IT') }) };
    const row = readRow(record, columns);
    problems.push(...row.problems);
    if (row.sku !== null) {
      const lines = linesOf.get(row.sku);
      if (lines) lines.push(record.line);
      else linesOf.set(row.sku, [record.line]);
    }
    if (row.problems.length === 0) rows.push({ line: record.line, sku: row.sku!, values: row.values });
  }
  if (lines.length === 0) return { refused: M.noRows };

  // A SKU twice: which row the seller meant is not guessed, every one of them is refused.
  const duplicated = new Set<number>();
  for (const [sku, lines] of linesOf) {
    if (lines.length < 2) continue;
    const listed = lines.length > 10 ? `${lines.slice(0, 10).join(', ')} e altre ${lines.length - 10}` : lines.join(', ');
    for (const line of lines) {
      duplicated.add(line);
      problems.push({ line, sku, column: 'sku', message: fill(M.duplicateSku, { sku: quoted(sku), lines: listed }) });
    }
  }
  const order = (p: PriceCsvProblem) => (p.column === null ? -1 : PRICE_CSV_COLUMNS.indexOf(p.column));
  problems.sort((a, b) => a.line - b.line || order(a) - order(b));
  return { columns, lines, rows: rows.filter((row) => !duplicated.has(row.line)), problems };
}
