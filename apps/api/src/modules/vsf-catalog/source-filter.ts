/**
 * Elasticsearch's source filtering (`_source_include` / `_source_exclude`): each pattern names a
 * dotted path, `*` stands for any characters (dots too), so `*sku` keeps `sku` and
 * `configurable_children.sku`, `*.sgn` drops `sgn` at any depth below the top. A path is kept when
 * an include pattern matches it or one of its ancestors (no includes: everything), then dropped
 * when an exclude pattern does. Arrays are walked item by item under their field's path.
 */
export interface SourceFilter {
  includes: readonly string[];
  excludes: readonly string[];
}

// Paths come from request parameters; these keys would reach object prototypes.
const UNSAFE_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

/**
 * Whether `text` matches a pattern whose `*` stands for any characters: the greedy two-pointer
 * walk, linear in practice and never exponential (a regular expression built from a client's
 * `*a*a*a…` could backtrack for ever).
 */
export function globMatches(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  let star = -1;
  let resume = 0;
  while (t < text.length) {
    if (p < pattern.length && pattern[p] !== '*' && pattern[p] === text[t]) {
      p++;
      t++;
    } else if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      resume = t;
    } else if (star >= 0) {
      p = star + 1;
      t = ++resume;
    } else return false;
  }
  while (pattern[p] === '*') p++;
  return p === pattern.length;
}

/** Patterns split into exact paths (a set lookup) and globs, with every ancestor path of an exact one. */
function compile(patterns: readonly string[]) {
  const exact = new Set(patterns.filter((p) => !p.includes('*')));
  const globs = patterns.filter((p) => p.includes('*'));
  const ancestors = new Set([...exact].flatMap((p) => p.split('.').slice(0, -1).map((_, i, parts) => parts.slice(0, i + 1).join('.'))));
  return {
    matches: (path: string) => exact.has(path) || globs.some((glob) => globMatches(glob, path)),
    /** Whether a pattern may match below `path` (always, with a glob). */
    reachesBelow: (path: string) => globs.length > 0 || ancestors.has(path),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Patterns from comma lists (the URL) and lists (the body), blanks dropped. */
export function patternsOf(...sources: (string | readonly string[] | undefined)[]): string[] {
  return sources.flatMap((s) => (s === undefined ? [] : typeof s === 'string' ? s.split(',') : [...s])).map((p) => p.trim()).filter(Boolean);
}

export function filterSource(doc: Record<string, unknown>, filter: SourceFilter): Record<string, unknown> {
  if (filter.includes.length === 0 && filter.excludes.length === 0) return doc;
  const included = compile(filter.includes);
  const excluded = compile(filter.excludes);
  const all = filter.includes.length === 0;

  const walk = (value: unknown, path: string, kept: boolean): unknown => {
    // A kept value no exclude can reach inside is kept whole, unwalked.
    if (kept && (path === '' ? filter.excludes.length === 0 : !excluded.reachesBelow(path))) return value;
    if (Array.isArray(value)) {
      const items = value.map((item) => walk(item, path, kept)).filter((item) => item !== undefined);
      return kept || items.length > 0 ? items : undefined;
    }
    if (!isRecord(value)) return kept ? value : undefined;
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      if (UNSAFE_KEYS.has(key)) continue;
      const childPath = path ? `${path}.${key}` : key;
      if (excluded.matches(childPath)) continue;
      const keep = kept || included.matches(childPath);
      // Nothing to include below a path no include pattern reaches.
      if (!keep && !included.reachesBelow(childPath)) continue;
      const result = walk(child, childPath, keep);
      if (result !== undefined) out[key] = result;
    }
    return kept || Object.keys(out).length > 0 ? out : undefined;
  };
  return (walk(doc, '', all) as Record<string, unknown> | undefined) ?? {};
}
