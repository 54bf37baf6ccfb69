import { IMPORT_ORDER } from '@shop/db';
import type { ImportSummary } from './summary.ts';

const number = new Intl.NumberFormat('en-US');

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((row) => row[col]!.length)));
  return rows.map((row) => row.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!))).join('  ').trimEnd());
}

function list(counts: Record<string, number>): string {
  return Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, n]) => `${key} ${number.format(n)}`)
    .join(', ');
}

function cacheLine(summary: ImportSummary): string {
  const { cache } = summary;
  if (cache.failures.length) return `Cache: invalidation FAILED (${cache.failures.join('; ')}); pages may show old data until their cache expires`;
  if (cache.sent) return `Cache: ${number.format(cache.tags)} tags invalidated on the storefront`;
  if (cache.notConfigured) return 'Cache: no storefront to invalidate (STOREFRONT_INTERNAL_URL unset); a storefront started later begins with an empty cache';
  return 'Cache: nothing changed, nothing to invalidate';
}

/** The report printed at the end of an import. */
export function formatReport(summary: ImportSummary): string {
  const lines: string[] = [];
  const records = [...summary.entities.values()].reduce((n, c) => n + c.read, 0);
  const verb = summary.fatal ? 'Import STOPPED' : 'Import finished';
  lines.push(`${verb} after ${seconds(summary.milliseconds)}: ${number.format(summary.files)} files, ${number.format(records)} documents, into ${summary.target}`);
  const rows = [['entity', 'read', 'new', 'updated', 'unchanged', 'skipped']];
  for (const entity of IMPORT_ORDER) {
    const c = summary.entities.get(entity);
    if (c) rows.push([entity, c.read, c.inserted, c.updated, c.unchanged, c.skipped].map((v) => (typeof v === 'number' ? number.format(v) : v)));
  }
  if (rows.length > 1) lines.push('', ...table(rows));
  if (Object.keys(summary.productTypes).length) lines.push('', `Products by type: ${list(summary.productTypes)}`);
  const derived = IMPORT_ORDER.flatMap((entity) => {
    const fields = summary.derived.get(entity);
    return fields ? [`${entity} ${list(fields)}`] : [];
  });
  if (derived.length) lines.push(`Derived (missing in the dump): ${derived.join('; ')}`);
  lines.push(cacheLine(summary));
  if (summary.skippedTotal) {
    lines.push('', `Skipped ${number.format(summary.skippedTotal)} records:`);
    for (const skip of summary.skips) lines.push(`  ${skip.source}  ${skip.reason}`);
    const more = summary.skippedTotal - summary.skips.length;
    if (more > 0) lines.push(`  …and ${number.format(more)} more`);
  }
  if (summary.fatal) lines.push('', `Error: ${summary.fatal}`, 'Batches written before the error are kept; run the import again to finish (it is idempotent).');
  return lines.join('\n');
}
