import type { AdminProduct, AdminProductCreateBody, ProductPatch } from '@shop/contracts';
import { ApiError } from '../api.ts';
import { centsToInput, localInputToIso, parseEuros, parseQuantity, quantityInput, toLocalInput } from '../format.ts';
import { t } from '../i18n/translate.ts';

/** A tier price (group, quantity from 2, price) or a group price (group, price; qty unused), as typed. */
export interface PriceRow {
  group: string;
  qty: string;
  price: string;
}

/**
 * The product form as typed: euros the Italian way, instants as datetime-local values, selects
 * as strings, empty text for "none". A technical attribute is an option id, a multiselect's ids,
 * "1"/"0" for a yes/no, or text.
 */
export interface ProductForm {
  name: string;
  description: string;
  shortDescription: string;
  status: string;
  visibility: string;
  categoryIds: number[];
  price: string;
  specialPrice: string;
  specialFrom: string;
  specialTo: string;
  tierPrices: PriceRow[];
  groupPrices: PriceRow[];
  taxClassId: string;
  qty: string;
  isInStock: boolean;
  availabilityMessage: string;
  availabilityCustomMessage: string;
  availabilityDate: string;
  attributes: Record<string, string | string[]>;
  metaTitle: string;
  metaDescription: string;
  urlKey: string;
}
export type FormField = keyof ProductForm;

/** A value the form cannot send, naming the field (its label first, as the API's refusals are shown). */
export class FieldError extends ApiError {
  constructor(
    readonly field: FormField,
    message: string,
  ) {
    super(422, message);
  }
}

const refuse = (field: FormField, key: string, values: Record<string, string | number> = {}): never => {
  throw new FieldError(field, `${t(`products.field.${field}`)}: ${t(key, values)}`);
};

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

export function formOf(product: AdminProduct): ProductForm {
  return {
    name: product.name,
    description: product.description,
    shortDescription: product.shortDescription,
    status: String(product.status),
    visibility: String(product.visibility),
    categoryIds: product.categoryIds,
    price: centsToInput(product.priceCents),
    specialPrice: product.specialPriceCents === null ? '' : centsToInput(product.specialPriceCents),
    specialFrom: toLocalInput(product.specialFrom),
    specialTo: toLocalInput(product.specialTo),
    tierPrices: product.tierPrices.map((row) => ({ group: String(row.customerGroupId), qty: String(row.qty), price: centsToInput(row.priceCents) })),
    groupPrices: product.groupPrices.map((row) => ({ group: String(row.customerGroupId), qty: '', price: centsToInput(row.priceCents) })),
    taxClassId: String(product.taxClassId),
    qty: quantityInput(product.stock.qty),
    isInStock: product.stock.isInStock,
    availabilityMessage: product.availabilityMessage ?? '',
    availabilityCustomMessage: product.availabilityCustomMessage ?? '',
    availabilityDate: product.availabilityDate ?? '',
    attributes: { ...product.attributes },
    metaTitle: product.metaTitle ?? '',
    metaDescription: product.metaDescription ?? '',
    urlKey: product.urlKey,
  };
}

/** The form of a new simple product: enabled, in catalogue and search, no stock yet. */
export function blankForm(taxClassId: string): ProductForm {
  return {
    name: '', description: '', shortDescription: '', status: '1', visibility: '4', categoryIds: [], price: '', specialPrice: '', specialFrom: '', specialTo: '',
    tierPrices: [], groupPrices: [], taxClassId, qty: '0', isInStock: false, availabilityMessage: '', availabilityCustomMessage: '', availabilityDate: '',
    attributes: {}, metaTitle: '', metaDescription: '', urlKey: '',
  };
}

const isBlankRow = (row: PriceRow) => row.qty.trim() === '' && row.price.trim() === '';

function priceRows(form: ProductForm) {
  const price = (field: 'tierPrices' | 'groupPrices', row: PriceRow, n: number) => {
    const cents = parseEuros(row.price);
    return cents !== null && cents > 0 ? cents : refuse(field, 'products.bad.rowPrice', { n });
  };
  return {
    tierPrices: form.tierPrices.filter((row) => !isBlankRow(row)).map((row, i) => {
      const qty = row.qty.trim();
      if (!/^\d{1,7}$/.test(qty) || Number(qty) < 2) refuse('tierPrices', 'products.bad.tierQty', { n: i + 1 });
      return { customerGroupId: Number(row.group), qty: Number(qty), priceCents: price('tierPrices', row, i + 1) };
    }),
    groupPrices: form.groupPrices.filter((row) => !isBlankRow(row)).map((row, i) => ({ customerGroupId: Number(row.group), priceCents: price('groupPrices', row, i + 1) })),
  };
}

/** An attribute's value as the API takes it: null when empty. */
const attributeValue = (value: string | string[] | undefined) => (value === undefined || value.length === 0 ? null : Array.isArray(value) ? value : value.trim() || null);

/** The form's fields: the pictures are edited on their own page (product-images/). */
type Fields = Required<Omit<ProductPatch, 'attributes' | 'images' | 'image'>> & { attributes: Record<string, string | string[] | null> };

/** Every field of the form as the API takes it; a value that cannot be read is refused naming its field. */
function fieldsOf(form: ProductForm): Fields {
  const price = parseEuros(form.price) ?? refuse('price', 'products.bad.price');
  const special = form.specialPrice.trim() === '' ? null : (parseEuros(form.specialPrice) ?? refuse('specialPrice', 'products.bad.price'));
  const qty = parseQuantity(form.qty) ?? refuse('qty', 'products.bad.qty');
  return {
    name: form.name.trim(),
    description: form.description,
    shortDescription: form.shortDescription,
    status: Number(form.status),
    visibility: Number(form.visibility),
    categoryIds: form.categoryIds,
    priceCents: price,
    specialPriceCents: special,
    specialFrom: localInputToIso(form.specialFrom),
    specialTo: localInputToIso(form.specialTo),
    ...priceRows(form),
    taxClassId: Number(form.taxClassId),
    qty,
    isInStock: form.isInStock,
    availabilityMessage: orNull(form.availabilityMessage),
    availabilityCustomMessage: orNull(form.availabilityCustomMessage),
    availabilityDate: form.availabilityDate || null,
    attributes: Object.fromEntries(Object.entries(form.attributes).map(([code, value]) => [code, attributeValue(value)])),
    metaTitle: orNull(form.metaTitle),
    metaDescription: orNull(form.metaDescription),
    urlKey: form.urlKey.trim(),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The PATCH body: the fields that differ from the form as it was loaded, each technical attribute
 * on its own (an emptied one as null). Stock: the quantity alone lets the shop say whether it is
 * in stock; "disponibile" goes only when the seller changed it.
 */
export function patchOf(form: ProductForm, loaded: ProductForm): ProductPatch {
  const now = fieldsOf(form);
  const before = fieldsOf(loaded);
  const patch: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(now)) {
    if (field !== 'attributes' && !same(value, before[field as keyof Fields])) patch[field] = value;
  }
  const codes = new Set([...Object.keys(now.attributes), ...Object.keys(before.attributes)]);
  const attributes = Object.fromEntries([...codes].filter((code) => !same(now.attributes[code] ?? null, before.attributes[code] ?? null)).map((code) => [code, now.attributes[code] ?? null]));
  if (Object.keys(attributes).length > 0) patch['attributes'] = attributes;
  return patch as ProductPatch;
}

/** The body of a new simple product: the SKU and what the seller filled in (the API's defaults for the rest). */
export function createBodyOf(sku: string, form: ProductForm): AdminProductCreateBody {
  const { isInStock: _derivedFromQty, attributes, ...fields } = fieldsOf(form);
  const filled = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null && value !== '' && !(Array.isArray(value) && value.length === 0)));
  const chosen = Object.fromEntries(Object.entries(attributes).filter(([, value]) => value !== null));
  return { sku: sku.trim(), ...filled, ...(Object.keys(chosen).length > 0 ? { attributes: chosen } : {}) } as AdminProductCreateBody;
}
