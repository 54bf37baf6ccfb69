/**
 * The technical sheet: the product's visible attributes with their labels and option labels
 * (catalogue.md §3 Attribute). Pure.
 */
import type { AttributeDoc } from '@shop/domain';

export interface AttributeRow {
  code: string;
  label: string;
  value: string;
}

/** Attributes that are never shown in the sheet (prices, tax class, variant pickers). */
const HIDDEN = new Set(['price', 'tax_class_id', 'special_price', 'cost', 'status', 'visibility']);

function truthy(flag: unknown): boolean {
  return flag === true || flag === 1 || flag === '1' || flag === 'true';
}

/** Visible on the storefront: `is_visible`, user-defined, and shown on catalogue pages when the flag exists. */
export function isShownAttribute(attribute: AttributeDoc): boolean {
  if (!truthy(attribute.is_visible) || !truthy(attribute.is_user_defined)) return false;
  if (attribute.attribute_code.includes('.')) return false; // §5: codes with a dot are never requested
  return attribute.is_visible_on_front === undefined || truthy(attribute.is_visible_on_front);
}

function optionLabel(attribute: AttributeDoc, id: string): string | undefined {
  return attribute.options.find((option) => String(option.value) === id)?.label;
}

/** One attribute value as text: option labels for select, multiselect and boolean, the text itself otherwise. */
export function attributeValueText(
  attribute: AttributeDoc,
  raw: unknown,
  yesNo: { yes: string; no: string },
): string | null {
  if (raw === undefined || raw === null || raw === '' || typeof raw === 'object') return null;
  const text = String(raw).trim();
  if (text === '') return null;
  switch (attribute.frontend_input) {
    case 'select':
      return optionLabel(attribute, text) ?? null;
    case 'multiselect': {
      const labels = text.split(',').flatMap((id) => optionLabel(attribute, id.trim()) ?? []);
      return labels.length > 0 ? labels.join(', ') : null;
    }
    case 'boolean': {
      const label = optionLabel(attribute, text);
      if (label) return label;
      if (text === '1' || text === 'true') return yesNo.yes;
      if (text === '0' || text === 'false') return yesNo.no;
      return null;
    }
    case 'price':
      return null;
    default:
      return text;
  }
}

/**
 * The rows of the technical sheet, in attribute position order: every shown attribute the
 * product has a readable value for, except the codes in `exclude` (the configurable pickers).
 */
export function technicalAttributes(
  product: Readonly<Record<string, unknown>>,
  attributes: readonly AttributeDoc[],
  yesNo: { yes: string; no: string },
  exclude: ReadonlySet<string> = new Set(),
): AttributeRow[] {
  return [...attributes]
    .filter((attribute) => isShownAttribute(attribute) && !HIDDEN.has(attribute.attribute_code) && !exclude.has(attribute.attribute_code))
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0) || a.attribute_id - b.attribute_id)
    .flatMap((attribute) => {
      const value = attributeValueText(attribute, product[attribute.attribute_code], yesNo);
      return value === null ? [] : [{ code: attribute.attribute_code, label: attribute.default_frontend_label, value }];
    });
}
