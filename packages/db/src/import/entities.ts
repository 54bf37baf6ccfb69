import { catalogEntityTypes, type CatalogEntityType } from '@shop/contracts';

export type ImportEntity = CatalogEntityType;

/**
 * The order an import writes entities in: attributes before products (their select options
 * become product filter columns), categories before products, reviews after the products.
 */
export const IMPORT_ORDER: readonly ImportEntity[] = ['attribute', 'taxrule', 'category', 'product', 'review', 'cms_page', 'cms_block', 'cms_hierarchy'];

const ENTITIES = new Set<string>(catalogEntityTypes);

export function isImportEntity(value: unknown): value is ImportEntity {
  return typeof value === 'string' && ENTITIES.has(value);
}

// Names as they appear in index and file names, two-word names first so that
// "cms_page" is not read as something else.
const NAMES: [string, ImportEntity][] = [
  ['cms_hierarchy', 'cms_hierarchy'],
  ['cms_pages', 'cms_page'],
  ['cms_page', 'cms_page'],
  ['cms_blocks', 'cms_block'],
  ['cms_block', 'cms_block'],
  ['tax_rules', 'taxrule'],
  ['tax_rule', 'taxrule'],
  ['taxrules', 'taxrule'],
  ['taxrule', 'taxrule'],
  ['products', 'product'],
  ['product', 'product'],
  ['categories', 'category'],
  ['category', 'category'],
  ['attributes', 'attribute'],
  ['attribute', 'attribute'],
  ['reviews', 'review'],
  ['review', 'review'],
];

/**
 * The entity a name mentions as a whole word: ES7 index names (`vue_storefront_catalog_cms_block_1587031505`)
 * and dump file names (`catalog_it_category.json`, `products.ndjson`).
 */
export function entityFromName(name: string): ImportEntity | undefined {
  const words = `_${name.toLowerCase().replace(/\.[a-z]+$/, '').replace(/[^a-z0-9]+/g, '_')}_`;
  return NAMES.find(([word]) => words.includes(`_${word}_`))?.[1];
}

/** Last resort for bare documents without a telling file name: the fields each entity always has. */
export function entityFromFields(doc: Record<string, unknown>): ImportEntity | undefined {
  if ('sku' in doc && 'type_id' in doc) return 'product';
  if ('attribute_code' in doc && ('frontend_input' in doc || 'options' in doc)) return 'attribute';
  if (Array.isArray(doc.rates) && 'product_tax_class_ids' in doc) return 'taxrule';
  if ('product_id' in doc && ('review_entity' in doc || 'nickname' in doc)) return 'review';
  if ('identifier' in doc && 'content' in doc) {
    return 'page_layout' in doc || 'content_heading' in doc ? 'cms_page' : 'cms_block';
  }
  if ('children_data' in doc || ('parent_id' in doc && 'path' in doc && 'name' in doc)) return 'category';
  return undefined;
}

/** Where a document came from in an Elasticsearch dump: the hit's or the bulk action's metadata. */
export interface HitMeta {
  _index?: unknown;
  _type?: unknown;
  _id?: unknown;
}

/**
 * The entity of a document: the hit's `_type` (ES5/6 dumps), else its `_index` name (ES7 dumps
 * say `_doc`), else the file name, else the document's fields.
 */
export function resolveEntity(
  meta: HitMeta | undefined,
  fileEntity: ImportEntity | undefined,
  doc: Record<string, unknown>,
): { entity: ImportEntity } | { reason: string } {
  const type = meta?._type;
  if (isImportEntity(type)) return { entity: type };
  if (typeof type === 'string' && type !== '_doc' && type !== '') return { reason: `unsupported document type "${type}"` };
  const entity = (typeof meta?._index === 'string' ? entityFromName(meta._index) : undefined) ?? fileEntity ?? entityFromFields(doc);
  return entity ? { entity } : { reason: 'not a catalogue document: no _type, _index, file name or field names its entity' };
}
