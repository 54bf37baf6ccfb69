import { FileAnswer } from '../../http/route.ts';

/**
 * The back office's CSV exports as a spreadsheet opens them in Italy: `;`-separated, UTF-8 with
 * a BOM (so Excel reads the accents), Italian headers, amounts with a decimal comma, dates as
 * Europe/Rome "DD/MM/YYYY HH:mm", CRLF lines. A cell starting with = + - @ (or a tab or carriage
 * return) gets a leading ' so that no spreadsheet runs it as a formula (CSV injection).
 */
const romeTime = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** DD/MM/YYYY HH:mm in Europe/Rome. */
export function romeDateTime(date: Date): string {
  const part = Object.fromEntries(romeTime.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}`;
}

/** YYYY-MM-DD of the day in Europe/Rome (an export's file name). */
export const romeToday = (now: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(now);

/** 123456 → "1234,56" (no thousands separator: a spreadsheet reads it as a number). */
export const csvAmount = (cents: number) => `${cents < 0 ? '-' : ''}${Math.trunc(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** One cell: defused if it could start a formula, quoted when it holds the separator, a quote or a line break. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const line = (cells: readonly string[]) => `${cells.map(csvCell).join(';')}\r\n`;

/** The file: BOM and headers, then one string per batch of items, each item one line of `cells`. */
export async function* csvFile<T>(headers: readonly string[], batches: AsyncIterable<T[]>, cells: (item: T) => string[]): AsyncGenerator<string> {
  yield `\uFEFF${line(headers)}`;
  for await (const items of batches) yield items.map((item) => line(cells(item))).join('');
}

/** The answer of an export route: streamed (no length), downloaded as `<name>-<Rome day>.csv`, kept by no cache. */
export function csvDownload(file: AsyncIterable<string>, name: string, now: Date): FileAnswer {
  return new FileAnswer(file, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${name}-${romeToday(now)}.csv"`,
    'cache-control': 'private, no-store',
  });
}
