import { t } from '../i18n/translate.ts';
import { FieldError, type FormField } from './product-form.ts';

/** The API's field names (contracts' admin-products) as the form's. */
const FORM_FIELD: Record<string, FormField | 'sku'> = {
  sku: 'sku',
  name: 'name',
  description: 'description',
  shortDescription: 'shortDescription',
  status: 'status',
  visibility: 'visibility',
  categoryIds: 'categoryIds',
  priceCents: 'price',
  specialPriceCents: 'specialPrice',
  specialFrom: 'specialFrom',
  specialTo: 'specialTo',
  tierPrices: 'tierPrices',
  groupPrices: 'groupPrices',
  taxClassId: 'taxClassId',
  qty: 'qty',
  isInStock: 'isInStock',
  availabilityMessage: 'availabilityMessage',
  availabilityCustomMessage: 'availabilityCustomMessage',
  availabilityDate: 'availabilityDate',
  attributes: 'attributes',
  metaTitle: 'metaTitle',
  metaDescription: 'metaDescription',
  urlKey: 'urlKey',
};

/** The part of a path after the field: a row of a price list, or an attribute's code. */
function detail(field: string, rest: string[]): string {
  if (rest.length === 0) return '';
  if ((field === 'tierPrices' || field === 'groupPrices') && /^\d+$/.test(rest[0]!)) return ` (${t('products.refusal.row', { n: Number(rest[0]) + 1 })})`;
  return ` (${rest[0]})`;
}

export interface Refusal {
  /** Italian, each problem under the label the form shows. */
  text: string;
  /** The form's fields it names, to mark them. */
  fields: (FormField | 'sku')[];
}

/**
 * A refusal of the API as the seller reads it beside the form: the field names of the API
 * ("specialPriceCents: …", "Invalid request body: tierPrices.0.qty: …") become the form's labels
 * ("Prezzo speciale: …", "Scaglioni di prezzo (riga 1): …"), and the fields are named for marking.
 * A refusal of the form itself (FieldError) is already worded so.
 */
export function refusalOf(error: unknown): Refusal | null {
  if (!error) return null;
  if (error instanceof FieldError) return { text: error.message, fields: [error.field] };
  const message = error instanceof Error ? error.message : String(error);
  const fields: Refusal['fields'] = [];
  const parts = message
    .replace(/^Invalid request body: /, '')
    .split('; ')
    .map((part) => {
      const match = /^([A-Za-z]+)((?:\.[A-Za-z0-9_]+)*): (.*)$/s.exec(part);
      const field = match ? FORM_FIELD[match[1]!] : undefined;
      if (!match || !field) return part;
      fields.push(field);
      return `${t(`products.field.${field}`)}${detail(match[1]!, match[2]!.split('.').filter(Boolean))}: ${match[3]!}`;
    });
  return { text: parts.join('; ').replace(/ \(and (\d+) more\)$/, (_all, n: string) => ` ${t('products.refusal.more', { n })}`), fields };
}
