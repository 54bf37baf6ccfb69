import { describe, expect, it } from 'vitest';
import { formatReport } from './report.ts';
import { ImportSummary, LISTED_SKIPS } from './summary.ts';

function result(entity: 'product' | 'review', parts: object = {}) {
  return {
    entity,
    received: 3,
    inserted: 2,
    updated: 1,
    unchanged: 0,
    skipped: [],
    productTypes: {},
    derived: {},
    cache: { tags: 4, status: 'sent' as const },
    ...parts,
  };
}

describe('formatReport', () => {
  it('counts per entity and product type, lists skipped records with file and line', () => {
    const summary = new ImportSummary('the API at http://127.0.0.1:3001');
    summary.files = 2;
    summary.milliseconds = 1234;
    summary.counts('product').read = 4;
    summary.addDerived('product', ['slug', 'stock']);
    summary.skip('products.ndjson:3', 'malformed JSON: Unexpected end of JSON input');
    summary.addBatch(
      result('product', { skipped: [{ index: 2, reason: 'missing sku' }], productTypes: { simple: 1, configurable: 1 }, derived: { slug: 1 } }),
      ['products.ndjson:1', 'products.ndjson:2', 'products.ndjson:4'],
    );
    expect(formatReport(summary)).toBe(
      [
        'Import finished after 1.2 s: 2 files, 4 documents, into the API at http://127.0.0.1:3001',
        '',
        'entity   read  new  updated  unchanged  skipped',
        'product     4    2        1          0        1',
        '',
        'Products by type: configurable 1, simple 1',
        'Derived (missing in the dump): product slug 2, stock 1',
        'Cache: 4 tags invalidated on the storefront',
        '',
        'Skipped 2 records:',
        '  products.ndjson:3  malformed JSON: Unexpected end of JSON input',
        '  products.ndjson:4  missing sku',
      ].join('\n'),
    );
  });

  it('lists the first skipped records, counts the rest, and says when the run stopped', () => {
    const summary = new ImportSummary('the embedded database at var/db');
    for (let line = 1; line <= LISTED_SKIPS + 3; line++) summary.skip(`r.json:${line}`, 'bad', 'review');
    summary.fatal = 'The API at http://127.0.0.1:3001 answered 500: Internal server error';
    const report = formatReport(summary);
    expect(report).toMatch(/^Import STOPPED after 0.0 s/);
    expect(report).toContain('review    53    0        0          0       53');
    expect(report).toContain(`  r.json:${LISTED_SKIPS}  bad\n  …and 3 more`);
    expect(report).toContain('Cache: nothing changed, nothing to invalidate');
    expect(report).toMatch(/Error: The API .* answered 500.*\nBatches written before the error are kept/);
  });
});
