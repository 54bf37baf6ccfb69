import {
  ADMIN_PRODUCT_BATCH,
  ADMIN_PRODUCT_BULK_MAX,
  ADMIN_PRODUCT_COUNT_MAX,
  ADMIN_PRODUCT_MESSAGES as M,
  CUSTOMER_GROUPS,
  type AdminProduct,
  type AdminProductBulkAction,
  type AdminProductBulkBody,
  type AdminProductBulkResult,
  type AdminProductChoices,
  type AdminProductCreateBody,
  type AdminProductFilterQuery,
  type AdminProductListItem,
  type AdminProductListQuery,
  type AdminProductMember,
  type AdminProductPage,
  type AdminProductWriteResult,
  type ProductPatch,
} from '@shop/contracts';
import {
  adminProductBatches,
  adminProductPage,
  applyStockLevels,
  BRAND_ATTRIBUTE,
  categoryAndDescendants,
  countAdminProducts,
  findStockLevels,
  toStockItem,
  urlRedirectsOf,
  type AdminProductFilter,
  type AdminProductRow,
  type Db,
} from '@shop/db';
import { parseVsfDate, slugify, type ProductDoc } from '@shop/domain';
import { sql } from 'kysely';
import { HttpError } from '../../http/errors.ts';
import type { AuditActor } from '../admin/audit.ts';
import type { CatalogImportService } from '../catalog/import.ts';
import type { CatalogService } from '../catalog/service.ts';
import { EditRefused, EditsRefused, loadEditContext, loadRows, ProductEditor, type EditOutcome, type EditPatch, type EditProblem, type ProductEdit } from './edits.ts';
import { formatCents, readFields, shopStock, vsfDateTime, type ProductFields } from './fields.ts';
import { decodeProductCursor, encodeProductCursor } from './list-cursor.ts';

export type { EditOutcome, EditProblem, ProductEdit } from './edits.ts';

export interface AdminProductsOptions {
  /** Pieces at or below which stock is low (LOW_STOCK). */
  lowStock: number;
  now: () => Date;
}

const PRODUCT_TYPES = ['simple', 'configurable', 'grouped', 'bundle', 'virtual', 'downloadable'];
/** Serialises the creations of products: each takes the next id under it. */
const CREATE_LOCK = 45_001;

const toInt = (value: unknown, fallback = 0) => {
  const n = Number.parseInt(String(value ?? ''), 10);
  return Number.isFinite(n) ? n : fallback;
};

/** A URL key from a product name: what slugify keeps, dashes only between words. */
export function urlKeyFromName(name: string): string {
  return slugify(name).replace(/_/g, '-').replace(/-{2,}/g, '-').replace(/^-+|-+$/g, '').slice(0, 180).replace(/-+$/, '') || 'prodotto';
}

/** A patch that applies a bulk action to one product's current fields. */
function bulkPatch(action: AdminProductBulkAction): EditPatch {
  switch (action.type) {
    case 'status':
      return { status: action.status };
    case 'stock':
      return { qty: action.qty };
    case 'category':
      return (current) => ({ categoryIds: current.categoryIds.includes(action.categoryId) ? current.categoryIds : [...current.categoryIds, action.categoryId] });
    case 'price': {
      const change = (cents: number) => (action.mode === 'percent' ? Math.round(cents * (1 + action.value / 100)) : cents + action.value);
      return (current) => {
        const price = change(current.priceCents);
        const special = action.alsoSpecial && current.specialPriceCents !== null ? change(current.specialPriceCents) : undefined;
        if (price < 0 || (special !== undefined && special < 0)) throw new EditRefused('priceCents', `${formatCents(current.priceCents)} → ${formatCents(Math.min(price, special ?? price))}`, 'below-zero');
        return { priceCents: price, ...(special !== undefined ? { specialPriceCents: special } : {}) };
      };
    }
  }
}

/**
 * The back office's products (issue #45 points 1, 7 and 8; ADR 0032): the list over the whole
 * catalogue with its filters, one product with what a seller edits and the products it is made
 * of, edits (by PATCH, by bulk action, by other modules through applyEdits), new simple products.
 * Every write goes through the catalogue import (ProductEditor), never around it.
 */
export class AdminProducts {
  private readonly editor: ProductEditor;

  constructor(
    private readonly db: Db,
    imports: CatalogImportService,
    private readonly catalog: CatalogService,
    private readonly options: AdminProductsOptions,
  ) {
    this.editor = new ProductEditor(db, imports, options.now);
  }

  /** The list's filters as the database reads them: a category with its subcategories. */
  async filterOf(query: AdminProductFilterQuery): Promise<AdminProductFilter> {
    let categoryIds: number[] | undefined;
    if (query.categoryId !== undefined) {
      const tree = query.subcategories === 'no' ? [query.categoryId] : await categoryAndDescendants(this.db, query.categoryId);
      const exists = query.subcategories === 'no' ? await this.db.selectFrom('category').select('id').where('id', '=', query.categoryId).executeTakeFirst() : tree;
      if (!tree || !exists) throw new HttpError(400, M.unknownCategory.replace('categoryIds:', 'categoryId:').replace('{id}', String(query.categoryId)));
      categoryIds = tree;
    }
    return {
      q: query.q || undefined,
      sku: query.sku || undefined,
      categoryIds,
      typeId: query.type,
      status: query.status,
      visibility: query.visibility,
      stock: query.stock,
      lowStock: this.options.lowStock,
      brand: query.brand,
      special: query.special === undefined ? undefined : query.special === 'yes',
    };
  }

  async list(query: AdminProductListQuery): Promise<AdminProductPage> {
    const filter = await this.filterOf(query);
    const after = query.cursor ? decodeProductCursor(query.sort, filter, query.cursor) : undefined;
    // One row more than the page tells whether another page follows.
    const [rows, total, brands] = await Promise.all([
      adminProductPage(this.db, filter, query.sort, query.limit + 1, after),
      query.count === 'yes' ? countAdminProducts(this.db, filter, ADMIN_PRODUCT_COUNT_MAX) : undefined,
      this.brandLabels(),
    ]);
    const items = rows.slice(0, query.limit);
    const last = items[items.length - 1];
    const more = rows.length > query.limit;
    return {
      items: items.map((row) => listItem(row, brands)),
      more,
      ...(more && last ? { nextCursor: encodeProductCursor(query.sort, filter, { value: last.key_value, id: last.id }) } : {}),
      ...(total === undefined ? {} : total > ADMIN_PRODUCT_COUNT_MAX ? { totalOver: ADMIN_PRODUCT_COUNT_MAX } : { total }),
    };
  }

  /** Every product the filters select, in SKU order, a batch at a time (the CSV export): memory stays that of one batch. */
  async *selection(query: AdminProductFilterQuery, batch = ADMIN_PRODUCT_BATCH): AsyncGenerator<AdminProductListItem[]> {
    const [filter, brands] = await Promise.all([this.filterOf(query), this.brandLabels()]);
    for await (const rows of adminProductBatches(this.db, filter, batch)) yield rows.map((row) => listItem(row, brands));
  }

  /** One product by SKU (a configurable's child too) with the fields a seller edits, and its children, bundle options or grouped members. */
  async get(sku: string): Promise<AdminProduct> {
    const now = this.options.now();
    const [rows, ctx, attributes] = await Promise.all([loadRows(this.db, [sku], false), loadEditContext(this.db, now), this.catalog.attributeIndex()]);
    const own = rows.find((row) => row.sku === sku);
    const parents = rows.filter((row) => row.childSkus.includes(sku) && (row.doc.configurable_children ?? []).some((c) => c.sku === sku));
    const source = own?.doc ?? (parents[0]?.doc.configurable_children?.find((c) => c.sku === sku) as unknown as ProductDoc | undefined);
    if (!source) throw new HttpError(404, M.notFound.replace('{sku}', sku));
    const bundleSkus = (source.bundle_options ?? []).flatMap((o) => o.product_links.map((l) => String(l.sku)));
    const groupedLinks = (source.product_links ?? []).filter((l) => l.link_type === 'associated');
    const memberSkus = [...new Set([...bundleSkus, ...groupedLinks.map((l) => l.linked_product_sku)])];
    const [members, levels, redirects] = await Promise.all([
      memberSkus.length ? loadRows(this.db, memberSkus, false) : [],
      findStockLevels(this.db, [sku, ...(source.configurable_children ?? []).map((c) => c.sku), ...memberSkus]),
      own ? urlRedirectsOf(this.db, own.id) : [],
    ]);
    const doc = applyStockLevels(source, levels);
    const fields: ProductFields = readFields(doc, ctx.attributes);
    const codeOf = new Map([...attributes.byCode.values()].map((a) => [String(a.attribute_id), a.attribute_code]));
    const optionCodes = (doc.configurable_options ?? []).map((o) => o.attribute_code ?? codeOf.get(String(o.attribute_id))).filter((c): c is string => Boolean(c));
    const memberOf = (memberSku: string): AdminProductMember | null => {
      const row = members.find((m) => m.sku === memberSku);
      return row ? member(applyStockLevels(row.doc, levels), [], row.id) : null;
    };
    const { urlKey, urlPath, qty: _qty, isInStock: _isInStock, ...rest } = fields;
    return {
      ...rest,
      id: own?.id ?? (toInt(source.id, -1) >= 0 ? toInt(source.id) : null),
      sku,
      typeId: String(doc.type_id ?? 'simple'),
      parentSkus: parents.map((p) => p.sku),
      stock: stockOf(doc),
      urlKey,
      urlPath,
      urlRedirects: redirects,
      updatedAt: parseVsfDate(doc.updated_at)?.toISOString() ?? null,
      children: (doc.configurable_children ?? []).map((child) => member(child as unknown as ProductDoc, optionCodes, null)),
      bundleOptions: (doc.bundle_options ?? []).map((o) => ({
        optionId: toInt(o.option_id),
        title: String(o.title ?? ''),
        required: Boolean(o.required),
        type: String(o.type ?? ''),
        links: o.product_links.map((l) => ({ sku: String(l.sku), qty: Number(l.qty ?? 1), isDefault: Boolean(l.is_default), product: memberOf(String(l.sku)) })),
      })),
      groupedMembers: groupedLinks.map((l, i) => ({ sku: l.linked_product_sku, qty: Number(l.qty ?? l.extension_attributes?.qty ?? 1), position: toInt(l.position, i), product: memberOf(l.linked_product_sku) })),
    };
  }

  /** PATCH: the fields given (a configurable's child by its SKU, its copy in the parent too). Audited. */
  async patch(sku: string, patch: ProductPatch, actor: AuditActor): Promise<AdminProductWriteResult> {
    if (Object.keys(patch).length === 0) throw new HttpError(400, M.emptyPatch);
    const outcome = await this.editor.apply([{ sku, patch }], actor);
    return { product: await this.get(sku), changed: outcome.edits[0]?.changed ?? [], cache: outcome.cache };
  }

  /**
   * Edits for other modules (the CSV import of prices and stock): every edit checked first,
   * then all written in one transaction through the catalogue import, or none (EditsRefused,
   * listing each product's problems). At most ADMIN_PRODUCT_BATCH edits, one per SKU.
   */
  applyEdits(edits: readonly ProductEdit[], actor: AuditActor, action = 'product.update'): Promise<EditOutcome> {
    return this.editor.apply(edits, actor, action);
  }

  /** What applyEdits would refuse, nothing written (a preview of each row's problems). */
  checkEdits(edits: readonly ProductEdit[]): Promise<EditProblem[]> {
    return this.editor.check(edits);
  }

  /** A simple product from scratch: live in the shop and its search at once. A SKU or URL key taken is 409. Audited. */
  async create(body: AdminProductCreateBody, actor: AuditActor): Promise<AdminProductWriteResult> {
    const { sku, urlKey, ...patch } = body;
    const outcome = await this.editor.apply([{ sku, patch }], actor, 'product.create', async (trx) => [await this.newDocument(trx, body, urlKey)]);
    return { product: await this.get(sku), changed: outcome.edits[0]?.changed ?? [], cache: outcome.cache };
  }

  /** The document a new product starts from, in the creation's transaction: the next id (under a lock), its URL, an empty managed stock item. */
  private async newDocument(trx: Db, body: AdminProductCreateBody, urlKey: string | undefined): Promise<ProductDoc> {
    await sql`SELECT pg_advisory_xact_lock(${CREATE_LOCK})`.execute(trx);
    const { rows: clash } = await sql<{ sku: string }>`SELECT sku FROM product WHERE sku = ${body.sku} OR child_skus @> ARRAY[${body.sku}]::text[] LIMIT 1`.execute(trx);
    if (clash.length > 0) throw new HttpError(409, M.skuTaken.replace('{sku}', body.sku));
    const { rows } = await sql<{ id: number }>`SELECT coalesce(max(id), 0) + 1 AS id FROM product`.execute(trx);
    const id = Number(rows[0]!.id);
    const derived = urlKeyFromName(body.name);
    const key = urlKey ?? ((await trx.selectFrom('product').select('id').where('url_key', '=', derived).executeTakeFirst()) ? `${derived}-${id}` : derived);
    // Under its deepest category's address, as the catalogue's products are (coltelli/coltelli-da-cucina/…).
    const category = body.categoryIds.length
      ? await trx.selectFrom('category').select('url_path').where('id', 'in', body.categoryIds).orderBy('level', 'desc').orderBy('id').executeTakeFirst()
      : undefined;
    const stamp = vsfDateTime(this.options.now());
    return {
      id,
      sku: body.sku,
      name: body.name,
      type_id: 'simple',
      status: body.status,
      visibility: body.visibility,
      price: 0,
      tax_class_id: String(body.taxClassId),
      tier_prices: [],
      url_key: key,
      slug: key,
      url_path: category?.url_path ? `${category.url_path}/${key}` : key,
      category_ids: [],
      stock: { product_id: id, qty: 0, is_in_stock: false, manage_stock: true, min_sale_qty: 1, max_sale_qty: 10_000, backorders: 0 },
      media_gallery: [],
      created_at: stamp,
      updated_at: stamp,
    };
  }

  /**
   * One action on the SKUs named or on everything the filters select: every product checked
   * first (a price that would go below zero is refused naming the products, nothing written),
   * then written in batches of ADMIN_PRODUCT_BATCH, each all or nothing, through the same path
   * as an edit.
   */
  async bulk(body: AdminProductBulkBody, actor: AuditActor): Promise<AdminProductBulkResult> {
    const skus = body.skus ? [...new Set(body.skus)] : await this.selectedSkus(body.filter!);
    const patch = bulkPatch(body.action);
    const batches: ProductEdit[][] = [];
    for (let i = 0; i < skus.length; i += ADMIN_PRODUCT_BATCH) batches.push(skus.slice(i, i + ADMIN_PRODUCT_BATCH).map((sku) => ({ sku, patch })));
    const problems: EditProblem[] = [];
    for (const [n, batch] of batches.entries()) problems.push(...(await this.editor.check(batch)).map((p) => ({ ...p, index: p.index + n * ADMIN_PRODUCT_BATCH })));
    if (problems.length > 0) throw bulkRefusal(problems);
    let updated = 0;
    let unchanged = 0;
    for (const [n, batch] of batches.entries()) {
      try {
        const outcome = await this.editor.apply(batch, actor, 'product.bulk');
        const changed = outcome.edits.filter((e) => e.changed.length > 0).length;
        updated += changed;
        unchanged += outcome.edits.length - changed;
      } catch (error) {
        if (n === 0 || !(error instanceof HttpError)) throw error;
        throw new HttpError(error.status, M.bulkStopped.replace('{batch}', String(n + 1)).replace('{reason}', error.message).replace('{written}', String(updated + unchanged)));
      }
    }
    return { matched: skus.length, updated, unchanged, batches: batches.length };
  }

  private async selectedSkus(query: AdminProductFilterQuery): Promise<string[]> {
    const filter = await this.filterOf(query);
    const skus: string[] = [];
    for await (const rows of adminProductBatches(this.db, filter, 2000)) {
      skus.push(...rows.map((row) => row.sku));
      if (skus.length > ADMIN_PRODUCT_BULK_MAX) {
        const total = await countAdminProducts(this.db, filter);
        throw new HttpError(400, M.tooManyMatches.replace('{count}', total.toLocaleString('it-IT')).replace('{max}', ADMIN_PRODUCT_BULK_MAX.toLocaleString('it-IT')));
      }
    }
    return skus;
  }

  /** What the product forms offer: types, tax classes, customer groups, brands, technical attributes with their options. */
  async choices(): Promise<AdminProductChoices> {
    const [ctx, attributes] = await Promise.all([loadEditContext(this.db, this.options.now()), this.catalog.attributeIndex()]);
    const taxLabels = new Map((attributes.byCode.get('tax_class_id')?.options ?? []).map((o) => [Number(o.value), o.label]));
    const options = (map: ReadonlyMap<string, string>) => [...map].map(([value, label]) => ({ value, label }));
    return {
      types: PRODUCT_TYPES,
      taxClasses: [...new Set([0, ...ctx.taxClasses])].sort((a, b) => a - b).map((id) => ({ id, label: taxLabels.get(id) ?? (id === 0 ? 'Nessuna' : `Classe ${id}`) })),
      customerGroups: [{ id: 0, label: 'Non registrati' }, ...CUSTOMER_GROUPS.map((g) => ({ id: g.id, label: g.label })), { id: 32000, label: 'Tutti i gruppi' }],
      brands: options(ctx.attributes.get(BRAND_ATTRIBUTE)?.options ?? new Map()),
      attributes: [...ctx.attributes.values()].map((a) => ({ code: a.code, label: a.label, input: a.input, options: options(a.options) })),
      lowStock: this.options.lowStock,
    };
  }

  private async brandLabels(): Promise<Map<string, string>> {
    const attributes = await this.catalog.attributeIndex();
    return new Map((attributes.byCode.get(BRAND_ATTRIBUTE)?.options ?? []).map((o) => [o.value, o.label]));
  }
}

/** A bulk action refused: prices below zero listed by SKU, SKUs that do not exist, or the problems of each product. */
function bulkRefusal(problems: readonly EditProblem[]): HttpError {
  const listed = (list: readonly EditProblem[], text: (p: EditProblem) => string) => {
    const shown = list.slice(0, 20).map(text).join(', ');
    return list.length > 20 ? `${shown} e altri ${list.length - 20}` : shown;
  };
  if (problems.every((p) => p.code === 'below-zero')) return new HttpError(400, M.belowZero.replace('{rows}', listed(problems, (p) => `${p.sku} (${p.message})`)));
  if (problems.every((p) => p.code === 'not-found')) return new HttpError(400, M.unknownSkus.replace('{skus}', listed(problems, (p) => p.sku)));
  // The same refusal for every product of several (a category that does not exist): said once.
  if (new Set(problems.map((p) => p.sku)).size > 1 && new Set(problems.map((p) => p.message)).size === 1) return new HttpError(400, problems[0]!.message);
  return new EditsRefused(problems);
}

/** A document's stock as the shop sells it (the shop's counts are already written into the document). */
function stockOf(doc: ProductDoc) {
  return shopStock(toStockItem(String(doc.sku), toInt(doc.id), doc.stock), null);
}

/** A child (copy inside its parent), bundle option product or grouped member. */
function member(doc: ProductDoc, optionCodes: readonly string[], id: number | null): AdminProductMember {
  const fields = readFields(doc, new Map());
  return {
    sku: String(doc.sku),
    id: id ?? (toInt(doc.id, -1) >= 0 ? toInt(doc.id) : null),
    name: fields.name,
    status: fields.status,
    priceCents: fields.priceCents,
    specialPriceCents: fields.specialPriceCents,
    specialFrom: fields.specialFrom,
    specialTo: fields.specialTo,
    stock: stockOf(doc),
    options: Object.fromEntries(optionCodes.filter((code) => doc[code] !== undefined && doc[code] !== null).map((code) => [code, String(doc[code])])),
  };
}

function listItem(row: AdminProductRow, brands: ReadonlyMap<string, string>): AdminProductListItem {
  const stock = shopStock(toStockItem(row.sku, row.id, row.stock), row.level === null ? null : Number(row.level));
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    typeId: row.type_id,
    status: row.status,
    visibility: row.visibility,
    parentSku: row.parent_sku,
    priceCents: row.regular_price_cents,
    specialPriceCents: row.special_price_cents,
    qty: stock.qty,
    isInStock: stock.isInStock,
    brand: row.brand ? { value: row.brand, label: brands.get(row.brand) ?? row.brand } : null,
    categoryIds: row.category_ids,
    image: row.image && row.image !== 'no_selection' ? row.image : null,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
