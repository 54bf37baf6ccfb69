import { filterField, VSF_DSL_LIMITS, type FieldCondition } from '@shop/contracts';

/**
 * The Elasticsearch query DSL that Vue Storefront 1.12 sends (bodybuilder + storefront-query-builder),
 * translated into the shop's catalogue query: AND-ed field conditions, at most one search text,
 * facet requests (ADR 0037). Pure functions; anything outside the subset throws DslError naming
 * the clause, which the route answers 400.
 */
export class DslError extends Error {
  override name = 'DslError';
  constructor(
    readonly clause: string,
    message: string,
  ) {
    super(`${clause}: ${message}`);
  }
}

type Scalar = string | number | boolean;

/** A condition tree before it is flattened into the catalogue's per-field filters. */
type Cond =
  | { kind: 'field'; field: string; cond: FieldCondition }
  | { kind: 'text'; text: string }
  | { kind: 'and'; items: Cond[] }
  | { kind: 'or'; items: Cond[]; at: string }
  | { kind: 'none' };

/** Fields the shop's search reads (name, SKUs, category names): a `match` on them is a text search. */
const TEXT_FIELDS = new Set(['name', 'sku', 'category.name', 'configurable_children.sku']);

/** Clauses that would scan every document or run code: refused by name. */
const REFUSED: Record<string, string> = {
  script: 'scripts are not run',
  script_score: 'scripts are not run',
  wildcard: 'wildcard queries would scan every value; filter with terms',
  regexp: 'regular expressions would scan every value; filter with terms',
  prefix: 'prefix queries would scan every value; search with multi_match',
  fuzzy: 'use multi_match, whose search is typo-tolerant',
  query_string: 'query strings are not parsed; use multi_match',
  simple_query_string: 'query strings are not parsed; use multi_match',
};

/** Clauses a must_not may hold: what negates into the catalogue's nin and exists (ADR 0037). */
const NEGATABLE = new Set(['term', 'terms', 'exists', 'bool']);

interface Walk {
  clauses: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isScalar(value: unknown): value is Scalar {
  return typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

/** One `{ field: value }` pair, as term, terms, match and range take. */
function single(at: string, body: unknown, extra: readonly string[] = []): [string, unknown] {
  if (!isRecord(body)) throw new DslError(at, 'must be an object naming one field');
  const fields = Object.keys(body).filter((k) => !extra.includes(k));
  if (fields.length !== 1) throw new DslError(at, 'must name exactly one field');
  return [fields[0]!, body[fields[0]!]];
}

/**
 * A catalogue field of a clause. VSF asks configurable products by their children's options as
 * `{code}_options`: the shop's products carry those values themselves.
 */
function fieldName(at: string, field: string): string {
  const name = field.endsWith('_options') ? field.slice(0, -'_options'.length) : field;
  if (!filterField.safeParse(name).success) throw new DslError(at, 'is not a catalogue field');
  return name;
}

function asList(at: string, value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (isRecord(value)) return [value];
  throw new DslError(at, 'must be a clause or a list of clauses');
}

function scalarOf(at: string, value: unknown): Scalar {
  const v = isRecord(value) ? (value.value ?? value.query) : value;
  if (!isScalar(v)) throw new DslError(at, 'must be a text, a number or true/false');
  return v;
}

const RANGE_KEYS = { gt: 'gt', gte: 'gte', lt: 'lt', lte: 'lte', from: 'gte', to: 'lte' } as const;

/** `minimum_should_match` of a bool: how many should clauses are required. */
function requiredShoulds(at: string, msm: unknown, shoulds: number, hasMust: boolean): number {
  if (msm === undefined) return shoulds > 0 && !hasMust ? 1 : 0;
  if (typeof msm === 'number' && Number.isInteger(msm)) return msm < 0 ? Math.max(0, shoulds + msm) : msm;
  if (typeof msm === 'string' && /^-?\d+%?$/.test(msm)) {
    const n = Number.parseInt(msm, 10);
    if (!msm.endsWith('%')) return n < 0 ? Math.max(0, shoulds + n) : n;
    // Elasticsearch rounds a percentage down.
    return n < 0 ? shoulds - Math.floor((shoulds * -n) / 100) : Math.floor((shoulds * n) / 100);
  }
  throw new DslError(`${at}.minimum_should_match`, 'must be a number or a percentage');
}

function translate(node: unknown, at: string, depth: number, walk: Walk): Cond {
  if (depth > VSF_DSL_LIMITS.maxDepth) throw new DslError(at, `clauses nest more than ${VSF_DSL_LIMITS.maxDepth} levels`);
  if (++walk.clauses > VSF_DSL_LIMITS.maxClauses) throw new DslError(at, `a query may have at most ${VSF_DSL_LIMITS.maxClauses} clauses`);
  if (!isRecord(node)) throw new DslError(at, 'must be a query clause object');
  const keys = Object.keys(node);
  if (keys.length !== 1) throw new DslError(at, `must hold exactly one clause, not ${keys.length}`);
  const type = keys[0]!;
  const body = node[type];
  const here = `${at}.${type}`;
  if (Object.hasOwn(REFUSED, type)) throw new DslError(here, REFUSED[type]!);
  switch (type) {
    case 'match_all':
      return { kind: 'and', items: [] };
    case 'match_none':
      return { kind: 'none' };
    case 'bool':
      return translateBool(body, here, depth, walk);
    case 'constant_score': {
      if (!isRecord(body) || body.filter === undefined) throw new DslError(here, 'needs a filter');
      return translate(body.filter, `${here}.filter`, depth + 1, walk);
    }
    case 'function_score':
      return translateFunctionScore(body, here, depth, walk);
    case 'terms': {
      const [field, values] = single(here, body, ['boost']);
      if (!Array.isArray(values)) throw new DslError(`${here}.${field}`, 'must be a list of values');
      if (values.length > VSF_DSL_LIMITS.maxTerms) throw new DslError(`${here}.${field}`, `at most ${VSF_DSL_LIMITS.maxTerms} values`);
      if (values.length === 0) return { kind: 'none' };
      const list = values.map((v, i) => scalarOf(`${here}.${field}.${i}`, v));
      return { kind: 'field', field: fieldName(`${here}.${field}`, field), cond: { in: list } };
    }
    case 'term': {
      const [field, value] = single(here, body);
      return { kind: 'field', field: fieldName(`${here}.${field}`, field), cond: { eq: scalarOf(`${here}.${field}`, value) } };
    }
    case 'match':
    case 'match_phrase': {
      const [field, value] = single(here, body);
      const scalar = scalarOf(`${here}.${field}`, value);
      return TEXT_FIELDS.has(field) ? { kind: 'text', text: String(scalar) } : { kind: 'field', field: fieldName(`${here}.${field}`, field), cond: { eq: scalar } };
    }
    case 'multi_match': {
      if (!isRecord(body) || typeof body.query !== 'string') throw new DslError(here, 'needs a query text');
      const fields = Array.isArray(body.fields) ? body.fields : [];
      for (const [i, f] of fields.entries()) {
        const name = typeof f === 'string' ? f.replace(/\^[\d.]+$/, '') : '';
        if (!TEXT_FIELDS.has(name)) throw new DslError(`${here}.fields.${i}`, `the shop searches ${[...TEXT_FIELDS].join(', ')} only`);
      }
      return { kind: 'text', text: body.query };
    }
    case 'exists': {
      if (!isRecord(body) || typeof body.field !== 'string' || Object.keys(body).some((k) => k !== 'field' && k !== 'boost')) throw new DslError(here, 'must name one field: { field }');
      return { kind: 'field', field: fieldName(`${here}.field`, body.field), cond: { exists: true } };
    }
    case 'range': {
      const [field, bounds] = single(here, body, ['boost']);
      if (!isRecord(bounds)) throw new DslError(`${here}.${field}`, 'must hold gt, gte, lt or lte');
      const cond: FieldCondition = {};
      for (const [op, value] of Object.entries(bounds)) {
        if (op === 'boost' || value === null) continue;
        const mapped = Object.hasOwn(RANGE_KEYS, op) ? RANGE_KEYS[op as keyof typeof RANGE_KEYS] : undefined;
        if (!mapped) throw new DslError(`${here}.${field}.${op}`, 'is not a supported range bound (gt, gte, lt, lte)');
        if (typeof value !== 'number' && typeof value !== 'string') throw new DslError(`${here}.${field}.${op}`, 'must be a number or a date');
        cond[mapped] = value;
      }
      if (Object.keys(cond).length === 0) return { kind: 'and', items: [] };
      return { kind: 'field', field: fieldName(`${here}.${field}`, field), cond };
    }
    default:
      throw new DslError(here, 'is outside the query subset this API translates (ADR 0037)');
  }
}

function translateBool(body: unknown, at: string, depth: number, walk: Walk): Cond {
  if (!isRecord(body)) throw new DslError(at, 'must be an object');
  const items: Cond[] = [];
  for (const key of Object.keys(body)) {
    if (!['filter', 'must', 'should', 'must_not', 'minimum_should_match', 'boost', 'adjust_pure_negative', '_name'].includes(key)) {
      throw new DslError(`${at}.${key}`, 'is not a bool clause (filter, must, should, must_not)');
    }
  }
  for (const key of ['filter', 'must'] as const) {
    if (body[key] === undefined) continue;
    asList(`${at}.${key}`, body[key]).forEach((clause, i) => items.push(translate(clause, `${at}.${key}${Array.isArray(body[key]) ? `.${i}` : ''}`, depth + 1, walk)));
  }
  if (body.must_not !== undefined) {
    asList(`${at}.must_not`, body.must_not).forEach((clause, i) => {
      const where = `${at}.must_not${Array.isArray(body.must_not) ? `.${i}` : ''}`;
      const type = isRecord(clause) && Object.keys(clause).length === 1 ? Object.keys(clause)[0]! : undefined;
      if (type !== undefined && !NEGATABLE.has(type)) throw new DslError(`${where}.${type}`, 'must_not takes term, terms, exists, or a bool of them on one field');
      items.push(negate(translate(clause, where, depth + 1, walk), type === undefined ? where : `${where}.${type}`));
    });
  }
  if (body.should !== undefined) {
    const shoulds = asList(`${at}.should`, body.should).map((clause, i) => translate(clause, `${at}.should${Array.isArray(body.should) ? `.${i}` : ''}`, depth + 1, walk));
    const required = requiredShoulds(`${at}`, body.minimum_should_match, shoulds.length, items.length > 0);
    // With must or filter present and no minimum, should clauses only score: they select nothing.
    if (required === 1) items.push({ kind: 'or', items: shoulds, at: `${at}.should` });
    else if (required > 1) {
      if (required > shoulds.length) return { kind: 'none' };
      if (required < shoulds.length) throw new DslError(`${at}.minimum_should_match`, 'only 0, 1 or every should clause can be required');
      items.push(...shoulds);
    }
  }
  return { kind: 'and', items };
}

/**
 * NOT of a condition, as far as the catalogue can hold it: values of one field (eq, in) become
 * nin, exists flips; a clause that matches nothing negates into everything and back.
 */
function negate(cond: Cond, at: string): Cond {
  const parts = conjunctions(cond);
  if (parts.length === 0) return { kind: 'and', items: [] };
  const [only] = parts;
  if (parts.length === 1 && only!.texts.length === 0 && only!.fields.length === 0) return { kind: 'none' };
  if (only!.texts.length > 0) throw new DslError(at, 'must_not cannot exclude a search text (match)');
  if (parts.length > 1 || only!.fields.length !== 1) throw new DslError(at, 'must_not takes conditions on one field only (the catalogue ANDs its filters)');
  const { field, cond: c } = only!.fields[0]!;
  const ops = Object.keys(c);
  if (ops.length === 1 && c.exists !== undefined) return { kind: 'field', field, cond: { exists: !c.exists } };
  if (ops.length === 1 && c.nin !== undefined) return { kind: 'field', field, cond: { in: c.nin } };
  if (ops.every((op) => op === 'eq' || op === 'in')) {
    const values = c.in ?? [c.eq!];
    // eq and in together: the eq value when the list holds it; NOT of that is nin [eq].
    const held = c.eq === undefined ? values : values.some((v) => String(v) === String(c.eq)) ? [c.eq] : [];
    return held.length === 0 ? { kind: 'and', items: [] } : { kind: 'field', field, cond: { nin: held } };
  }
  throw new DslError(at, `must_not takes term, terms or exists conditions only, not ${ops.filter((op) => op !== 'eq' && op !== 'in').join(', ')} on ${field}`);
}

function translateFunctionScore(body: unknown, at: string, depth: number, walk: Walk): Cond {
  if (!isRecord(body)) throw new DslError(at, 'must be an object');
  for (const key of Object.keys(body)) {
    if (!['query', 'functions', 'score_mode', 'boost_mode', 'max_boost', 'min_score', 'boost'].includes(key)) {
      throw new DslError(`${at}.${key}`, 'is outside the function_score subset (query, functions with filter and weight)');
    }
  }
  // Weights only rank; the shop ranks by its own score (ADR 0008), so they are checked, not applied.
  const functions = body.functions === undefined ? [] : asList(`${at}.functions`, body.functions);
  functions.forEach((fn, i) => {
    const where = `${at}.functions.${i}`;
    if (!isRecord(fn)) throw new DslError(where, 'must be an object');
    for (const key of Object.keys(fn)) {
      if (key === 'script_score' || key === 'random_score' || key === 'field_value_factor' || !['filter', 'weight'].includes(key)) {
        throw new DslError(`${where}.${key}`, key === 'script_score' ? REFUSED.script_score! : 'only filter and weight functions are accepted');
      }
    }
    if (fn.filter !== undefined) translate(fn.filter, `${where}.filter`, depth + 1, { clauses: walk.clauses });
  });
  return body.query === undefined ? { kind: 'and', items: [] } : translate(body.query, `${at}.query`, depth + 1, walk);
}

/** A condition as a flat AND of fields and texts; `false` when nothing can match. */
interface Conjunction {
  fields: { field: string; cond: FieldCondition }[];
  texts: string[];
}

function conjunctions(cond: Cond): Conjunction[] {
  switch (cond.kind) {
    case 'none':
      return [];
    case 'field':
      return [{ fields: [{ field: cond.field, cond: cond.cond }], texts: [] }];
    case 'text':
      return [{ fields: [], texts: [cond.text] }];
    case 'and': {
      let acc: Conjunction[] = [{ fields: [], texts: [] }];
      for (const item of cond.items) {
        const parts = conjunctions(item);
        if (parts.length === 0) return [];
        if (parts.length > 1 && acc.length > 1) throw new DslError('query', 'alternatives of alternatives are outside the subset');
        acc = acc.flatMap((a) => parts.map((p) => ({ fields: [...a.fields, ...p.fields], texts: [...a.texts, ...p.texts] })));
      }
      return acc;
    }
    case 'or':
      return simplifyOr(cond.items.flatMap(conjunctions), cond.at);
  }
}

const sameCond = (a: { field: string; cond: FieldCondition }, b: { field: string; cond: FieldCondition }) =>
  a.field === b.field && JSON.stringify(a.cond) === JSON.stringify(b.cond);

/** Whether every condition of `a` is also one of `b` (then `b` implies `a`). */
const subsumes = (a: Conjunction, b: Conjunction) => a.fields.every((f) => b.fields.some((g) => sameCond(f, g))) && a.texts.every((t) => b.texts.includes(t));

/** SKU matches of a search text's own words: the shop's search already matches SKUs (ADR 0008). */
const isSkuMatchOf = (alt: Conjunction, text: string) =>
  alt.texts.length <= 1 &&
  alt.texts.every((t) => t === text) &&
  alt.fields.every((f) => (f.field === 'sku' || f.field === 'configurable_children.sku') && Object.keys(f.cond).every((op) => op === 'eq' || op === 'in') && [f.cond.eq, ...(f.cond.in ?? [])].every((v) => v === undefined || text.includes(String(v))));

/**
 * OR of conjunctions, as far as the catalogue can express it: alternatives implied by another
 * drop out (VSF's `{code}_options` AND configurable alternative), alternatives of one field's
 * values merge into one `in`, and a text absorbs SKU matches of its own words.
 */
function simplifyOr(alternatives: Conjunction[], at: string): Conjunction[] {
  const texts = alternatives.flatMap((a) => (a.fields.length === 0 && a.texts.length === 1 ? a.texts : []));
  let alts = alternatives.filter((a) => !texts.some((t) => isSkuMatchOf(a, t) && !(a.fields.length === 0 && a.texts.length === 1)));
  alts = alts.filter((b, i) => !alts.some((a, j) => j !== i && subsumes(a, b) && (!subsumes(b, a) || j < i)));
  if (alts.length <= 1) return alts;
  const [first] = alts;
  const oneField = alts.every((a) => a.texts.length === 0 && a.fields.length === 1 && a.fields[0]!.field === first!.fields[0]?.field);
  const values = oneField ? alts.flatMap((a) => { const c = a.fields[0]!.cond; return Object.keys(c).every((k) => k === 'eq' || k === 'in') ? [...(c.eq === undefined ? [] : [c.eq]), ...(c.in ?? [])] : [null]; }) : [null];
  if (values.includes(null)) throw new DslError(at, 'alternatives must be values of one field (the catalogue ANDs its filters)');
  return [{ fields: [{ field: first!.fields[0]!.field, cond: { in: [...new Set(values as Scalar[])] } }], texts: [] }];
}

/** Two conditions on one field, both required. Undefined when no value can satisfy both. */
function intersect(a: FieldCondition, b: FieldCondition): FieldCondition | undefined {
  const out: FieldCondition = { ...a };
  const listOf = (c: FieldCondition) => (c.eq !== undefined ? [c.eq] : c.in);
  const la = listOf(a);
  const lb = listOf(b);
  const same = (v: Scalar, w: Scalar) => String(w) === String(v);
  if (a.exists !== undefined && b.exists !== undefined && a.exists !== b.exists) return undefined;
  if (b.exists !== undefined) out.exists = b.exists;
  const excluded = [...(a.nin ?? []), ...(b.nin ?? []).filter((v) => !(a.nin ?? []).some((w) => same(v, w)))];
  if (la || lb) {
    // A value list leaves nin nothing to add, and a field without a value matches none of it.
    const both = (la && lb ? la.filter((v) => lb.some((w) => same(v, w))) : (la ?? lb)!).filter((v) => !excluded.some((w) => same(v, w)));
    if (both.length === 0 || out.exists === false) return undefined;
    delete out.eq;
    delete out.nin;
    delete out.exists;
    out.in = both;
  } else if (excluded.length > 0) {
    if (excluded.length > VSF_DSL_LIMITS.maxTerms) throw new DslError('query', `at most ${VSF_DSL_LIMITS.maxTerms} excluded values per field`);
    out.nin = excluded;
  }
  for (const op of ['gt', 'gte'] as const) if (b[op] !== undefined) out[op] = out[op] === undefined || b[op]! > out[op]! ? b[op] : out[op];
  for (const op of ['lt', 'lte'] as const) if (b[op] !== undefined) out[op] = out[op] === undefined || b[op]! < out[op]! ? b[op] : out[op];
  if (b.like !== undefined) {
    if (out.like !== undefined && out.like !== b.like) throw new DslError('query', 'two different texts on one field');
    out.like = b.like;
  }
  return out;
}

export interface TranslatedQuery {
  /** False when the query can match nothing (an empty terms list, disjoint values). */
  matches: boolean;
  filters: Record<string, FieldCondition>;
  /** The search text, when the query holds a full-text clause. */
  text?: string;
}

/** The query clause of a `_search` body as the catalogue's filters and search text. */
export function translateQuery(query: unknown): TranslatedQuery {
  if (query === undefined) return { matches: true, filters: {} };
  const parts = conjunctions(translate(query, 'query', 1, { clauses: 0 }));
  if (parts.length === 0) return { matches: false, filters: {} };
  if (parts.length > 1) throw new DslError('query', 'alternatives must be values of one field (the catalogue ANDs its filters)');
  const [{ fields, texts }] = parts as [Conjunction];
  const filters: Record<string, FieldCondition> = {};
  for (const { field, cond } of fields) {
    const merged = filters[field] ? intersect(filters[field], cond) : cond;
    if (!merged) return { matches: false, filters: {} };
    filters[field] = merged;
  }
  const distinct = [...new Set(texts)];
  if (distinct.length > 1) throw new DslError('query', 'one search text per query');
  return { matches: true, filters, ...(distinct[0] === undefined ? {} : { text: distinct[0] }) };
}

/** One requested aggregation, answered under its own name. */
export type AggregationPlan =
  | { name: string; kind: 'terms'; code: string; size: number }
  /** A terms aggregation over a field without options (VSF's `agg_terms_price`): answered with no buckets. */
  | { name: string; kind: 'empty-terms' }
  | { name: string; kind: 'range'; ranges: { from?: number; to?: number }[] };

const PRICE_FIELDS = new Set(['price', 'final_price']);

/** The `aggs` of a `_search` body. Terms over option attributes and ranges over the price (ADR 0037). */
export function translateAggregations(aggs: unknown): AggregationPlan[] {
  if (aggs === undefined) return [];
  if (!isRecord(aggs)) throw new DslError('aggs', 'must be an object of named aggregations');
  const names = Object.keys(aggs);
  if (names.length > VSF_DSL_LIMITS.maxAggregations) throw new DslError('aggs', `at most ${VSF_DSL_LIMITS.maxAggregations} aggregations`);
  return names.map((name) => {
    const at = `aggs.${name}`;
    const agg = aggs[name];
    if (!isRecord(agg)) throw new DslError(at, 'must be an object');
    const types = Object.keys(agg);
    if (types.length !== 1) throw new DslError(at, types.some((t) => t === 'aggs' || t === 'aggregations') ? 'sub-aggregations are outside the subset' : 'must hold exactly one aggregation');
    const type = types[0]!;
    const body = agg[type];
    if (!isRecord(body) || typeof body.field !== 'string') throw new DslError(`${at}.${type}`, 'needs a field');
    if (type === 'terms') {
      for (const key of Object.keys(body)) if (key !== 'field' && key !== 'size') throw new DslError(`${at}.terms.${key}`, 'only field and size are accepted');
      const size = body.size === undefined ? 10 : body.size;
      if (typeof size !== 'number' || !Number.isInteger(size) || size < 1 || size > 100) throw new DslError(`${at}.terms.size`, 'must be an integer from 1 to 100');
      if (PRICE_FIELDS.has(body.field)) return { name, kind: 'empty-terms' };
      return { name, kind: 'terms', code: fieldName(`${at}.terms.field`, body.field), size };
    }
    if (type === 'range') {
      if (!PRICE_FIELDS.has(body.field)) throw new DslError(`${at}.range.field`, 'only the price is aggregated in ranges');
      if (!Array.isArray(body.ranges) || body.ranges.length === 0 || body.ranges.length > 20) throw new DslError(`${at}.range.ranges`, 'must list 1 to 20 ranges');
      const ranges = body.ranges.map((r: unknown, i: number) => {
        if (!isRecord(r) || Object.keys(r).some((k) => k !== 'from' && k !== 'to' && k !== 'key')) throw new DslError(`${at}.range.ranges.${i}`, 'must hold from and/or to');
        const out: { from?: number; to?: number } = {};
        for (const end of ['from', 'to'] as const) {
          if (r[end] === undefined || r[end] === null) continue;
          if (typeof r[end] !== 'number' || !Number.isFinite(r[end])) throw new DslError(`${at}.range.ranges.${i}.${end}`, 'must be a number');
          out[end] = r[end];
        }
        return out;
      });
      return { name, kind: 'range', ranges };
    }
    throw new DslError(`${at}.${type}`, 'only terms and range aggregations are translated (ADR 0037)');
  });
}

/** Sort of the URL (`field:dir,…`) or of the body (`[{ field: 'asc' }]`, `[{ field: { order } }]`, `'_score'`): catalogue sort specs; `_score` is relevance. */
export function translateSort(urlSort: string | undefined, bodySort: unknown): string[] {
  const specs: string[] = [];
  if (urlSort) {
    for (const part of urlSort.split(',').filter(Boolean)) {
      const [field = '', dir] = part.split(':');
      specs.push(dir ? `${field}:${dir}` : field);
    }
    return specs;
  }
  if (bodySort === undefined) return specs;
  for (const [i, item] of (Array.isArray(bodySort) ? bodySort : [bodySort]).entries()) {
    if (typeof item === 'string') specs.push(item);
    else if (isRecord(item) && Object.keys(item).length === 1) {
      const [field, how] = Object.entries(item)[0]!;
      const dir = typeof how === 'string' ? how : isRecord(how) && typeof how.order === 'string' ? how.order : undefined;
      if (dir !== 'asc' && dir !== 'desc') throw new DslError(`sort.${i}.${field}`, 'must be asc or desc');
      specs.push(`${field}:${dir}`);
    } else throw new DslError(`sort.${i}`, 'must be a field name or { field: order }');
  }
  return specs;
}
