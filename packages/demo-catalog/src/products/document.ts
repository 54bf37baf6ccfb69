import type { ProductDoc, TierPrice } from '@shop/domain';
import { categoryRef } from '../categories.ts';
import type { CatalogContext } from '../context.ts';
import type { LeafRef } from '../departments/index.ts';
import type { DepartmentSpec } from '../departments/types.ts';
import { formatDateTime, slugify } from '../format.ts';
import type { Rng } from '../rng.ts';
import { PRODUCT_TAX_CLASS } from '../tax-rules.ts';
import { merchandisingCategoryIds } from './merchandising.ts';
import type { Availability } from './stock.ts';

export interface BuildState {
  ctx: CatalogContext;
  rng: Rng;
}

/** Images per department directory: '/demo/{department url_key}/01.jpg' … '12.jpg'. */
export const IMAGES_PER_DEPARTMENT = 12;
/** Products are created over the two years before `now`. */
const HISTORY_DAYS = 730;

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** Product ids are 1-based document positions; SKUs add the department prefix: 'COL-00042'. */
export const productId = (index: number): number => index + 1;
export const productSku = (department: DepartmentSpec, id: number): string => `${department.skuPrefix}-${String(id).padStart(5, '0')}`;

export function gallery(rng: Rng, department: DepartmentSpec): string[] {
  const start = rng.int(0, IMAGES_PER_DEPARTMENT - 1);
  return Array.from(
    { length: rng.int(1, 4) },
    (_, i) => `/demo/${department.urlKey}/${pad2(((start + i) % IMAGES_PER_DEPARTMENT) + 1)}.jpg`,
  );
}

interface Dates {
  createdMs: number;
  created_at: string;
  updated_at: string;
}

export function dates(rng: Rng, nowMs: number): Dates {
  const createdMs = nowMs - rng.int(0, HISTORY_DAYS * 86_400) * 1000;
  const updatedMs = createdMs + Math.floor(rng.next() * ((nowMs - createdMs) / 1000)) * 1000;
  return { createdMs, created_at: formatDateTime(createdMs), updated_at: formatDateTime(updatedMs) };
}

interface DocInput {
  index: number;
  sku: string;
  type: string;
  ref: LeafRef;
  name: string;
  price: number;
  visibility: 1 | 4;
  status: 1 | 2;
  availability: Availability;
  fields: Record<string, string>;
  copy: { description: string; short_description: string };
  dates: Dates;
  images: string[];
  special?: Pick<ProductDoc, 'special_price' | 'special_from_date' | 'special_to_date'> | null;
  tiers?: TierPrice[];
  extra?: Partial<ProductDoc>;
}

/** The document in VSF field order; merchandising categories are added for visible, enabled products. */
export function assemble({ ctx, rng }: BuildState, input: DocInput): ProductDoc {
  const id = productId(input.index);
  const { department, leaf } = input.ref;
  const urlKey = `${slugify(input.name)}-${id}`;
  const merch =
    input.visibility === 4 && input.status === 1
      ? merchandisingCategoryIds(
          rng,
          input.ref,
          { price: input.price, createdMs: input.dates.createdMs, inStock: input.availability.stock.is_in_stock },
          ctx.nowMs,
        )
      : [];
  const categoryIds = [department.id, leaf.id, ...merch];
  const { availability, special } = input;
  const doc: ProductDoc = {
    id,
    sku: input.sku,
    name: input.name,
    type_id: input.type,
    status: input.status,
    visibility: input.visibility,
    price: input.price,
    tax_class_id: String(leaf.taxClass ?? PRODUCT_TAX_CLASS.standard),
  };
  if (special) {
    doc.special_price = special.special_price;
    doc.special_from_date = special.special_from_date;
    doc.special_to_date = special.special_to_date;
  }
  doc.tier_prices = input.tiers ?? [];
  doc.url_key = urlKey;
  doc.url_path = `${department.urlKey}/${leaf.urlKey}/${urlKey}`;
  doc.slug = urlKey;
  doc.image = doc.small_image = doc.thumbnail = input.images[0];
  doc.media_gallery = input.images.map((image, pos) => ({ image, pos, typ: 'image', lab: null, vid: null }));
  doc.category_ids = categoryIds;
  doc.category = categoryIds.map(categoryRef);
  doc.stock = availability.stock;
  doc.messaggio_disponibilita = availability.messaggio_disponibilita;
  if (availability.messaggio_disponibilita_custom) doc.messaggio_disponibilita_custom = availability.messaggio_disponibilita_custom;
  if (availability.data_disponibilita) doc.data_disponibilita = availability.data_disponibilita;
  doc.created_at = input.dates.created_at;
  doc.updated_at = input.dates.updated_at;
  doc.description = input.copy.description;
  doc.short_description = input.copy.short_description;
  doc.position = rng.int(1, 999);
  Object.assign(doc, input.fields, input.extra);
  return doc;
}
