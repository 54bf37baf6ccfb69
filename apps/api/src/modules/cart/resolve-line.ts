import type { ProductOption } from '@shop/contracts';
import { toStockItem } from '@shop/db';
import {
  bundlePrice,
  CART_MESSAGES,
  customOptionsDelta,
  stockStatusOf,
  toCents,
  type Cents,
  type ConfigurableChild,
  type CustomOption,
  type CustomOptionValue,
  type ProductDoc,
  type StockLike,
} from '@shop/domain';
import { HttpError } from '../../http/errors.ts';

/** A cart line's product as the cart prices it: taxed documents in, cents out. */
export interface ResolvedLine {
  /** The sku bought (a configurable's child) and the document it belongs to. */
  sku: string;
  parentSku: string | null;
  name: string;
  productType: string;
  taxClassId: string | number | undefined;
  unitNet: Cents;
  unitGross: Cents;
  categoryIds: number[];
  options: { label: string; value: string }[];
  /** Selections as stored: configurable options are rewritten from the chosen child. */
  productOption: ProductOption | null;
  stock: StockLike | undefined;
  /** The quote offer whose agreed price `unitNet` is (service.ts reads it in); absent: the catalogue's price. */
  quoteOfferId?: number;
}

export interface LineRequest {
  sku: string;
  product_option?: ProductOption | null | undefined;
}

/** Taxed documents by sku, and parents by child sku. */
export interface ProductIndex {
  bySku: ReadonlyMap<string, ProductDoc>;
  parentOfChild: ReadonlyMap<string, ProductDoc>;
}

export function indexProducts(docs: readonly ProductDoc[]): ProductIndex {
  const bySku = new Map(docs.map((doc) => [doc.sku, doc]));
  const parentOfChild = new Map<string, ProductDoc>();
  for (const doc of docs) for (const child of doc.configurable_children ?? []) parentOfChild.set(child.sku, doc);
  return { bySku, parentOfChild };
}

/** Skus of the products a bundle line may need besides the bundle itself. */
export function bundlePartSkus(docs: readonly ProductDoc[]): string[] {
  return docs.flatMap((doc) => (doc.bundle_options ?? []).flatMap((option) => option.product_links.map((link) => link.sku)));
}

const refuse = (message: string) => new HttpError(400, message);
const ext = (option: ProductOption | null | undefined) => option?.extension_attributes ?? {};
const categoryIds = (doc: ProductDoc) => (doc.category_ids ?? []).map(Number).filter(Number.isInteger);
const pair = (doc: { price: number; price_incl_tax?: number }) => ({ net: toCents(doc.price), gross: toCents(doc.price_incl_tax ?? doc.price) });

/**
 * Prices one requested line from taxed catalogue documents, or refuses it with the spec's text
 * (catalogue.md §5): unknown or disabled products, impossible configurations, negative prices.
 */
export function resolveLine(request: LineRequest, index: ProductIndex): ResolvedLine {
  const own = index.bySku.get(request.sku);
  // A child is sold as a line of its parent (options, categories) even where it also has a row of its own.
  const parent = index.parentOfChild.get(request.sku);
  const doc = parent ?? own;
  if (!doc || doc.status >= 2 || (own && own.status >= 2)) throw new HttpError(404, `No product with sku ${request.sku}`);
  switch (doc.type_id) {
    case 'configurable':
      // Added by its parent's sku, `own` is the parent, whose stock (0 by indexing convention) is not the child's.
      return configurableLine(doc, parent ? request.sku : undefined, request.product_option, parent ? own?.stock : undefined);
    case 'bundle':
      return bundleLine(doc, request.product_option, index);
    case 'simple':
    case 'virtual':
    case 'downloadable':
      return simpleLine(doc, request.product_option);
    case 'grouped':
      throw refuse('A grouped product is added as its associated products, one line each');
    default:
      throw refuse(`Products of type ${doc.type_id} cannot be added to the cart`);
  }
}

function checkedPrice(gross: Cents): void {
  if (gross < 0) throw refuse(CART_MESSAGES.priceUnknown);
}

function simpleLine(doc: ProductDoc, productOption: ProductOption | null | undefined): ResolvedLine {
  const base = pair(doc);
  const { values, labels } = chosenCustomOptions(doc, productOption);
  const delta = customOptionsDelta(values, base);
  checkedPrice(base.gross);
  return {
    sku: doc.sku,
    parentSku: null,
    name: doc.name,
    productType: doc.type_id,
    taxClassId: doc.tax_class_id,
    unitNet: base.net + delta.net,
    unitGross: base.gross + delta.gross,
    categoryIds: categoryIds(doc),
    options: labels,
    productOption: labels.length > 0 ? { extension_attributes: { custom_options: ext(productOption).custom_options ?? [] } } : null,
    stock: doc.stock,
  };
}

const SELECT_TYPES = new Set(['drop_down', 'radio', 'checkbox', 'multiple', 'select']);

/** The chosen custom option values that carry prices, and every choice as a label; unknown options or values are refused. */
function chosenCustomOptions(doc: ProductDoc, productOption: ProductOption | null | undefined) {
  const chosen = ext(productOption).custom_options ?? [];
  const values: CustomOptionValue[] = [];
  const labels: { label: string; value: string }[] = [];
  for (const selection of chosen) {
    const option = doc.custom_options?.find((candidate) => String(candidate.option_id) === String(selection.option_id));
    if (!option) throw refuse(`Unknown custom option ${selection.option_id} for ${doc.sku}`);
    const raw = String(selection.option_value);
    if (SELECT_TYPES.has(option.type) || option.values?.length) {
      const picked = raw.split(',').map((id) => option.values?.find((value) => String(value.option_type_id) === id.trim()));
      if (picked.some((value) => !value)) throw refuse(`Unknown value for custom option "${option.title}"`);
      values.push(...(picked as CustomOptionValue[]));
      labels.push({ label: option.title, value: picked.map((value) => value!.title).join(', ') });
    } else if (raw.trim() !== '') {
      // The product page stops typing at the limit; a client that sends more is refused, not trimmed.
      if (option.max_characters && raw.trim().length > option.max_characters) throw refuse(`"${option.title}" takes at most ${option.max_characters} characters`);
      labels.push({ label: option.title, value: raw.trim() });
    }
  }
  const missing = (doc.custom_options ?? []).find((option: CustomOption) => option.is_require && !labels.some((l) => l.label === option.title));
  if (missing) throw refuse(`Please choose "${missing.title}"`);
  return { values, labels };
}

/** A configurable line is its child: chosen by child sku, or by the configurable options sent with the parent sku. */
function configurableLine(
  doc: ProductDoc,
  childSku: string | undefined,
  productOption: ProductOption | null | undefined,
  ownStock: StockLike | undefined,
): ResolvedLine {
  const children = doc.configurable_children ?? [];
  const wanted = ext(productOption).configurable_item_options ?? [];
  const attributeCode = (optionId: string | number) =>
    doc.configurable_options?.find((option) => String(option.attribute_id) === String(optionId))?.attribute_code;
  const matches = (child: ConfigurableChild) =>
    wanted.length > 0 &&
    wanted.every((w) => {
      const code = attributeCode(w.option_id);
      return code !== undefined && String(child[code] ?? '') === String(w.option_value);
    });
  const child = childSku ? children.find((c) => c.sku === childSku) : children.find(matches);
  if (!child || child.status >= 2) throw refuse(CART_MESSAGES.noConfiguration);

  const chosen = (doc.configurable_options ?? []).flatMap((option) => {
    const code = option.attribute_code;
    const value = code === undefined ? undefined : option.values.find((v) => String(v.value_index) === String(child[code]));
    return value ? [{ option, value }] : [];
  });
  const base = pair(child);
  checkedPrice(base.gross);
  return {
    sku: child.sku,
    parentSku: doc.sku,
    name: child.name ?? doc.name,
    productType: 'configurable',
    taxClassId: child.tax_class_id ?? doc.tax_class_id,
    unitNet: base.net,
    unitGross: base.gross,
    categoryIds: categoryIds(doc),
    options: chosen.map(({ option, value }) => ({ label: option.label ?? option.attribute_code ?? '', value: value.label ?? String(value.value_index) })),
    productOption: {
      extension_attributes: {
        configurable_item_options: chosen.map(({ option, value }) => ({ option_id: String(option.attribute_id), option_value: String(value.value_index) })),
      },
    },
    // The child's own row is authoritative over its copy in the parent, as in the stock calls.
    stock: ownStock ?? child.stock,
  };
}

/** A bundle line: its selections (or each option's default) priced from the parts' documents. */
function bundleLine(doc: ProductDoc, productOption: ProductOption | null | undefined, index: ProductIndex): ResolvedLine {
  const selections = ext(productOption).bundle_options ?? [];
  for (const selection of selections) {
    const option = doc.bundle_options?.find((candidate) => String(candidate.option_id) === String(selection.option_id));
    const ids = new Set(option?.product_links.map((link) => String(link.id)));
    if (!option || selection.option_selections.some((id) => !ids.has(String(id)))) throw refuse(CART_MESSAGES.noConfiguration);
  }
  const parts = bundlePartSkus([doc]).flatMap((sku) => index.bySku.get(sku) ?? []);
  const price = bundlePrice(doc, parts, selections.length > 0 ? selections : undefined);
  checkedPrice(price.gross);
  // The same parts bundlePrice counts: with selections only the selected options, else every option's default.
  const chosen = (doc.bundle_options ?? []).flatMap((option) => {
    const selection = selections.find((s) => String(s.option_id) === String(option.option_id));
    if (selections.length > 0 && !selection) return [];
    const links = selection
      ? option.product_links.filter((link) => selection.option_selections.map(String).includes(String(link.id)))
      : [option.product_links.find((link) => link.is_default) ?? option.product_links[0]].filter((link) => link !== undefined);
    return [{ option, parts: links.map((link) => index.bySku.get(link.sku)) }];
  });
  const labels = chosen.flatMap(({ option, parts }) =>
    parts.length > 0 ? [{ label: option.title, value: parts.map((part) => part?.name ?? '?').join(', ') }] : [],
  );
  // A bundle parent's qty is 0 by indexing convention: it is available when flagged so and every chosen part is.
  const available =
    toStockItem(doc.sku, doc.id, doc.stock).is_in_stock &&
    chosen.every(({ parts }) => parts.every((part) => part && stockStatusOf(toStockItem(part.sku, part.id, part.stock)) !== 'out_of_stock'));
  return {
    sku: doc.sku,
    parentSku: null,
    name: doc.name,
    productType: 'bundle',
    // Parts may carry other classes; the bundle is taxed at its own.
    taxClassId: doc.tax_class_id,
    unitNet: price.net,
    unitGross: price.gross,
    categoryIds: categoryIds(doc),
    options: labels,
    productOption: selections.length > 0 ? { extension_attributes: { bundle_options: selections } } : null,
    stock: { qty: 0, is_in_stock: available, manage_stock: false },
  };
}
