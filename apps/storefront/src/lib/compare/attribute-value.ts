/**
 * How the compare table writes an attribute value of a product. Pure. Select and multiselect
 * values are option ids (multiselect: comma-separated) shown by their labels; a configurable
 * product without its own value shows the distinct values of its children.
 */

export interface ComparableAttribute {
  code: string;
  label: string;
  input: string;
  options: Record<string, string>;
}

function present(raw: unknown): boolean {
  return raw !== undefined && raw !== null && raw !== '' && !(Array.isArray(raw) && raw.length === 0);
}

function labelsOf(attribute: ComparableAttribute, raw: unknown): string[] {
  const values = Array.isArray(raw) ? raw.map(String) : String(raw).split(attribute.input === 'multiselect' ? ',' : /(?!)/);
  return values
    .map((v) => v.trim())
    .filter((v) => v !== '')
    .map((v) => attribute.options[v] ?? (attribute.input === 'select' || attribute.input === 'boolean' ? '' : v))
    .filter((label) => label !== '');
}

/** The text of one attribute for one product, or '' when it has none. */
export function attributeText(attribute: ComparableAttribute, product: Record<string, unknown>): string {
  const own = product[attribute.code];
  if (present(own)) return [...new Set(labelsOf(attribute, own))].join(', ');
  const children = Array.isArray(product.configurable_children) ? (product.configurable_children as Record<string, unknown>[]) : [];
  const fromChildren = children.flatMap((child) => (present(child[attribute.code]) ? labelsOf(attribute, child[attribute.code]) : []));
  return [...new Set(fromChildren)].join(', ');
}

/** The attributes worth a row: those at least one of the products has. */
export function comparableRows(
  attributes: readonly ComparableAttribute[],
  products: readonly Record<string, unknown>[],
): { attribute: ComparableAttribute; values: string[] }[] {
  return attributes
    .map((attribute) => ({ attribute, values: products.map((p) => attributeText(attribute, p)) }))
    .filter((row) => row.values.some((v) => v !== ''));
}
