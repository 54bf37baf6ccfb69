import { categorySlug, type CategoryDoc } from '@shop/domain';

/** One category of a flattened tree. */
export interface FlatCategory {
  doc: CategoryDoc;
  /** Found in a parent's `children_data` rather than as a document of its own. */
  nested: boolean;
  derived: string[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * One document per category of a `children_data` tree (VSF nests the subtree in every
 * category), without `children_data`: the database keeps the tree as parent ids. Fields a
 * nested child may lack come from its parent: `parent_id`, `path`, `level`, and `url_path`
 * (the parent's plus the slug, else the slug); `slug` and `url_key` follow @shop/domain's
 * categorySlug.
 * Pure and idempotent. Invalid children are returned as they are, for the caller to refuse.
 */
export function flattenCategory(root: CategoryDoc): FlatCategory[] {
  const out: FlatCategory[] = [];
  const visit = (node: CategoryDoc, parent: CategoryDoc | undefined) => {
    const { children_data: children, ...doc } = node;
    const derived: string[] = [];
    if (parent && (doc.parent_id === undefined || doc.parent_id === null)) {
      doc.parent_id = parent.id;
      derived.push('parent_id');
    }
    // Without its parent's path a category's path is unknown (rows.ts falls back to its id).
    const isRoot = doc.parent_id === undefined || doc.parent_id === null;
    if (!doc.path && (parent?.path || isRoot)) {
      doc.path = parent ? `${parent.path}/${doc.id}` : String(doc.id);
      derived.push('path');
    }
    if ((doc.level === undefined || doc.level === null) && (parent || doc.path)) {
      doc.level = parent ? Number(parent.level) + 1 : String(doc.path).split('/').length - 1;
      derived.push('level');
    }
    if (!doc.slug && typeof doc.name === 'string') {
      doc.slug = categorySlug(doc);
      derived.push('slug');
    }
    if (!doc.url_key && doc.slug) {
      doc.url_key = doc.slug;
      derived.push('url_key');
    }
    if (!doc.url_path && doc.slug) {
      doc.url_path = parent?.url_path ? `${parent.url_path}/${doc.slug}` : doc.slug;
      derived.push('url_path');
    }
    out.push({ doc, nested: parent !== undefined, derived });
    if (Array.isArray(children)) for (const child of children) if (isObject(child)) visit(child as CategoryDoc, doc);
  };
  visit(root, undefined);
  return out;
}
