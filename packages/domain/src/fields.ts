/** Dotted paths as a tree: `true` marks a whole field, a nested tree a part of it. */
interface PathTree {
  [key: string]: PathTree | true;
}

// Paths come from request parameters; these keys would reach object prototypes.
const UNSAFE_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

function pathTree(paths: readonly string[]): PathTree {
  const root: PathTree = {};
  for (const path of paths) {
    const keys = path.split('.').filter(Boolean);
    if (keys.some((key) => UNSAFE_KEYS.has(key))) continue;
    let node = root;
    for (const [index, key] of keys.entries()) {
      const existing = node[key];
      if (existing === true) break; // the whole field is already selected
      if (index === keys.length - 1) {
        node[key] = true;
      } else {
        node = existing ?? (node[key] = {});
      }
    }
  }
  return root;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pick(record: Record<string, unknown>, tree: PathTree): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, sub] of Object.entries(tree)) {
    const value = record[key];
    if (sub === true) {
      if (Object.hasOwn(record, key)) result[key] = value;
    } else if (Array.isArray(value)) {
      // A sub-path selects inside objects; scalar array items have nothing to select.
      result[key] = value.filter(isRecord).map((item) => pick(item, sub));
    } else if (isRecord(value)) {
      result[key] = pick(value, sub);
    }
  }
  return result;
}

function omit(record: Record<string, unknown>, tree: PathTree): Record<string, unknown> {
  const result: Record<string, unknown> = { ...record };
  for (const [key, sub] of Object.entries(tree)) {
    const value = result[key];
    if (sub === true) delete result[key];
    else if (Array.isArray(value)) result[key] = value.map((item: unknown) => (isRecord(item) ? omit(item, sub) : item));
    else if (isRecord(value)) result[key] = omit(value, sub);
  }
  return result;
}

/**
 * Source filtering like the search index's `_source_includes`/`_source_excludes`: keeps the
 * include paths (all fields when none), then removes the exclude paths. Dotted paths reach into
 * nested objects and into every object of an array ('configurable_children.sku'). The returned
 * function gives a new object; untouched nested values are shared with the input, never modified.
 * The paths are read once, not per document (a list of 48 spent more on them than on picking).
 */
export function fieldProjection(includeFields?: readonly string[] | null, excludeFields?: readonly string[] | null): <T extends object>(doc: T) => Partial<T> {
  const included = includeFields?.length ? pathTree(includeFields) : null;
  const excluded = excludeFields?.length ? pathTree(excludeFields) : null;
  return <T extends object>(doc: T) => {
    const record = doc as Record<string, unknown>;
    const kept = included ? pick(record, included) : { ...record };
    return (excluded ? omit(kept, excluded) : kept) as Partial<T>;
  };
}

/** fieldProjection for one document. */
export function projectFields<T extends object>(doc: T, includeFields?: readonly string[] | null, excludeFields?: readonly string[] | null): Partial<T> {
  return fieldProjection(includeFields, excludeFields)(doc);
}
