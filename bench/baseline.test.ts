import { describe, expect, it } from 'vitest';
import { figuresOf, parseFigure, withBaseline } from './baseline.ts';
import { formatResult } from './load.ts';

const result = { p50: 1.25, p95: 3.5, p99: 7, throughput: 812, errors: 0 } as Parameters<typeof formatResult>[1];
const SECTION = '5,000 products (embedded PGlite)';

describe('parseFigure', () => {
  it('reads the bench’s line shapes: padded names with or without a colon, load results, names past their padding', () => {
    expect(parseFigure(SECTION, `${'API restart on the existing database:'.padEnd(58)} 1.93 s`)).toEqual({ key: `${SECTION} › API restart on the existing database`, value: '1.93 s' });
    expect(parseFigure(SECTION, formatResult('home page, from cache, 8 connections', result))).toEqual({
      key: `${SECTION} › home page, from cache, 8 connections`,
      value: 'p50    1.3 ms  p95    3.5 ms  p99    7.0 ms    812 req/s  0 errors',
    });
    const long = 'accounts: a name well past the fifty-eight characters of padding';
    expect(parseFigure('Accounts', formatResult(long, result))?.key).toBe(`Accounts › ${long}`);
    expect(parseFigure('Client', `client steps: ${'cold cart page to totals shown, a name past its padding too'.padEnd(58)} median  1450 ms, max  1790 ms ✗`)).toEqual({
      key: 'Client › client steps: cold cart page to totals shown, a name past its padding too',
      value: 'median  1450 ms, max  1790 ms ✗',
    });
    expect(parseFigure('Edge', `${'purge-to-fresh after a price change through the back office (100 changes):'.padEnd(58)} p50 210 ms, p95 260 ms`)?.value).toBe('p50 210 ms, p95 260 ms');
  });

  it('takes no section header, indented note or blank line for a figure', () => {
    for (const line of ['## Search', '', '    baseline abc1234: 1.93 s', 'Summary']) expect(parseFigure(SECTION, line)).toBeUndefined();
  });
});

describe('figuresOf and withBaseline', () => {
  // A bench's output: progress, then its summary, in which a figure's name repeats under each size.
  const output = [
    'Building the storefront…',
    `${'storefront start:'.padEnd(58)} 9.99 s`,
    '',
    'Summary',
    '',
    '## 5,000 products (embedded PGlite)',
    `${'storefront start:'.padEnd(58)} 2.10 s`,
    '',
    '## 50,000 products (embedded PGlite)',
    `${'storefront start:'.padEnd(58)} 2.40 s`,
  ].join('\n');

  it('reads the figures of the summary alone, each under its section', () => {
    expect([...figuresOf(output)]).toEqual([
      ['5,000 products (embedded PGlite) › storefront start', '2.10 s'],
      ['50,000 products (embedded PGlite) › storefront start', '2.40 s'],
    ]);
  });

  it('shows each figure with the baseline’s, or says the baseline had none', () => {
    const baseline = { commit: 'b493c95', figures: figuresOf(output) };
    const line = `${'storefront start:'.padEnd(58)} 1.80 s`;
    expect(withBaseline('50,000 products (embedded PGlite)', line, baseline)).toBe(`${line}\n    baseline b493c95: 2.40 s`);
    expect(withBaseline('This machine', line, baseline)).toBe(`${line}\n    baseline b493c95: (no such figure)`);
    expect(withBaseline('This machine', '## Search', baseline)).toBe('## Search');
  });
});
