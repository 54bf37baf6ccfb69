import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The shipped Inter keeps only a range of weights (scripts/subset-inter.sh): a style asking for
// a weight outside it would get the nearest kept one, not the weight it asks for.
const fontsDir = import.meta.dirname;
const srcDir = join(fontsDir, '..');
const [min, max] = /weight: '(\d+) (\d+)'/.exec(readFileSync(join(fontsDir, 'inter.ts'), 'utf8'))!.slice(1).map(Number) as [number, number];
const KEYWORDS: Record<string, number> = { normal: 400, bold: 700 };

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? cssFiles(join(dir, entry.name)) : entry.name.endsWith('.css') ? [join(dir, entry.name)] : [],
  );
}

describe('font weights of the styles', () => {
  const used = cssFiles(srcDir).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/font-weight:\s*([^;}\s]+)/g)].map((match) => ({ file: file.slice(srcDir.length + 1), value: match[1]! })),
  );

  it('finds the styles and the font range', () => {
    expect(used.length).toBeGreaterThan(50);
    expect([min, max]).toEqual([400, 800]);
  });

  it('asks only for weights the shipped font has', () => {
    const outside = used.filter(({ value }) => {
      const weight = KEYWORDS[value] ?? Number(value);
      return !(weight >= min && weight <= max);
    });
    expect(outside).toEqual([]);
  });
});
