/**
 * Query text → search terms, in the application: the database only ever receives the folded
 * words as bound parameters, and tsquery text built from them here.
 */

/** Letters NFKD does not decompose but unaccent() folds (search_words() in SQL). */
const FOLD: Record<string, string> = { ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', đ: 'd', ł: 'l', þ: 'th' };

/** Accents and case folded as search_words() does in the database. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[øæœßđłþ]/g, (c) => FOLD[c] ?? c);
}

/** A word looked up in the vocabulary. */
export interface Term {
  word: string;
  /** Edits allowed (fuzzinessOf). */
  fuzziness: number;
  /** The last word, still being typed: vocabulary words it begins also match. */
  prefix: boolean;
}

/**
 * One unit of "minimum should match": a word, or a hyphenated chunk such as a SKU, which
 * matches as a SKU prefix or by all of its parts.
 */
export interface Group {
  terms: number[];
  /** Matched as a SKU (prefix), lowercase. */
  sku?: string;
}

export interface ParsedQuery {
  terms: Term[];
  groups: Group[];
}

/** Words beyond this are ignored: the match query grows with the combinations of 75 % of them. */
export const MAX_GROUPS = 8;

/**
 * How many edits a query word may have (ADR 0008): `two` (the default) is catalogue §9's
 * fuzziness 2 for every word of 3 letters or more; `by-length` is Elasticsearch's AUTO, 0 under 3
 * letters, 1 up to 5, 2 from 6; `none` searches the words as typed (the shopper's "search
 * instead for"). Numbers never take edits.
 */
export type FuzzinessRule = 'by-length' | 'two' | 'none';

export function fuzzinessOf(word: string, rule: FuzzinessRule = 'two'): number {
  if (/\d/.test(word) || word.length < 3 || rule === 'none') return 0;
  if (rule === 'two') return 2;
  return word.length <= 5 ? 1 : 2;
}

/**
 * Splits folded text like search_words() does, except that a hyphen inside a chunk keeps it
 * whole as a possible SKU ("col-00004", "tec-sca"). Single letters are dropped as noise.
 */
export function parseQuery(text: string, rule: FuzzinessRule = 'two'): ParsedQuery {
  const chunks = foldText(text)
    .split(/[^a-z0-9-]+/)
    .map((c) => c.replace(/^-+|-+$/g, ''))
    .filter((c) => c.length > 1 || /\d/.test(c))
    .slice(0, MAX_GROUPS);
  const terms: Term[] = [];
  const groups: Group[] = [];
  const addTerm = (word: string, prefix: boolean) => terms.push({ word, fuzziness: fuzzinessOf(word, rule), prefix }) - 1;
  chunks.forEach((chunk, i) => {
    const last = i === chunks.length - 1;
    if (chunk.includes('-')) {
      const parts = chunk.split(/-+/).filter((p) => p.length > 0);
      groups.push({ terms: parts.map((p) => terms.push({ word: p, fuzziness: 0, prefix: false }) - 1), sku: chunk });
      return;
    }
    const skuLike = chunk.length >= 3 && (/\d/.test(chunk) || chunks.length === 1);
    groups.push({ terms: [addTerm(chunk, last)], ...(skuLike ? { sku: chunk } : {}) });
  });
  return { terms, groups };
}

/** ES "minimum_should_match: 75%": rounded down, at least one. */
export function minimumShouldMatch(groups: number): number {
  return Math.max(1, Math.floor(groups * 0.75));
}

/** A lexeme as tsquery text, optionally restricted to weights and as a prefix. */
export function lexeme(value: string, options: { weights?: string; prefix?: boolean } = {}): string {
  const quoted = `'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
  const flags = `${options.prefix ? '*' : ''}${options.weights ?? ''}`;
  return flags ? `${quoted}:${flags}` : quoted;
}

export const anyOf = (parts: readonly string[]) => (parts.length === 1 ? parts[0]! : `(${parts.join(' | ')})`);
export const allOf = (parts: readonly string[]) => (parts.length === 1 ? parts[0]! : `(${parts.join(' & ')})`);

/** Every way of picking `k` of `n` indexes, in order. */
export function combinations(n: number, k: number): number[][] {
  const out: number[][] = [];
  const pick = (from: number, chosen: number[]) => {
    if (chosen.length === k) {
      out.push(chosen);
      return;
    }
    for (let i = from; i <= n - (k - chosen.length); i++) pick(i + 1, [...chosen, i]);
  };
  pick(0, []);
  return out;
}
