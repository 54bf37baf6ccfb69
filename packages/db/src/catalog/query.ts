import { MAX_PRICE_EUROS, type CatalogEntityType, type CatalogQuery, type FieldCondition } from '@shop/contracts';
import { toCents } from '@shop/domain';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db } from '../connect.ts';
import { EFFECTIVE_PRICE, effectivePriceCents } from './effective-price.ts';
import { intArray, jsonb, textArray } from '../sql-values.ts';

/** A query that names an unknown field or a value of the wrong kind: the caller's mistake (400). */
export class CatalogQueryError extends Error {
  override name = 'CatalogQueryError';
}

export type FieldKind = 'int' | 'text' | 'bool' | 'timestamp' | 'int[]' | 'text[]' | 'money';
type Kind = FieldKind;
type Table = 'product' | 'category' | 'attribute' | 'tax_rule' | 'review' | 'cms_page' | 'cms_block' | 'cms_hierarchy';

interface EntityMap {
  table: Table;
  /** Primary key column: the last sort key, so pages never overlap. */
  key: string;
  /** Query field → [column, kind]. Product fields not listed here are attribute codes. */
  fields: Record<string, [string, Kind]>;
  sorts: Record<string, string>;
  defaultSort: [string, 'asc' | 'desc'][];
}

const ENTITIES: Record<CatalogEntityType, EntityMap> = {
  product: {
    table: 'product',
    key: 'id',
    fields: {
      id: ['id', 'int'],
      sku: ['sku', 'text'],
      type_id: ['type_id', 'text'],
      status: ['status', 'int'],
      visibility: ['visibility', 'int'],
      name: ['name', 'text'],
      slug: ['slug', 'text'],
      url_key: ['url_key', 'text'],
      url_path: ['url_path', 'text'],
      parent_sku: ['parent_sku', 'text'],
      category_ids: ['category_ids', 'int[]'],
      'configurable_children.sku': ['child_skus', 'text[]'],
      price: [EFFECTIVE_PRICE, 'money'],
      final_price: [EFFECTIVE_PRICE, 'money'],
      tax_class_id: ['tax_class_id', 'int'],
      position: ['position', 'int'],
      created_at: ['created_at', 'timestamp'],
      updated_at: ['updated_at', 'timestamp'],
    },
    sorts: {
      id: 'id',
      sku: 'sku',
      name: 'name',
      price: EFFECTIVE_PRICE,
      final_price: EFFECTIVE_PRICE,
      position: 'position',
      created_at: 'created_at',
      updated_at: 'updated_at',
    },
    // catalogue.md §9: "Product list sort default position descending".
    defaultSort: [['position', 'desc']],
  },
  category: {
    table: 'category',
    key: 'id',
    fields: {
      id: ['id', 'int'],
      parent_id: ['parent_id', 'int'],
      level: ['level', 'int'],
      position: ['position', 'int'],
      name: ['name', 'text'],
      slug: ['slug', 'text'],
      url_key: ['url_key', 'text'],
      url_path: ['url_path', 'text'],
      path: ['path', 'text'],
      is_active: ['is_active', 'bool'],
      include_in_menu: ['include_in_menu', 'bool'],
      product_count: ['product_count', 'int'],
    },
    sorts: { id: 'id', position: 'position', name: 'name', level: 'level' },
    defaultSort: [['position', 'asc']],
  },
  attribute: {
    table: 'attribute',
    key: 'attribute_id',
    fields: {
      id: ['attribute_id', 'int'],
      attribute_id: ['attribute_id', 'int'],
      attribute_code: ['attribute_code', 'text'],
      frontend_input: ['frontend_input', 'text'],
      is_filterable: ['is_filterable', 'bool'],
      is_comparable: ['is_comparable', 'bool'],
      is_visible: ['is_visible', 'bool'],
      is_user_defined: ['is_user_defined', 'bool'],
      position: ['position', 'int'],
    },
    sorts: { id: 'attribute_id', attribute_id: 'attribute_id', attribute_code: 'attribute_code', position: 'position' },
    defaultSort: [['attribute_id', 'asc']],
  },
  taxrule: {
    table: 'tax_rule',
    key: 'id',
    fields: { id: ['id', 'int'] },
    sorts: { id: 'id' },
    defaultSort: [['id', 'asc']],
  },
  review: {
    table: 'review',
    key: 'id',
    fields: { id: ['id', 'int'], product_id: ['product_id', 'int'], review_status: ['review_status', 'int'] },
    sorts: { id: 'id', product_id: 'product_id' },
    defaultSort: [['id', 'asc']],
  },
  cms_page: {
    table: 'cms_page',
    key: 'id',
    fields: { id: ['id', 'int'], identifier: ['identifier', 'text'], active: ['active', 'bool'] },
    sorts: { id: 'id', identifier: 'identifier' },
    defaultSort: [['id', 'asc']],
  },
  cms_block: {
    table: 'cms_block',
    key: 'id',
    fields: { id: ['id', 'int'], identifier: ['identifier', 'text'], active: ['active', 'bool'] },
    sorts: { id: 'id', identifier: 'identifier' },
    defaultSort: [['id', 'asc']],
  },
  // CMS page tree nodes (catalogue §7, §9): looked up by identifier or key.
  cms_hierarchy: {
    table: 'cms_hierarchy',
    key: 'id',
    fields: { id: ['id', 'int'], identifier: ['identifier', 'text'], key: ['key', 'text'] },
    sorts: { id: 'id', identifier: 'identifier', key: 'key' },
    defaultSort: [['id', 'asc']],
  },
};

type Scalar = string | number | boolean;

/** The columns are PostgreSQL integers: a value beyond them is refused here, not by the database (a 500). */
const INTEGER_MIN = -2_147_483_648;
const INTEGER_MAX = 2_147_483_647;

export function coerceFilterValue(value: Scalar, kind: Kind, where: string): number | string | boolean | Date {
  switch (kind) {
    case 'int':
    case 'int[]': {
      const n = typeof value === 'number' ? value : /^-?\d+$/.test(String(value)) ? Number(value) : NaN;
      if (!Number.isInteger(n) || n < INTEGER_MIN || n > INTEGER_MAX) throw new CatalogQueryError(`${where}: must be an integer from ${INTEGER_MIN} to ${INTEGER_MAX}`);
      return n;
    }
    case 'money': {
      const n = typeof value === 'number' ? value : Number(value);
      if (typeof value === 'boolean' || !Number.isFinite(n) || Math.abs(n) > MAX_PRICE_EUROS) throw new CatalogQueryError(`${where}: must be a price in euros, at most ${MAX_PRICE_EUROS}`);
      return toCents(n);
    }
    case 'bool':
      if (value === true || value === 'true') return true;
      if (value === false || value === 'false') return false;
      throw new CatalogQueryError(`${where}: must be true or false`);
    case 'timestamp': {
      const date = new Date(String(value));
      // The database reads four-digit years only: year 0 or 99999 failed there (a 500).
      const year = date.getUTCFullYear();
      if (typeof value === 'boolean' || Number.isNaN(year) || year < 1 || year > 9999) throw new CatalogQueryError(`${where}: must be a date`);
      return date;
    }
    case 'text':
    case 'text[]':
      if (typeof value === 'boolean') throw new CatalogQueryError(`${where}: must be text`);
      return String(value);
  }
}

/**
 * A product query field's column (EFFECTIVE_PRICE for prices) and kind, for an engine that
 * filters outside SQL; undefined for attribute codes and unknown fields.
 */
export function productField(field: string): { column: string; kind: FieldKind } | undefined {
  const mapped = ENTITIES.product.fields[field];
  return mapped && { column: mapped[0], kind: mapped[1] };
}

/** A product query's sort as `field:dir` specs; none given: the catalogue's default order. */
export function productSortSpecs(sort: string | readonly string[] | undefined): string[] {
  return sort === undefined ? ENTITIES.product.defaultSort.map(([field, dir]) => `${field}:${dir}`) : [sort].flat();
}

/** A column, or the computed effective price (effective-price.ts). */
function columnRef(column: string) {
  return column === EFFECTIVE_PRICE ? effectivePriceCents : sql.ref(column);
}

const RANGE_OPS = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

// The builder is used across four tables; column names are checked against ENTITIES above.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyEb = ExpressionBuilder<any, any>;

function columnConditions(eb: AnyEb, field: string, column: string, kind: Kind, cond: FieldCondition): Expression<SqlBool>[] {
  const at = (op: string) => `filters.${field}.${op}`;
  const out: Expression<SqlBool>[] = [];
  const ref = columnRef(column);
  if (kind === 'int[]' || kind === 'text[]') {
    const array = (values: Scalar[], op: string) => {
      const coerced = values.map((v) => coerceFilterValue(v, kind, at(op)));
      return kind === 'int[]' ? intArray(coerced as number[]) : textArray(coerced as string[]);
    };
    if (cond.eq !== undefined) out.push(sql<SqlBool>`${ref} @> ${array([cond.eq], 'eq')}`);
    if (cond.in !== undefined) out.push(sql<SqlBool>`${ref} && ${array(cond.in, 'in')}`);
    // A missing (NULL) list shares no value, and an empty list has none (Elasticsearch's missing field).
    if (cond.nin !== undefined) out.push(sql<SqlBool>`(${ref} && ${array(cond.nin, 'nin')}) IS NOT TRUE`);
    if (cond.exists !== undefined) out.push(cond.exists ? sql<SqlBool>`cardinality(${ref}) > 0` : sql<SqlBool>`coalesce(cardinality(${ref}), 0) = 0`);
    for (const op of [...Object.keys(RANGE_OPS), 'like'] as (keyof FieldCondition)[]) {
      if (cond[op] !== undefined) throw new CatalogQueryError(`${at(op)}: ${field} is a list and takes only eq or in`);
    }
    return out;
  }
  if (cond.like !== undefined) {
    if (kind !== 'text') throw new CatalogQueryError(`${at('like')}: like applies to text fields only`);
    // Contains, any case; % and _ in the text are literal.
    out.push(sql<SqlBool>`${ref} ILIKE ${`%${cond.like.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  }
  if (cond.eq !== undefined) out.push(eb(columnRef(column), '=', coerceFilterValue(cond.eq, kind, at('eq'))));
  if (cond.in !== undefined) out.push(eb(columnRef(column), 'in', cond.in.map((v) => coerceFilterValue(v, kind, at('in')))));
  // A record without the value (NULL) is none of the listed ones, as in Elasticsearch.
  if (cond.nin !== undefined) out.push(sql<SqlBool>`(${ref} IN (${sql.join(cond.nin.map((v) => coerceFilterValue(v, kind, at('nin'))))})) IS NOT TRUE`);
  if (cond.exists !== undefined) out.push(eb(columnRef(column), cond.exists ? 'is not' : 'is', null));
  for (const [op, operator] of Object.entries(RANGE_OPS) as [keyof typeof RANGE_OPS, string][]) {
    const value = cond[op];
    if (value === undefined) continue;
    if (kind === 'bool' || kind === 'text') throw new CatalogQueryError(`${at(op)}: ${field} takes only eq or in`);
    out.push(eb(columnRef(column), operator as '>', coerceFilterValue(value, kind, at(op))));
  }
  return out;
}

/** Attribute filter: option ids held in the product's attrs column (any of the listed values). */
function attributeConditions(eb: AnyEb, code: string, cond: FieldCondition): Expression<SqlBool>[] {
  for (const op of [...Object.keys(RANGE_OPS), 'like'] as (keyof FieldCondition)[]) {
    if (cond[op] !== undefined) throw new CatalogQueryError(`filters.${code}.${op}: attribute filters take only eq or in`);
  }
  const contains = (v: Scalar) => sql<SqlBool>`attrs @> ${jsonb({ [code]: [String(v)] })}`;
  const out: Expression<SqlBool>[] = [];
  const values = [...(cond.eq !== undefined ? [cond.eq] : []), ...(cond.in ?? [])];
  if (values.length > 0) out.push(eb.or(values.map(contains)));
  if (cond.nin !== undefined) out.push(eb.not(eb.or(cond.nin.map(contains))));
  // attrs holds each code's option ids as a list (attr_keys, migration 0003): a code with none is missing.
  if (cond.exists !== undefined) out.push(sql<SqlBool>`coalesce(jsonb_array_length(attrs -> ${code}), 0) ${sql.raw(cond.exists ? '>' : '=')} 0`);
  return out;
}

export interface CatalogQueryRows {
  docs: Record<string, unknown>[];
  total: number;
}

/**
 * The WHERE condition of a query's filters on its entity's table (also used by aggregations,
 * which count over the same matching set). Throws CatalogQueryError on an unknown field.
 */
export function catalogWhere(query: Pick<CatalogQuery, 'entityType' | 'filters'>, attributeCodes: ReadonlySet<string>) {
  const entity = ENTITIES[query.entityType];
  return (eb: AnyEb): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = [];
    for (const [field, cond] of Object.entries(query.filters)) {
      const mapped = entity.fields[field];
      if (mapped) conditions.push(...columnConditions(eb, field, mapped[0], mapped[1], cond));
      else if (query.entityType === 'product' && attributeCodes.has(field)) conditions.push(...attributeConditions(eb, field, cond));
      else throw new CatalogQueryError(`filters.${field}: unknown field for ${query.entityType}`);
    }
    return eb.and(conditions);
  };
}

/**
 * Whether a query filters on the effective price, which an active special price makes depend
 * on the clock: its matches can change with no change to the catalogue.
 */
export function filtersOnClockPrice(query: Pick<CatalogQuery, 'entityType' | 'filters'>): boolean {
  const fields = ENTITIES[query.entityType].fields;
  return Object.keys(query.filters).some((field) => fields[field]?.[0] === EFFECTIVE_PRICE);
}

/** How many records match a query's filters. */
export async function countCatalog(
  db: Db,
  query: Pick<CatalogQuery, 'entityType' | 'filters'>,
  attributeCodes: ReadonlySet<string>,
): Promise<number> {
  const where = catalogWhere(query, attributeCodes);
  const row = await db
    .selectFrom(ENTITIES[query.entityType].table as 'category')
    .where((eb) => where(eb as AnyEb))
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirst();
  return row?.n ?? 0;
}

/**
 * Runs a validated catalogue query. `attributeCodes` are the product attributes that may be
 * filtered on; any other unknown field is refused.
 */
export async function queryCatalog(
  db: Db,
  query: CatalogQuery,
  attributeCodes: ReadonlySet<string>,
): Promise<CatalogQueryRows> {
  const entity = ENTITIES[query.entityType];
  const where = catalogWhere(query, attributeCodes);

  const sorts = [query.sort ?? []].flat().map((spec) => {
    const [field = '', dir = 'asc'] = spec.split(':');
    const column = entity.sorts[field];
    if (!column) throw new CatalogQueryError(`sort: cannot sort ${query.entityType} by ${field}`);
    return [column, dir as 'asc' | 'desc'] as const;
  });
  const order: (readonly [string, 'asc' | 'desc'])[] = [...(sorts.length ? sorts : entity.defaultSort)];
  // Ties go by key in the first sort's direction: one index (e.g. position, id) then serves the whole order.
  if (!order.some(([column]) => column === entity.key)) order.push([entity.key, order[0]?.[1] ?? 'asc']);

  // Typed as one table: every name used below was checked against ENTITIES.
  const base = db.selectFrom(entity.table as 'category').where((eb) => where(eb as AnyEb));
  const count = () => countCatalog(db, query, attributeCodes);

  // One statement: the page of keys (with the total when asked) over the narrow columns, then
  // the documents of just that page, in page order.
  let page = base.select([
    sql.ref(entity.key).as('k'),
    ...order.map(([column], i) => columnRef(column).as(`s${i}`)),
    (query.trackTotalHits ? sql<number | null>`(count(*) over ())::int` : sql<number | null>`NULL::int`).as('total'),
  ]);
  for (const [column, dir] of order) page = page.orderBy(columnRef(column), dir);
  page = page.limit(query.size).offset(query.start);
  const docTable = entity.table === 'product' ? 'product_doc' : entity.table;
  const docKey = entity.table === 'product' ? 'id' : entity.key;
  const { rows } = await sql<{ doc: Record<string, unknown>; total: number | null }>`
    SELECT d.doc, p.total FROM (${page}) AS p
    JOIN ${sql.table(docTable)} AS d ON d.${sql.ref(docKey)} = p.k
    ORDER BY ${sql.join(order.map(([, dir], i) => sql`${sql.ref(`p.s${i}`)} ${sql.raw(dir)}`))}`.execute(db);

  const docs = rows.map((r) => r.doc);
  if (!query.trackTotalHits) return { docs, total: query.start + docs.length };
  // Past the last page the window count has no row to ride on.
  return { docs, total: rows[0]?.total ?? (query.start > 0 ? await count() : 0) };
}
