import { ADMIN_PRODUCT_MESSAGES as M, type AdminGroupPrice, type AdminTierPrice, type ProductPatch, type ProductPatchField } from '@shop/contracts';
import { toStockItem } from '@shop/db';
import { fromCents, parseVsfDate, productSlug, sameJson, sourcePrices, toCents, type ProductDoc, type StockItem } from '@shop/domain';
import { htmlRefusal } from '../cms/html-refusal.ts';
import { sanitizeHtml } from '../cms/html-sanitizer.ts';
import { galleryOf, mainImageOf, writeImages } from './gallery.ts';

/**
 * A product document as the back office edits it (issue #45 point 1, ADR 0032): the editable
 * fields read from a VSF document (prices from its source prices, stock from its stock item,
 * technical attributes from their top-level fields) and a patch written back into it, the rest of
 * the document untouched. Pure: what needs the database (categories, attributes, tax classes) comes
 * in an EditContext.
 */

/** A catalogue attribute the back office edits on products (user-defined: marca, materiale…). */
export interface TechnicalAttribute {
  code: string;
  label: string;
  input: string;
  /** Option id → label; empty for free text. */
  options: ReadonlyMap<string, string>;
}

export interface CategoryRef {
  id: number;
  name: string;
  slug: string;
  url_path: string;
  level: number;
}

export interface EditContext {
  categories: ReadonlyMap<number, CategoryRef>;
  attributes: ReadonlyMap<string, TechnicalAttribute>;
  /** Product tax classes of the shop's tax rules (0, no tax, is always known); empty: not checked. */
  taxClasses: ReadonlySet<number>;
  now: Date;
}

/** The editable fields of one document, each under its patch name, and the url_path its URL key gives. */
export type ProductFields = Omit<{ [K in ProductPatchField]-?: Exclude<ProductPatch[K], undefined> }, 'attributes'> & {
  /** Technical attributes present on the document. */
  attributes: Record<string, string | string[]>;
  urlPath: string;
};

export interface FieldProblem {
  field: string;
  /** Italian, naming the field first ("specialTo: …"). */
  message: string;
}

const toInt = (value: unknown, fallback: number): number => {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  return Number.isFinite(n) ? Math.trunc(n) : fallback;
};
const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null);
const isoOrNull = (value: unknown): string | null => parseVsfDate(value as string | null | undefined)?.toISOString() ?? null;
const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as VSF writes dates: 'YYYY-MM-DD HH:mm:ss', UTC. */
export function vsfDateTime(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

export function categoryIdsOf(doc: ProductDoc): number[] {
  const ids = doc.category_ids?.length ? doc.category_ids : (doc.category ?? []).map((c) => c.category_id);
  return [...new Set(ids.map((id) => toInt(id, -1)).filter((id) => id >= 0))];
}

/** A select's or boolean's value as an option id, a multiselect's as its ids ("12,14" or [12, 14]). */
function attributeValue(value: unknown, input: string): string | string[] | null {
  if (value === null || value === undefined || value === '') return null;
  if (input === 'multiselect') {
    const ids = (Array.isArray(value) ? value : String(value).split(',')).map((v) => String(v).trim()).filter((v) => v !== '');
    return ids.length > 0 ? ids : null;
  }
  return Array.isArray(value) ? value.map(String).join(',') : String(value);
}

/** The shop's stock of an item: its own count (stock_level) over the document's quantity, as findStockItems sells it. */
export function shopStock(item: StockItem, level: number | null): { qty: number; isInStock: boolean; manageStock: boolean; backorders: boolean } {
  const backorders = Number(item.backorders ?? 0) > 0;
  const manageStock = item.manage_stock !== false;
  if (!manageStock || level === null) return { qty: item.qty, isInStock: item.is_in_stock, manageStock, backorders };
  return { qty: level, isInStock: level > 0 || backorders ? item.is_in_stock : false, manageStock, backorders };
}

function tierLists(doc: ProductDoc): { tierPrices: AdminTierPrice[]; groupPrices: AdminGroupPrice[] } {
  const tiers = (doc.tier_prices ?? []).map((t) => ({ customerGroupId: toInt(t.customer_group_id, 0), qty: Number(t.qty), priceCents: toCents(Number(t.value)) }));
  return {
    tierPrices: tiers.filter((t) => t.qty > 1),
    groupPrices: tiers.filter((t) => !(t.qty > 1)).map(({ customerGroupId, priceCents }) => ({ customerGroupId, priceCents })),
  };
}

/** The editable fields of a document (a product's or a configurable child's copy); `level` is the shop's count of its SKU. */
export function readFields(doc: ProductDoc, attributes: ReadonlyMap<string, TechnicalAttribute>, level: number | null = null): ProductFields {
  const source = sourcePrices(doc);
  const stock = shopStock(toStockItem(String(doc.sku), toInt(doc.id, 0), doc.stock), level);
  const technical: Record<string, string | string[]> = {};
  for (const [code, attribute] of attributes) {
    const value = attributeValue(doc[code], attribute.input);
    if (value !== null) technical[code] = value;
  }
  // A configurable child's copy may carry neither a key nor a name.
  const urlKey = doc.url_key || productSlug({ ...doc, name: String(doc.name ?? doc.sku ?? '') });
  const day = textOrNull(doc.data_disponibilita);
  return {
    name: String(doc.name ?? ''),
    description: typeof doc.description === 'string' ? doc.description : '',
    shortDescription: typeof doc.short_description === 'string' ? doc.short_description : '',
    status: toInt(doc.status, 1),
    visibility: toInt(doc.visibility, 4),
    categoryIds: categoryIdsOf(doc),
    priceCents: toCents(source.price),
    specialPriceCents: source.special ? toCents(source.special) : null,
    specialFrom: isoOrNull(doc.special_from_date),
    specialTo: isoOrNull(doc.special_to_date),
    ...tierLists(doc),
    taxClassId: toInt(doc.tax_class_id, 0),
    qty: stock.qty,
    isInStock: stock.isInStock,
    availabilityMessage: textOrNull(doc.messaggio_disponibilita),
    availabilityCustomMessage: textOrNull(doc.messaggio_disponibilita_custom),
    availabilityDate: day && /^\d{4}-\d{2}-\d{2}/.test(day) ? day.slice(0, 10) : day,
    attributes: technical,
    metaTitle: textOrNull(doc.meta_title),
    metaDescription: textOrNull(doc.meta_description),
    urlKey,
    urlPath: typeof doc.url_path === 'string' && doc.url_path ? doc.url_path : urlKey,
    images: galleryOf(doc),
    image: mainImageOf(doc),
  };
}

/** The fields whose value differs between two readings. */
export function changedFields(before: ProductFields, after: ProductFields): (keyof ProductFields)[] {
  return (Object.keys(after) as (keyof ProductFields)[]).filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
}

/** A price (or special price) and its saved original, which taxed documents price from (sourcePrices). */
function setMoney(doc: ProductDoc, field: 'price' | 'special_price', cents: number | null): void {
  const euros = cents === null ? null : fromCents(cents);
  if (field === 'price') doc.price = euros ?? 0;
  else doc.special_price = euros;
  if (doc.original_price !== undefined && doc.original_price !== null) doc[field === 'price' ? 'original_price' : 'original_special_price'] = euros ?? undefined;
  // A final price below the price would be what shoppers pay (a catalogue rule of the platform): the seller's price replaces it.
  delete doc.final_price;
  delete doc.original_final_price;
}

function setOptional(doc: ProductDoc, key: string, value: string | null): void {
  if (value === null) delete doc[key];
  else doc[key] = value;
}

/** The last segment of a url_path replaced by the new URL key ("coltelli/cuoco/vecchio" → "coltelli/cuoco/nuovo"). */
export function urlPathWithKey(urlPath: string, key: string): string {
  const slash = urlPath.lastIndexOf('/');
  return slash >= 0 ? `${urlPath.slice(0, slash + 1)}${key}` : key;
}

function writeAttribute(doc: ProductDoc, code: string, value: string | string[] | null, input: string): void {
  const stored = value === null ? undefined : Array.isArray(value) ? (input === 'multiselect' ? value.join(',') : value[0]) : value;
  if (stored === undefined) delete doc[code];
  else doc[code] = stored;
  // Older documents (and configurable children) also list it in custom_attributes: kept in step.
  const list = doc.custom_attributes;
  if (Array.isArray(list)) {
    doc.custom_attributes = (list as { attribute_code?: unknown; value?: unknown }[])
      .filter((entry) => stored !== undefined || entry?.attribute_code !== code)
      .map((entry) => (entry?.attribute_code === code ? { ...entry, value: stored } : entry));
  }
}

/**
 * A copy of `doc` with the patch written in: descriptions sanitised as CMS content, prices in
 * euros (and their originals), windows and dates as VSF writes them, tier and group prices as
 * one tier list, stock as a managed item, categories with their refs, the URL key with slug and
 * url_path. The patch must have passed fieldProblems.
 */
export function applyPatch(source: ProductDoc, patch: ProductPatch, ctx: EditContext): ProductDoc {
  // A shallow copy: every change below replaces a top-level value, never changes a nested one in
  // place, so what the patch leaves alone keeps its reference (compared at no cost afterwards).
  const doc: ProductDoc = { ...source };
  if (patch.name !== undefined) doc.name = patch.name;
  if (patch.description !== undefined) doc.description = sanitizeHtml(patch.description);
  if (patch.shortDescription !== undefined) doc.short_description = sanitizeHtml(patch.shortDescription);
  if (patch.status !== undefined) doc.status = patch.status;
  if (patch.visibility !== undefined) doc.visibility = patch.visibility;
  if (patch.categoryIds !== undefined) {
    const ids = [...new Set(patch.categoryIds)];
    doc.category_ids = ids;
    doc.category = ids.flatMap((id) => {
      const category = ctx.categories.get(id);
      return category ? [{ category_id: id, name: category.name, slug: category.slug, path: category.url_path }] : [];
    });
  }
  if (patch.priceCents !== undefined) setMoney(doc, 'price', patch.priceCents);
  if (patch.specialPriceCents !== undefined) setMoney(doc, 'special_price', patch.specialPriceCents);
  if (patch.specialFrom !== undefined) doc.special_from_date = patch.specialFrom === null ? null : vsfDateTime(new Date(patch.specialFrom));
  if (patch.specialTo !== undefined) doc.special_to_date = patch.specialTo === null ? null : vsfDateTime(new Date(patch.specialTo));
  if (patch.tierPrices !== undefined || patch.groupPrices !== undefined) {
    const current = tierLists(source);
    const groups = patch.groupPrices ?? current.groupPrices;
    const tiers = patch.tierPrices ?? current.tierPrices;
    doc.tier_prices = [
      ...groups.map((g) => ({ customer_group_id: g.customerGroupId, qty: 1, value: fromCents(g.priceCents) })),
      ...tiers.map((t) => ({ customer_group_id: t.customerGroupId, qty: t.qty, value: fromCents(t.priceCents) })),
    ];
  }
  if (patch.taxClassId !== undefined) doc.tax_class_id = String(patch.taxClassId);
  if (patch.qty !== undefined || patch.isInStock !== undefined) {
    const item = toStockItem(String(doc.sku), toInt(doc.id, 0), doc.stock);
    const stock: Record<string, unknown> = typeof doc.stock === 'object' && doc.stock !== null ? { ...doc.stock } : { product_id: doc.id };
    const qty = patch.qty ?? item.qty;
    stock['qty'] = qty;
    // A quantity set is a quantity the shop counts.
    if (patch.qty !== undefined) stock['manage_stock'] = true;
    stock['is_in_stock'] = patch.isInStock ?? (qty > 0 || item.backorders > 0);
    doc.stock = stock as unknown as StockItem;
  }
  if (patch.availabilityMessage !== undefined) setOptional(doc, 'messaggio_disponibilita', patch.availabilityMessage);
  if (patch.availabilityCustomMessage !== undefined) setOptional(doc, 'messaggio_disponibilita_custom', patch.availabilityCustomMessage);
  if (patch.availabilityDate !== undefined) setOptional(doc, 'data_disponibilita', patch.availabilityDate);
  for (const [code, value] of Object.entries(patch.attributes ?? {})) writeAttribute(doc, code, value, ctx.attributes.get(code)?.input ?? 'text');
  if (patch.metaTitle !== undefined) setOptional(doc, 'meta_title', patch.metaTitle);
  if (patch.metaDescription !== undefined) setOptional(doc, 'meta_description', patch.metaDescription);
  if (patch.urlKey !== undefined) {
    const before = readFields(source, new Map());
    if (patch.urlKey !== before.urlKey) {
      doc.url_key = patch.urlKey;
      doc.slug = patch.urlKey;
      doc.url_path = urlPathWithKey(before.urlPath, patch.urlKey);
    }
  }
  if (patch.images !== undefined || patch.image !== undefined) writeImages(doc, patch);
  return doc;
}

const problem = (message: string): FieldProblem => ({ field: message.slice(0, message.indexOf(':')), message });

function attributeProblem(code: string, value: string | string[] | null, ctx: EditContext): string | null {
  const attribute = ctx.attributes.get(code);
  if (!attribute) return M.unknownAttribute.replaceAll('{code}', code);
  if (value === null) return null;
  const fill = (template: string, extra: Record<string, string> = {}) =>
    Object.entries({ code, label: attribute.label, ...extra }).reduce((text, [key, v]) => text.replaceAll(`{${key}}`, v), template);
  if (attribute.input === 'boolean') return value === '0' || value === '1' ? null : fill(M.booleanOption);
  if (Array.isArray(value) && attribute.input !== 'multiselect') return fill(M.singleOption);
  if (attribute.options.size === 0) return null;
  const unknown = [value].flat().find((v) => !attribute.options.has(v));
  return unknown === undefined ? null : fill(M.unknownOption, { value: unknown });
}

/**
 * What is wrong with a patch given the product before and after it (fields the patch does not
 * touch are not judged: an imported product's odd data does not block an unrelated edit):
 * HTML that would run, a special price not below the price, a window ending first, unknown
 * categories, tax classes, attributes and options.
 */
export function fieldProblems(patch: ProductPatch, after: ProductFields, ctx: EditContext): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const field of ['description', 'shortDescription'] as const) {
    const html = patch[field];
    const refusal = html === undefined ? null : htmlRefusal(field, html);
    if (refusal) problems.push(problem(refusal));
  }
  const pricing = patch.priceCents !== undefined || patch.specialPriceCents !== undefined;
  if (pricing && after.specialPriceCents !== null && after.specialPriceCents >= after.priceCents) {
    problems.push(problem(M.specialNotBelowPrice.replace('{special}', formatCents(after.specialPriceCents)).replace('{price}', formatCents(after.priceCents))));
  }
  const window = patch.specialFrom !== undefined || patch.specialTo !== undefined;
  if (window && after.specialFrom && after.specialTo && Date.parse(after.specialTo) <= Date.parse(after.specialFrom)) problems.push(problem(M.windowEndsFirst));
  for (const id of patch.categoryIds ?? []) if (!ctx.categories.has(id)) problems.push(problem(M.unknownCategory.replace('{id}', String(id))));
  if (patch.taxClassId !== undefined && patch.taxClassId !== 0 && ctx.taxClasses.size > 0 && !ctx.taxClasses.has(patch.taxClassId)) {
    problems.push(problem(M.unknownTaxClass.replace('{id}', String(patch.taxClassId)).replace('{values}', [0, ...ctx.taxClasses].sort((a, b) => a - b).join(', '))));
  }
  for (const [code, value] of Object.entries(patch.attributes ?? {})) {
    const message = attributeProblem(code, value, ctx);
    if (message) problems.push(problem(message));
  }
  return problems;
}

/** 1990 → "19,90 €", as the messages name amounts. */
export function formatCents(cents: number): string {
  return `${new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100)} €`;
}

/**
 * Keys a configurable's child copy carries for the shop (its price, special price, tax class,
 * stock, status and name are read from the parent's document): a child edited by its SKU writes
 * these, and any key the copy already has, into the copy too.
 */
const MIRRORED_IN_COPY = new Set([
  'name', 'status', 'price', 'special_price', 'special_from_date', 'special_to_date', 'original_price', 'original_special_price',
  'final_price', 'original_final_price', 'tax_class_id', 'stock', 'tier_prices',
]);

/**
 * The copy of a child inside its configurable parent after the child's patch. With a product row
 * of its own, the copy takes what the shop reads from it (MIRRORED_IN_COPY and keys it already
 * has); without one, the copy is the child, and takes everything.
 */
export function patchCopy(copy: ProductDoc, patched: ProductDoc, hasOwnRow: boolean): ProductDoc {
  const out: Record<string, unknown> = { ...copy };
  for (const key of new Set([...Object.keys(copy), ...Object.keys(patched)])) {
    if (sameJson(copy[key], patched[key])) continue;
    if (hasOwnRow && !MIRRORED_IN_COPY.has(key) && !(key in copy)) continue;
    if (patched[key] === undefined) delete out[key];
    else out[key] = patched[key];
  }
  return out as ProductDoc;
}
