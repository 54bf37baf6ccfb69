/**
 * SERVER: everything a product page shows, read from the API (cached with the page's tags) and
 * reduced to what the page and its islands need.
 */
import {
  categoryBreadcrumbs,
  categoryUrl,
  groupedOfferProduct,
  indexCategories,
  productBreadcrumbCategoryId,
  productSlug,
  productUrl,
  type AttributeDoc,
  type ConfigurableChild,
  type ProductDoc,
  type ProductLink,
  type ReviewDoc,
} from '@shop/domain';
import { t } from '@/i18n/index.ts';
import { getCategories, getProductBySku } from '@/lib/api/catalog.ts';
import { getProductReviews, getProductsBySkus, getVariantDocs, getVisibleAttributes } from '@/lib/api/product.ts';
import { productPageTags } from '@/lib/cache-tags.ts';
import { DISABLED_STATUS } from '@/lib/shop-config.ts';
import { initialVariant } from './configurable.ts';
import { bundleTotal, defaultBundleChoices } from './bundle-pricing.ts';
import { itemPriceView } from './pricing.ts';
import { approvedReviews } from './reviews.ts';
import { availabilityView, availableFrom } from './stock.ts';
import type {
  AvailabilityInfo,
  BundleOptionView,
  ConfigurableOptionView,
  CustomOptionView,
  GroupedMember,
  SellableItem,
  StockInfo,
  VariantItem,
} from './types.ts';
import type { PriceView } from '@/lib/price.ts';
import { storeHref } from '@/lib/store.ts';

/** Visibility 1: "not visible individually" (catalogue.md §4). */
const NOT_VISIBLE_INDIVIDUALLY = 1;

export type PageKind = 'simple' | 'configurable' | 'grouped' | 'bundle' | 'virtual' | 'downloadable';

export interface Crumb {
  name: string;
  href: string;
}

export interface OfferData {
  sku: string;
  price: PriceView;
  inStock: boolean;
  /** Last day of an active special price (YYYY-MM-DD). */
  validUntil: string | null;
}

export interface ProductPageData {
  product: ProductDoc;
  kind: PageKind;
  /** The product's own slug (URLs are built with it, whatever slug the request had). */
  slug: string;
  url: string;
  item: SellableItem;
  errors: string[];
  customOptions: CustomOptionView[];
  configurable: { options: ConfigurableOptionView[]; variants: VariantItem[]; initialSku: string | undefined; requestedSku: string | undefined } | null;
  grouped: { links: ProductLink[]; members: GroupedMember[] } | null;
  bundle: { options: BundleOptionView[]; items: Record<string, SellableItem> } | null;
  offer: OfferData;
  /** Catalogue path of the picture shown first (the variant's, else the product's). */
  image: string | undefined;
  gallery: string[];
  /** The seller's alternative text of gallery pictures that have one (media_gallery `lab`), by path. */
  imageAlts: Record<string, string>;
  crumbs: Crumb[];
  reviews: ReviewDoc[];
  attributes: AttributeDoc[];
}

function kindOf(typeId: string): PageKind {
  return typeId === 'configurable' || typeId === 'grouped' || typeId === 'bundle' || typeId === 'virtual' || typeId === 'downloadable'
    ? typeId
    : 'simple';
}

/** Drops undefined fields: they would cost bytes in the page payload. */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

function stockOf(stock: ProductDoc['stock']): StockInfo | undefined {
  if (!stock) return undefined;
  return compact({
    is_in_stock: Boolean(stock.is_in_stock),
    qty: Number(stock.qty) || 0,
    manage_stock: stock.manage_stock,
    min_sale_qty: stock.min_sale_qty,
    max_sale_qty: stock.max_sale_qty,
  });
}

function availabilityOf(doc: Partial<ProductDoc> | undefined, now: Date): AvailabilityInfo {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
  const view = availabilityView({ message: text(doc?.messaggio_disponibilita) });
  const date = availableFrom(text(doc?.data_disponibilita), now);
  const notes = [text(doc?.messaggio_disponibilita_custom), date ? t('stock.availableFrom', { date }) : undefined].filter(
    (note): note is string => note !== undefined,
  );
  return compact({
    tone: view.tone,
    text: 'key' in view ? t(view.key) : view.text,
    isDefault: 'key' in view && view.key === 'stock.availability.default' ? (true as const) : undefined,
    notes: notes.length > 0 ? notes : undefined,
  });
}

/** A sellable item from a product or child document; `own` is the item's own document when `doc` is an embedded child. */
function sellable(doc: ProductDoc | ConfigurableChild, now: Date, own?: Partial<ProductDoc>): SellableItem {
  const source = own ? { ...own, ...doc } : doc;
  return compact({
    id: doc.id,
    sku: doc.sku,
    name: typeof doc.name === 'string' ? doc.name : doc.sku,
    status: doc.status,
    price: doc.price,
    price_incl_tax: num(doc.price_incl_tax),
    original_price: num(doc.original_price),
    original_price_incl_tax: num(doc.original_price_incl_tax),
    special_price: num(doc.special_price),
    special_to_date: doc.special_to_date ?? undefined,
    lowest_price_30d: num(source['lowest_price_30d']),
    lowest_price_30d_incl_tax: num(source['lowest_price_30d_incl_tax']),
    stock: stockOf(doc.stock),
    availability: availabilityOf(own ?? (doc as ProductDoc), now),
    image: doc.image && doc.image !== 'no_selection' ? doc.image : undefined,
  });
}

/** In stock, or stock not managed; an item without stock data counts as available. */
function isAvailable(stock: StockInfo | undefined): boolean {
  return !stock || stock.manage_stock === false || stock.is_in_stock;
}

function customOptionsOf(product: ProductDoc): CustomOptionView[] {
  return [...(product.custom_options ?? [])]
    .sort((a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0))
    .map((option) =>
      compact({
        option_id: option.option_id,
        title: option.title,
        type: option.type,
        is_require: Boolean(option.is_require),
        max_characters: num((option as { max_characters?: unknown }).max_characters),
        values: option.values?.map((value) => ({
          option_type_id: value.option_type_id,
          title: value.title,
          price: Number(value.price) || 0,
          price_type: value.price_type === 'percent' ? ('percent' as const) : ('fixed' as const),
        })),
      }),
    );
}

/** Per-product error entries (catalogue.md §3 `errors`), as texts. */
function errorsOf(product: ProductDoc): string[] {
  const errors = product['errors'];
  if (!errors || typeof errors !== 'object') return [];
  return Object.values(errors as Record<string, unknown>).filter((e): e is string => typeof e === 'string' && e !== '');
}

function specialEnd(doc: SellableItem, price: PriceView): string | null {
  return price.originalNet !== null && doc.special_to_date ? doc.special_to_date.slice(0, 10) : null;
}

function galleryOf(product: ProductDoc): string[] {
  const images = [...(product.media_gallery ?? [])]
    .filter((entry) => entry.image && (entry.typ ?? 'image') === 'image')
    .sort((a, b) => (a.pos ?? 0) - (b.pos ?? 0))
    .map((entry) => entry.image);
  const first = product.image && product.image !== 'no_selection' ? [product.image] : [];
  return [...new Set([...first, ...images])];
}

function imageAltsOf(product: ProductDoc): Record<string, string> {
  const alts: Record<string, string> = {};
  for (const entry of product.media_gallery ?? []) {
    const alt = typeof entry.lab === 'string' ? entry.lab.trim() : '';
    if (entry.image && alt && !(entry.image in alts)) alts[entry.image] = alt;
  }
  return alts;
}

async function breadcrumbs(product: ProductDoc, url: string): Promise<Crumb[]> {
  const byId = indexCategories(await getCategories());
  const categoryId = productBreadcrumbCategoryId(product.category_ids ?? [], byId);
  const trail = categoryId === undefined ? [] : categoryBreadcrumbs(categoryId, byId);
  return [...trail.map((crumb) => ({ name: crumb.name, href: categoryUrl(crumb.slug) })), { name: product.name, href: url }];
}

export interface ProductPageParams {
  parentSku: string;
  childSku?: string;
}

/** The product a URL shows, or null for a 404 (unknown, disabled or hidden product; unknown child). */
export async function loadProduct({ parentSku, childSku }: ProductPageParams): Promise<ProductDoc | null> {
  const product = await getProductBySku(parentSku);
  if (!product || product.status >= DISABLED_STATUS || product.visibility === NOT_VISIBLE_INDIVIDUALLY) return null;
  if (childSku && (product.type_id !== 'configurable' || !product.configurable_children?.some((child) => child.sku === childSku))) {
    return null;
  }
  return product;
}

/** Everything the product page shows, or null for a 404. */
export async function loadProductPage(params: ProductPageParams): Promise<ProductPageData | null> {
  const product = await loadProduct(params);
  if (!product) return null;
  const now = new Date();
  const kind = kindOf(product.type_id);
  const slug = productSlug(product);
  const url = storeHref(productUrl({ parentSku: product.sku, slug }));
  const item = sellable(product, now);
  const errors = errorsOf(product);
  let offerItem: SellableItem = item;
  let offerPrice: PriceView = itemPriceView(item);
  let image = item.image;
  const related: number[] = [];

  let configurable: ProductPageData['configurable'] = null;
  if (kind === 'configurable') {
    const ownDocs = new Map((await getVariantDocs(product.sku)).map((doc) => [doc.sku, doc]));
    const options: ConfigurableOptionView[] = [...(product.configurable_options ?? [])]
      .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
      .flatMap((option) =>
        option.attribute_code
          ? [
              {
                code: option.attribute_code,
                attributeId: String(option.attribute_id),
                label: option.label ?? option.attribute_code,
                values: option.values.map((value) => ({ id: String(value.value_index), label: value.label ?? String(value.value_index) })),
              },
            ]
          : [],
      );
    const variants: VariantItem[] = (product.configurable_children ?? [])
      .filter((child) => child.status < DISABLED_STATUS)
      .map((child) => {
        related.push(child.id);
        const attributes = Object.fromEntries(options.map((option) => [option.code, child[option.code] == null ? undefined : String(child[option.code])]));
        return compact({ ...sellable(child, now, ownDocs.get(child.sku)), ...attributes });
      });
    const initial = initialVariant(variants, options, params.childSku);
    if (!initial) errors.push('No available product variants');
    configurable = { options, variants, initialSku: initial?.sku, requestedSku: params.childSku };
    if (initial) {
      offerItem = initial;
      offerPrice = itemPriceView(initial);
      image = initial.image ?? image;
    }
  }

  let grouped: ProductPageData['grouped'] = null;
  if (kind === 'grouped') {
    // catalogue §8: logged only, the page then offers nothing to buy.
    if (!product.product_links?.length) console.warn(`Product with type grouped has no product_links set! (${product.sku})`);
    const links = (product.product_links ?? [])
      .filter((link) => link.link_type === 'associated' && link.linked_product_type === 'simple')
      .map((link) => compact({ ...link, extension_attributes: undefined }));
    const docs = await getProductsBySkus(links.map((link) => link.linked_product_sku).join(','));
    const bySku = new Map(docs.map((doc) => [doc.sku, doc]));
    const offer = groupedOfferProduct({ product_links: links }, docs);
    const members = [...links]
      .sort((a, b) => (a.position ?? Number.POSITIVE_INFINITY) - (b.position ?? Number.POSITIVE_INFINITY))
      .flatMap((link): GroupedMember[] => {
        const doc = bySku.get(link.linked_product_sku);
        if (!doc) console.warn(`Product link not found (${product.sku} → ${link.linked_product_sku})`);
        if (!doc || doc.status >= DISABLED_STATUS) return [];
        related.push(doc.id);
        const qty = Number(link.qty ?? 1);
        return [{ ...sellable(doc, now), qty: Number.isFinite(qty) ? Math.max(0, Math.trunc(qty)) : 1 }];
      });
    grouped = { links, members };
    const offerMember = offer && members.find((member) => member.sku === offer.sku);
    if (offerMember) {
      offerItem = offerMember;
      offerPrice = itemPriceView(offerMember);
    }
  }

  let bundle: ProductPageData['bundle'] = null;
  if (kind === 'bundle') {
    const raw = [...(product.bundle_options ?? [])].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
    const docs = await getProductsBySkus(raw.flatMap((option) => option.product_links.map((link) => link.sku)).join(','));
    const items: Record<string, SellableItem> = {};
    for (const doc of docs) {
      if (doc.status >= DISABLED_STATUS) continue;
      related.push(doc.id);
      items[doc.sku] = sellable(doc, now);
    }
    const options: BundleOptionView[] = raw.map((option) => ({
      option_id: option.option_id,
      title: option.title,
      required: Boolean(option.required),
      type: option.type,
      product_links: option.product_links
        .filter((link) => items[link.sku])
        .map((link) => ({
          id: String(link.id),
          sku: link.sku,
          qty: Number(link.qty) || 1,
          is_default: Boolean(link.is_default),
          canChangeQty: Number(link.can_change_quantity) === 1,
        })),
    }));
    bundle = { options, items };
    const defaults = defaultBundleChoices(options, items);
    offerPrice = bundleTotal(options, items, defaults);
    // A bundle is as available as the products it is made of by default.
    const chosen = options.flatMap((option) => option.product_links.filter((link) => defaults[option.option_id]?.ids.includes(link.id)));
    offerItem = { ...item, stock: { is_in_stock: chosen.every((link) => isAvailable(items[link.sku]?.stock)), qty: 0 } };
  }

  const [reviews, attributes, crumbs] = await Promise.all([
    getProductReviews(product.id, productPageTags(product, related).join(' ')),
    getVisibleAttributes(),
    breadcrumbs(product, url),
  ]);

  const inStock = isAvailable(offerItem.stock);
  return {
    product,
    kind,
    slug,
    url,
    item,
    errors,
    customOptions: customOptionsOf(product),
    configurable,
    grouped,
    bundle,
    offer: { sku: offerItem.sku, price: offerPrice, inStock, validUntil: specialEnd(offerItem, offerPrice) },
    image,
    gallery: galleryOf(product),
    imageAlts: imageAltsOf(product),
    crumbs,
    reviews: approvedReviews(reviews),
    attributes,
  };
}
