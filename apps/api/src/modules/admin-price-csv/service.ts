import {
  ADMIN_PRODUCT_BATCH,
  ADMIN_PRODUCT_MESSAGES as PM,
  PRICE_CSV_COLUMNS,
  PRICE_CSV_LISTED_CHANGES,
  PRICE_CSV_LISTED_PROBLEMS,
  PRICE_CSV_MAX_ROWS,
  PRICE_CSV_MESSAGES as M,
  type AdminProductFilterQuery,
  type PriceCsvChange,
  type PriceCsvColumn,
  type PriceCsvPart,
  type PriceCsvPreview,
  type PriceCsvProblem,
  type PriceCsvReport,
} from '@shop/contracts';
import { applyStockLevels, findStockLevels, textArray, type Db } from '@shop/db';
import type { ProductDoc } from '@shop/domain';
import { sql } from 'kysely';
import { HttpError } from '../../http/errors.ts';
import type { FileAnswer } from '../../http/route.ts';
import { recordAudit, type AuditActor } from '../admin/audit.ts';
import { csvDownload, csvFile } from '../admin/csv.ts';
import { EditsRefused, type EditProblem, type ProductEdit } from '../admin-products/edits.ts';
import { readFields, type ProductFields } from '../admin-products/fields.ts';
import type { AdminProducts } from '../admin-products/service.ts';
import { cellOf, type PriceValueColumn } from './cells.ts';
import { parsePriceCsv, type PriceRow } from './parse.ts';
import { rowPatch } from './row-patch.ts';

/** The product fields the editor names in its problems, as the file's columns. */
const COLUMN_OF: Readonly<Record<string, PriceCsvColumn>> = {
  sku: 'sku',
  priceCents: 'price',
  specialPriceCents: 'special_price',
  specialFrom: 'special_from',
  specialTo: 'special_to',
  qty: 'qty',
  isInStock: 'is_in_stock',
};

const WHOLE: PriceCsvPart = { offset: 0, limit: PRICE_CSV_MAX_ROWS };
const VALUE_COLUMNS = PRICE_CSV_COLUMNS.filter((c): c is PriceValueColumn => c !== 'sku' && c !== 'name');

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A problem the catalogue found with a row (an unknown SKU, a special price not below the product's price), named by line and column. */
function rowProblem(row: PriceRow, problem: EditProblem): PriceCsvProblem {
  const column = COLUMN_OF[problem.field] ?? null;
  const message = problem.code === 'not-found' ? M.unknownSku.replace('{sku}', row.sku) : column ? problem.message.replace(/^[\w.]+:\s*/, `${column}: `) : problem.message;
  return { line: row.line, sku: row.sku, column, message };
}

/** The counts and the listed problems of an answer. */
function problemCounts(problems: PriceCsvProblem[]) {
  problems.sort((a, b) => a.line - b.line);
  return {
    invalid: new Set(problems.map((p) => p.line)).size,
    problems: problems.slice(0, PRICE_CSV_LISTED_PROBLEMS),
    problemsNotListed: Math.max(0, problems.length - PRICE_CSV_LISTED_PROBLEMS),
  };
}

/**
 * Prices and stock as CSV (issue #45 point 1): the export of the products a filter selects, and
 * the import in two steps, both over the same reading of the file (parse.ts). Each row becomes an
 * edit of its product through AdminProducts (checkEdits for the preview, applyEdits for the
 * import: the catalogue's one write path, audited per product, with the storefront's and the
 * edge's cache tags and the search index following), in batches of ADMIN_PRODUCT_BATCH rows.
 * Nothing is kept between the two steps: the import reads and checks the file again, against the
 * catalogue as it is then, and writes only the rows still good. A request may take a part of the
 * file (PriceCsvPart): the whole file is read and checked, the part's rows compared or written.
 */
export class PriceCsv {
  constructor(
    private readonly db: Db,
    private readonly products: AdminProducts,
    private readonly now: () => Date,
  ) {}

  /** The export, `prezzi-scorte-<day>.csv`: every selected product in SKU order, its fields as an edit reads them, a batch at a time. */
  download(query: AdminProductFilterQuery): FileAnswer {
    const file = csvFile(PRICE_CSV_COLUMNS, this.exportBatches(query), ([sku, fields]) => [sku, fields.name, ...VALUE_COLUMNS.map((column) => cellOf(column, fields))]);
    return csvDownload(file, 'prezzi-scorte', this.now());
  }

  private async *exportBatches(query: AdminProductFilterQuery): AsyncGenerator<[string, ProductFields][]> {
    for await (const items of this.products.selection(query, ADMIN_PRODUCT_BATCH)) {
      const skus = items.map((item) => item.sku);
      const [{ rows }, levels] = await Promise.all([
        sql<{ sku: string; doc: ProductDoc }>`SELECT p.sku, d.doc FROM product p JOIN product_doc d ON d.id = p.id WHERE p.sku = ANY(${textArray(skus)})`.execute(this.db),
        findStockLevels(this.db, skus),
      ]);
      const docs = new Map(rows.map((row) => [row.sku, row.doc]));
      yield skus.flatMap((sku) => {
        const doc = docs.get(sku);
        // The shop's own counts over the document's, as the edit that imports the row back reads them.
        return doc ? [[sku, readFields(applyStockLevels(doc, levels), new Map())] as [string, ProductFields]] : [];
      });
    }
  }

  /** Every row of the part checked, against the catalogue as it is; nothing written. */
  async preview(text: string, part: PriceCsvPart = WHOLE): Promise<PriceCsvPreview> {
    const parsed = this.parse(text, part);
    const problems = [...parsed.problems];
    const changes: PriceCsvChange[] = [];
    let changing = 0;
    let unchanged = 0;
    for (const batch of chunks(parsed.rows, ADMIN_PRODUCT_BATCH)) {
      const seen = new Map<number, PriceCsvChange['fields']>();
      const found = await this.products.checkEdits(batch.map((row, i) => this.edit(row, (fields) => seen.set(i, fields))));
      problems.push(...found.map((p) => rowProblem(batch[p.index]!, p)));
      const refused = new Set(found.map((p) => p.index));
      batch.forEach((row, i) => {
        if (refused.has(i)) return;
        const fields = seen.get(i) ?? [];
        if (fields.length === 0) {
          unchanged++;
          return;
        }
        changing++;
        if (changes.length < PRICE_CSV_LISTED_CHANGES) changes.push({ line: row.line, sku: row.sku, fields });
      });
    }
    return { ...parsed.counts, ...problemCounts(problems), changing, unchanged, changes };
  }

  /**
   * Writes the good rows, batch by batch, each all or nothing; a row the catalogue refuses now
   * (changed since the preview) is skipped with its reason and the rest of its batch written.
   * Audited per product, and once a request (the file, or its part).
   */
  async import(text: string, actor: AuditActor, part: PriceCsvPart = WHOLE): Promise<PriceCsvReport> {
    const parsed = this.parse(text, part);
    const problems = [...parsed.problems];
    let written = 0;
    let unchanged = 0;
    let batches = 0;
    const summary = () => ({ ...parsed.counts, ...problemCounts(problems), written, unchanged, batches });
    try {
      for (const [n, batch] of chunks(parsed.rows, ADMIN_PRODUCT_BATCH).entries()) {
        let pending = batch;
        while (pending.length > 0) {
          try {
            const outcome = await this.products.applyEdits(pending.map((row) => this.edit(row)), actor, 'product.price-import');
            const changed = outcome.edits.filter((edit) => edit.changed.length > 0).length;
            written += changed;
            unchanged += outcome.edits.length - changed;
            batches++;
            break;
          } catch (error) {
            const refused = error instanceof EditsRefused ? new Set(error.problems.map((p) => p.index)) : new Set<number>();
            if (refused.size === 0) {
              if (n === 0 || !(error instanceof HttpError)) throw error;
              throw new HttpError(error.status, PM.bulkStopped.replace('{batch}', String(n + 1)).replace('{reason}', error.message).replace('{written}', String(written)));
            }
            problems.push(...(error as EditsRefused).problems.map((p) => rowProblem(pending[p.index]!, p)));
            pending = pending.filter((_, i) => !refused.has(i));
          }
        }
      }
    } finally {
      if (batches > 0) {
        const { problems: _listed, columns: _columns, ...counts } = summary();
        await recordAudit(this.db, actor, { action: 'catalog.price-import', objectType: 'catalog', objectId: 'prices-csv', before: null, after: { ...part, ...counts } }, this.now());
      }
    }
    return summary();
  }

  /** The file read whole (or refused whole), and the rows and problems of the part asked for. */
  private parse(text: string, part: PriceCsvPart) {
    const parsed = parsePriceCsv(text);
    if (parsed.refused !== undefined) throw new HttpError(400, parsed.refused);
    const lines = parsed.lines.slice(part.offset, part.offset + part.limit);
    const inPart = (line: number) => lines.length > 0 && line >= lines[0]! && line <= lines[lines.length - 1]!;
    return {
      counts: { columns: parsed.columns, fileRows: parsed.lines.length, rows: lines.length },
      rows: parsed.rows.filter((row) => inPart(row.line)),
      problems: parsed.problems.filter((problem) => inPart(problem.line)),
    };
  }

  /** A row as an edit of its product: what differs from the product now (rowPatch), told to `seen`. */
  private edit(row: PriceRow, seen?: (fields: PriceCsvChange['fields']) => void): ProductEdit {
    return {
      sku: row.sku,
      patch: (current) => {
        const { patch, changes } = rowPatch(row.values, current);
        seen?.(changes);
        return patch;
      },
    };
  }
}
