import type { PriceCsvPreview, PriceCsvReport } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { inParts, mergePreviews, mergeReports, PartsStopped } from './parts.ts';

const problem = (line: number) => ({ line, sku: `S${line}`, column: 'price' as const, message: `price: riga ${line}` });
const preview = (rows: number, lines: number[], extra: Partial<PriceCsvPreview> = {}): PriceCsvPreview => ({
  columns: ['sku', 'price'],
  fileRows: 7000,
  rows,
  invalid: lines.length,
  problems: lines.map(problem),
  problemsNotListed: 0,
  changing: rows - lines.length,
  unchanged: 0,
  changes: [],
  ...extra,
});

describe('a price file in parts', () => {
  it('sends part after part until the file’s last row, telling the progress', async () => {
    const sent: [number, number][] = [];
    const progress: [number, number][] = [];
    const answers = await inParts(
      2500,
      async (offset, limit) => {
        sent.push([offset, limit]);
        return preview(Math.min(limit, 7000 - offset), []);
      },
      (done, total) => progress.push([done, total]),
    );
    expect(sent).toEqual([[0, 2500], [2500, 2500], [5000, 2500]]);
    expect(progress).toEqual([[2500, 7000], [5000, 7000], [7000, 7000]]);
    expect(mergePreviews(answers)).toMatchObject({ fileRows: 7000, rows: 7000, changing: 7000, invalid: 0 });
  });

  it('a failed part: its error and the answers before it', async () => {
    const failure = new Error('Il negozio non risponde: riprova tra poco.');
    const stopped = await inParts(2500, async (offset) => (offset < 5000 ? preview(2500, []) : Promise.reject(failure)), () => {}).catch((e: unknown) => e);
    expect(stopped).toBeInstanceOf(PartsStopped);
    expect((stopped as PartsStopped<PriceCsvPreview>).error).toBe(failure);
    expect((stopped as PartsStopped<PriceCsvPreview>).done).toHaveLength(2);
  });

  it('adds the parts’ counts; lists the first 1,000 problems and counts the rest', () => {
    const first = preview(2500, Array.from({ length: 900 }, (_, i) => i + 2));
    const second = preview(2500, Array.from({ length: 300 }, (_, i) => i + 2502), { problemsNotListed: 5 });
    const merged = mergePreviews([first, second]);
    expect(merged).toMatchObject({ rows: 5000, invalid: 1200, changing: 3800, problemsNotListed: 205 });
    expect(merged.problems).toHaveLength(1000);
    expect(merged.problems.at(-1)).toEqual(problem(2601));
    const report = (written: number): PriceCsvReport => ({ columns: ['sku', 'qty'], fileRows: 5000, rows: 2500, invalid: 0, problems: [], problemsNotListed: 0, written, unchanged: 2500 - written, batches: 5 });
    expect(mergeReports([report(2000), report(2500)])).toEqual({ columns: ['sku', 'qty'], fileRows: 5000, rows: 5000, invalid: 0, problems: [], problemsNotListed: 0, written: 4500, unchanged: 500, batches: 10 });
  });
});
