import { parseVsfDate, type CategoryDoc, type ProductDoc, type VsfDateTime } from '@shop/domain';
import type { ImportEntity } from './entities.ts';
import { flattenCategory } from './normalise-category.ts';
import { normaliseProduct } from './normalise-product.ts';

/** A document ready to write. */
export interface PreparedDoc {
  doc: Record<string, unknown>;
  /** A category copied from a parent's children_data: it never replaces the category's own document. */
  nested: boolean;
  /** Fields derived because the dump lacked them. */
  derived: string[];
}

export interface Prepared {
  docs: PreparedDoc[];
  /** Why (parts of) the document cannot be imported. */
  problems: string[];
}

/** Ids are PostgreSQL integers. */
const MAX_ID = 2_147_483_647;

type Doc = Record<string, unknown>;

function wholeNumber(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 0 && n <= MAX_ID ? n : undefined;
}

/** Makes `doc[field]` a whole number, from itself or else the first fallback present. */
function requireId(doc: Doc, field: string, ...fallbacks: unknown[]): string | undefined {
  const value = [doc[field], ...fallbacks].find((v) => v !== undefined && v !== null && v !== '');
  if (value === undefined) return `missing ${field}`;
  const id = wholeNumber(value);
  if (id === undefined) return `${field} must be a whole number from 0 to ${MAX_ID}, not ${JSON.stringify(value).slice(0, 40)}`;
  doc[field] = id;
  return undefined;
}

function requireText(doc: Doc, field: string): string | undefined {
  const value = doc[field];
  if (typeof value === 'number') doc[field] = String(value);
  else if (typeof value !== 'string' || value.trim() === '') return `missing ${field}`;
  return undefined;
}

/**
 * A date the columns can hold: PostgreSQL servers store years up to 294276, the embedded engine
 * refuses five-digit years, so both are held to what a catalogue means (years 1 to 9999).
 */
function requireStorableDate(doc: Doc, field: string): string | undefined {
  const year = parseVsfDate(doc[field] as VsfDateTime | null | undefined)?.getUTCFullYear();
  if (year === undefined || (year >= 1 && year <= 9999)) return undefined;
  return `${field} must be a date between the years 1 and 9999, not ${JSON.stringify(doc[field]).slice(0, 40)}`;
}

function firstProblem(...checks: (() => string | undefined)[]): string | undefined {
  for (const check of checks) {
    const problem = check();
    if (problem) return problem;
  }
  return undefined;
}

/** The column an entity is keyed by in its table. */
export function keyField(entity: ImportEntity): 'id' | 'attribute_id' {
  return entity === 'attribute' ? 'attribute_id' : 'id';
}

function one(doc: Doc, problem: string | undefined, derived: string[] = []): Prepared {
  return problem ? { docs: [], problems: [problem] } : { docs: [{ doc, nested: false, derived }], problems: [] };
}

function prepareCategories(doc: Doc, esId: string | undefined): Prepared {
  const rootProblem = requireId(doc, 'id', esId);
  if (rootProblem) return { docs: [], problems: [rootProblem] };
  const out: Prepared = { docs: [], problems: [] };
  for (const flat of flattenCategory(doc as CategoryDoc)) {
    const node = flat.doc as Doc;
    const problem = firstProblem(
      () => requireId(node, 'id'),
      () => requireText(node, 'name'),
    );
    if (!problem) out.docs.push({ doc: node, nested: flat.nested, derived: flat.derived });
    else out.problems.push(flat.nested ? `category in children_data of ${String(node.parent_id)}: ${problem}` : problem);
  }
  return out;
}

/**
 * Checks the fields an entity cannot do without (ids, sku, name, identifier…) and brings the
 * document to the current format: products normalised, category trees flattened. Ids given as
 * numeric strings become numbers; a missing id comes from the hit's `_id`. Idempotent, so the
 * API can apply it again to what the CLI already prepared.
 */
export function prepareDoc(entity: ImportEntity, raw: Doc, esId?: string): Prepared {
  const doc: Doc = { ...raw };
  switch (entity) {
    case 'product': {
      const problem = firstProblem(
        () => requireId(doc, 'id', esId),
        () => requireText(doc, 'sku'),
        () => requireText(doc, 'type_id'),
        () => requireText(doc, 'name'),
        () => requireStorableDate(doc, 'special_from_date'),
        () => requireStorableDate(doc, 'special_to_date'),
      );
      if (problem) return one(doc, problem);
      const { doc: normalised, derived } = normaliseProduct(doc as ProductDoc);
      return one(normalised, undefined, derived);
    }
    case 'category':
      return prepareCategories(doc, esId);
    case 'attribute': {
      const problem = firstProblem(
        () => requireId(doc, 'attribute_id', doc.id, esId),
        () => requireId(doc, 'id', doc.attribute_id),
        () => requireText(doc, 'attribute_code'),
      );
      return one(doc, problem);
    }
    case 'taxrule':
      return one(doc, requireId(doc, 'id', esId) ?? (Array.isArray(doc.rates) ? undefined : 'missing rates'));
    case 'review':
      return one(doc, requireId(doc, 'id', esId) ?? requireId(doc, 'product_id'));
    case 'cms_page':
    case 'cms_block':
      return one(doc, requireId(doc, 'id', esId) ?? requireText(doc, 'identifier'));
    case 'cms_hierarchy':
      return one(doc, requireId(doc, 'id', doc.node_id, esId) ?? requireText(doc, 'identifier'));
  }
}

/**
 * One document per key, as one INSERT needs: a category's own document beats nested copies of
 * it, otherwise the later document wins.
 */
export function dedupeByKey<T extends PreparedDoc>(entity: ImportEntity, items: readonly T[]): T[] {
  const field = keyField(entity);
  const byKey = new Map<unknown, T>();
  for (const item of items) {
    const previous = byKey.get(item.doc[field]);
    if (previous && item.nested && !previous.nested) continue;
    byKey.set(item.doc[field], item);
  }
  return [...byKey.values()];
}
