import { z } from 'zod';
import { productImageFields } from './admin-product-images.ts';
import { cacheInvalidationOutcome } from './catalog-import.ts';
import { freeText, text } from './strings.ts';

/**
 * The back office's products (issue #45 points 1 and 7, ADR 0032): the list over the whole
 * catalogue, one product's editable fields, edits, new simple products and bulk actions. Money in
 * integer cents, net of VAT as the catalogue stores it (names end in `Cents`); instants ISO 8601
 * with offset; days YYYY-MM-DD. Every write goes through the catalogue import
 * (CatalogImportService.importBatch), so the storefront, the search index and the edge see it as
 * they see an import.
 */
export const ADMIN_PRODUCT_MESSAGES = {
  notFound: 'Prodotto non trovato: nessun prodotto ha lo SKU {sku}.',
  /** Zod messages: the answer names the field before them. */
  sku: 'lo SKU va da 1 a 64 caratteri, senza spazi all’inizio o alla fine.',
  name: 'il nome va da 1 a 255 caratteri.',
  html: 'il testo (HTML) può avere al massimo 65.535 caratteri.',
  status: 'lo stato è 1 (attivo) o 2 (disattivato).',
  visibility: 'la visibilità è 1 (non visibile singolarmente), 2 (catalogo), 3 (ricerca) o 4 (catalogo e ricerca).',
  categoryIds: 'le categorie sono un elenco di numeri interi positivi, al massimo 100.',
  price: 'il prezzo è un numero intero di centesimi, zero o più (1990 per 19,90 €), fino a 100.000.000.',
  specialPrice: 'il prezzo speciale è un numero intero di centesimi, zero o più (1990 per 19,90 €), oppure null per toglierlo.',
  date: 'la data va scritta in ISO 8601 con il fuso orario (2026-12-01T00:00:00+01:00), oppure null.',
  day: 'la data va scritta come AAAA-MM-GG (un giorno che esiste), oppure null.',
  customerGroup: 'il gruppo clienti è 0 (non registrati), 1, 2, 3 oppure 32000 (tutti i gruppi).',
  tierQty: 'la quantità di uno scaglione è un numero intero da 2 in su (da 1 pezzo è un prezzo di gruppo: groupPrices).',
  tierPrice: 'il prezzo di uno scaglione o di un gruppo è un numero intero di centesimi maggiore di zero.',
  priceList: 'al massimo 100 prezzi, ciascuno con customerGroupId e priceCents (e qty per gli scaglioni).',
  taxClassId: 'la classe IVA è un numero intero, zero o più.',
  qty: 'la quantità a magazzino è un numero, zero o più, fino a 1.000.000.000.',
  isInStock: 'disponibile è vero o falso.',
  shortText: 'il testo può avere al massimo 255 caratteri, oppure null per toglierlo.',
  metaDescription: 'la meta description può avere al massimo 1.000 caratteri, oppure null per toglierla.',
  urlKey: 'la chiave URL ha solo lettere minuscole non accentate, cifre e trattini singoli (coltello-da-cuoco-20-cm), fino a 200 caratteri.',
  attributes: 'gli attributi tecnici sono un oggetto codice → valore: testo, elenco di valori, oppure null per toglierlo (al massimo 100).',
  unknownFields: 'campi sconosciuti: {keys}.',
  badChoice: 'valore non ammesso: scegli tra {values}.',
  badLimit: 'limit va da 1 a 200.',
  badCursor: 'il segnaposto di pagina non è valido: ricarica l’elenco.',
  badCategoryId: 'categoryId è il numero di una categoria.',
  badStatusFilter: 'status è 1 (attivi) o 2 (disattivati).',
  badVisibilityFilter: 'visibility va da 1 a 4.',
  emptyPatch: 'Indica almeno un campo da modificare.',
  // Checked by the service, with the product: each names its field.
  specialNotBelowPrice: 'specialPriceCents: il prezzo speciale ({special}) deve essere inferiore al prezzo ({price}).',
  windowEndsFirst: 'specialTo: la fine del prezzo speciale deve venire dopo l’inizio.',
  skuTaken: 'sku: lo SKU {sku} è già usato da un altro prodotto.',
  urlKeyTaken: 'urlKey: la chiave URL «{key}» è già usata dal prodotto {sku}.',
  urlPathTaken: 'urlKey: l’indirizzo «{path}» è già usato da {owner}.',
  unknownCategory: 'categoryIds: la categoria {id} non esiste.',
  unknownTaxClass: 'taxClassId: la classe IVA {id} non esiste (classi note: {values}).',
  unknownAttribute: 'attributes.{code}: «{code}» non è un attributo tecnico del catalogo.',
  unknownOption: 'attributes.{code}: «{value}» non è tra i valori di «{label}».',
  singleOption: 'attributes.{code}: «{label}» ha un solo valore, non un elenco.',
  booleanOption: 'attributes.{code}: «{label}» vale "1" (sì) o "0" (no).',
  tooManyEdits: 'Al massimo {max} modifiche per volta.',
  duplicateEdit: 'Lo SKU {sku} compare più volte: una modifica per prodotto.',
  problems: 'Prodotti che non si possono modificare ({count}): {list}. Nessun prodotto è stato modificato.',
  // Bulk actions.
  bulkTarget: 'Indica i prodotti: «skus» (un elenco) oppure «filter» (i filtri dell’elenco), uno dei due.',
  bulkPercent: 'la variazione percentuale va da -100 a 1000, con al massimo due decimali.',
  bulkAmount: 'la variazione in centesimi è un numero intero tra -100.000.000 e 100.000.000.',
  bulkAction: 'indica type price (mode percent o amount, value), status (status), stock (qty) o category (categoryId).',
  unknownSkus: 'skus: questi SKU non esistono: {skus}.',
  belowZero: 'Il prezzo scenderebbe sotto zero per: {rows}. Nessun prodotto è stato modificato.',
  tooManyMatches: 'La selezione comprende {count} prodotti: al massimo {max} per azione. Restringi i filtri.',
  bulkStopped: 'Il lotto {batch} non è stato scritto ({reason}); i {written} prodotti dei lotti precedenti sono stati modificati.',
  createOnlySimple: 'Si possono creare solo prodotti semplici.',
} as const;
const M = ADMIN_PRODUCT_MESSAGES;

/** Products one write (an edit list, a bulk batch) takes: one transaction each, as an import batch. */
export const ADMIN_PRODUCT_BATCH = 500;
/** Products one bulk action may touch. */
export const ADMIN_PRODUCT_BULK_MAX = 50_000;
/** The list counts its matches (`count=yes`) up to this many; beyond, it answers `totalOver` (counting 200,000 costs more than a page). */
export const ADMIN_PRODUCT_COUNT_MAX = 1_000;
/** Customer groups a tier or group price may name: 0 guests, the shop's groups, 32000 all groups. */
export const PRICE_CUSTOMER_GROUPS = [0, 1, 2, 3, 32000] as const;

/** A strict object whose unknown keys are refused in Italian, naming them. */
const strict = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? M.unknownFields.replace('{keys}', issue.keys.join(', ')) : undefined),
  });

/** One of `values`, refused in Italian with the values allowed. */
const choice = <const T extends string>(values: readonly T[]) => z.enum(values as [T, ...T[]], { error: M.badChoice.replace('{values}', values.join(', ')) });

export const skuText = text({ error: M.sku }).min(1, M.sku).max(64, M.sku).refine((sku) => sku.trim() === sku, M.sku);
const cents = (message: string) => z.number({ error: message }).int(message).min(0, message).max(100_000_000, message);
const instantOrNull = z.iso.datetime({ offset: true, error: M.date }).nullable();
const dayOrNull = text({ error: M.day })
  .regex(/^\d{4}-\d{2}-\d{2}$/, M.day)
  .refine((value) => !Number.isNaN(Date.parse(value)) && new Date(value).toISOString().startsWith(value), M.day)
  .nullable();
const customerGroupId = z.number({ error: M.customerGroup }).int(M.customerGroup).refine((id) => (PRICE_CUSTOMER_GROUPS as readonly number[]).includes(id), M.customerGroup);
const positiveCents = z.number({ error: M.tierPrice }).int(M.tierPrice).min(1, M.tierPrice).max(100_000_000, M.tierPrice);

export const adminTierPrice = strict({
  customerGroupId,
  qty: z.number({ error: M.tierQty }).int(M.tierQty).min(2, M.tierQty).max(1_000_000, M.tierQty),
  priceCents: positiveCents,
});
export type AdminTierPrice = z.infer<typeof adminTierPrice>;
export const adminGroupPrice = strict({ customerGroupId, priceCents: positiveCents });
export type AdminGroupPrice = z.infer<typeof adminGroupPrice>;

const attributeValue = z.union([text().max(255), z.array(text().max(64)).max(100), z.null()], { error: M.attributes });

/**
 * What a seller edits day to day (issue #45 point 1), each field optional in a PATCH. A
 * configurable's child is edited by its own SKU: its copy inside the parent changes too.
 */
const productFields = {
  name: text({ error: M.name }).trim().min(1, M.name).max(255, M.name),
  /** HTML: refused with scripts, event handlers or javascript: links; otherwise stored sanitised as CMS content is. */
  description: freeText({ error: M.html }).max(65_535, M.html),
  shortDescription: freeText({ error: M.html }).max(65_535, M.html),
  status: z.number({ error: M.status }).int(M.status).min(1, M.status).max(2, M.status),
  visibility: z.number({ error: M.visibility }).int(M.visibility).min(1, M.visibility).max(4, M.visibility),
  categoryIds: z.array(z.number({ error: M.categoryIds }).int(M.categoryIds).min(1, M.categoryIds).max(2_147_483_647, M.categoryIds), { error: M.categoryIds }).max(100, M.categoryIds),
  /** The list price, net of VAT. */
  priceCents: cents(M.price),
  specialPriceCents: cents(M.specialPrice).nullable(),
  specialFrom: instantOrNull,
  /** The special price ends at this instant. */
  specialTo: instantOrNull,
  /** Quantity breaks (qty ≥ 2) per customer group; replaces the list. */
  tierPrices: z.array(adminTierPrice, { error: M.priceList }).max(100, M.priceList),
  /** A customer group's price from one piece; replaces the list. */
  groupPrices: z.array(adminGroupPrice, { error: M.priceList }).max(100, M.priceList),
  taxClassId: z.number({ error: M.taxClassId }).int(M.taxClassId).min(0, M.taxClassId).max(1_000_000, M.taxClassId),
  /** Pieces the shop sells from (its own count starts again from this). */
  qty: z.number({ error: M.qty }).min(0, M.qty).max(1_000_000_000, M.qty),
  /** Unset with qty: in stock when qty > 0 (or backorders). */
  isInStock: z.boolean({ error: M.isInStock }),
  /** `messaggio_disponibilita`, `messaggio_disponibilita_custom`, `data_disponibilita`. */
  availabilityMessage: text({ error: M.shortText }).max(255, M.shortText).nullable(),
  availabilityCustomMessage: text({ error: M.shortText }).max(255, M.shortText).nullable(),
  availabilityDate: dayOrNull,
  /** Technical attributes by code: a select's option id, a multiselect's ids, a boolean "1"/"0", a text; null removes it. */
  attributes: z
    .record(text().regex(/^[a-z][a-z0-9_]{0,63}$/, M.attributes), attributeValue, { error: M.attributes })
    .refine((record) => Object.keys(record).length <= 100, M.attributes),
  metaTitle: text({ error: M.shortText }).max(255, M.shortText).nullable(),
  metaDescription: freeText({ error: M.metaDescription }).max(1000, M.metaDescription).nullable(),
  /** The last part of the product's address: the old address answers 301 to the new one. */
  urlKey: text({ error: M.urlKey }).max(200, M.urlKey).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, M.urlKey),
  /** The gallery in order and the main picture (admin-product-images.ts). */
  ...productImageFields,
};

/** PATCH /api/admin/products/:sku, and one edit of `applyEdits`. */
export const adminProductPatch = strict(productFields).partial();
export type ProductPatch = z.infer<typeof adminProductPatch>;
export type ProductPatchField = keyof ProductPatch;

/** POST /api/admin/products: a simple product from scratch; the URL key comes from the name when absent. */
export const adminProductCreateBody = strict({
  ...Object.fromEntries(Object.entries(productFields).map(([key, schema]) => [key, schema.optional()])) as { [K in keyof typeof productFields]: z.ZodOptional<(typeof productFields)[K]> },
  sku: skuText,
  name: productFields.name,
  priceCents: productFields.priceCents,
  taxClassId: productFields.taxClassId,
  status: productFields.status.default(1),
  visibility: productFields.visibility.default(4),
  categoryIds: productFields.categoryIds.default([]),
  qty: productFields.qty.default(0),
});
export type AdminProductCreateBody = z.infer<typeof adminProductCreateBody>;

export const ADMIN_PRODUCT_SORTS = ['name', '-name', 'sku', '-sku', 'price', '-price', 'updated', '-updated'] as const;
export type AdminProductSortName = (typeof ADMIN_PRODUCT_SORTS)[number];

/**
 * The list's filters, the same in the query string and in a bulk action's `filter`: `q` an SKU
 * prefix or words of the name (any case, accents ignored), `sku` an SKU prefix, a category (with
 * its subcategories unless `subcategories=no`), type, status, visibility, stock as the shop sells
 * it (`low`: in stock with at most LOW_STOCK pieces), a brand's option id, a special price set.
 */
export const adminProductFilter = z.object({
  q: text().trim().max(100).optional(),
  sku: text().trim().max(64).optional(),
  categoryId: z.coerce.number({ error: M.badCategoryId }).int(M.badCategoryId).min(1, M.badCategoryId).max(2_147_483_647, M.badCategoryId).optional(),
  subcategories: choice(['yes', 'no']).default('yes'),
  type: text().trim().regex(/^[a-z_]{1,32}$/, M.badChoice.replace('{values}', 'simple, configurable, grouped, bundle, virtual, downloadable')).optional(),
  status: z.coerce.number({ error: M.badStatusFilter }).int(M.badStatusFilter).min(1, M.badStatusFilter).max(2, M.badStatusFilter).optional(),
  visibility: z.coerce.number({ error: M.badVisibilityFilter }).int(M.badVisibilityFilter).min(1, M.badVisibilityFilter).max(4, M.badVisibilityFilter).optional(),
  stock: choice(['in', 'out', 'low']).optional(),
  brand: text().trim().regex(/^[A-Za-z0-9_-]{1,32}$/, M.badChoice.replace('{values}', 'il valore (id) di una marca')).optional(),
  special: choice(['yes', 'no']).optional(),
});
export type AdminProductFilterQuery = z.infer<typeof adminProductFilter>;

/** GET /api/admin/products: the filters, a sort, keyset pages; `count=yes` adds the total up to ADMIN_PRODUCT_COUNT_MAX, `totalOver` beyond. */
export const adminProductListQuery = adminProductFilter.extend({
  sort: choice(ADMIN_PRODUCT_SORTS).default('name'),
  limit: z.coerce.number({ error: M.badLimit }).int(M.badLimit).min(1, M.badLimit).max(200, M.badLimit).default(50),
  /** The `nextCursor` of the previous page. */
  cursor: text().max(600).optional(),
  count: choice(['yes', 'no']).default('no'),
});
export type AdminProductListQuery = z.infer<typeof adminProductListQuery>;

const option = z.object({ value: z.string(), label: z.string() });

export const adminProductListItem = z
  .object({
    id: z.number().int(),
    sku: z.string(),
    name: z.string(),
    typeId: z.string(),
    status: z.number().int(),
    visibility: z.number().int(),
    /** A configurable's child: its parent's SKU. */
    parentSku: z.string().nullable(),
    /** List price and special price as the catalogue indexes them (a configurable: its cheapest child's). */
    priceCents: z.number().int(),
    specialPriceCents: z.number().int().nullable(),
    /** What the shop sells from: its own count over the catalogue's. */
    qty: z.number(),
    isInStock: z.boolean(),
    brand: option.nullable(),
    categoryIds: z.array(z.number().int()),
    /** The main image's path (relative to the media base), or null. */
    image: z.string().nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminProductListItem' });
export type AdminProductListItem = z.infer<typeof adminProductListItem>;

export const adminProductPage = z
  .object({
    items: z.array(adminProductListItem),
    /** Whether another page follows (then nextCursor is set). */
    more: z.boolean(),
    nextCursor: z.string().optional(),
    /** Only with count=yes: how many match, when at most ADMIN_PRODUCT_COUNT_MAX do. */
    total: z.number().int().optional(),
    /** Only with count=yes, instead of `total`: more than this many match (ADMIN_PRODUCT_COUNT_MAX; not counted further). */
    totalOver: z.number().int().optional(),
  })
  .meta({ id: 'AdminProductPage' });
export type AdminProductPage = z.infer<typeof adminProductPage>;

const stockView = z.object({ qty: z.number(), isInStock: z.boolean(), manageStock: z.boolean(), backorders: z.boolean() });

/** A child, bundle option product or grouped member, with what is edited of it by its own SKU. */
export const adminProductMember = z
  .object({
    sku: z.string(),
    /** Null for a configurable's child that exists only inside its parent's document. */
    id: z.number().int().nullable(),
    name: z.string(),
    status: z.number().int(),
    priceCents: z.number().int(),
    specialPriceCents: z.number().int().nullable(),
    specialFrom: z.string().nullable(),
    specialTo: z.string().nullable(),
    stock: stockView,
    /** A child's configurable attributes (taglia, colore…): option ids. */
    options: z.record(z.string(), z.string()),
  })
  .meta({ id: 'AdminProductMember' });
export type AdminProductMember = z.infer<typeof adminProductMember>;

/** GET /api/admin/products/:sku: the fields of point 1, and the products it is made of. */
export const adminProduct = z
  .object({
    id: z.number().int().nullable(),
    sku: z.string(),
    typeId: z.string(),
    /** Configurables whose child this SKU is. */
    parentSkus: z.array(z.string()),
    name: z.string(),
    description: z.string(),
    shortDescription: z.string(),
    status: z.number().int(),
    visibility: z.number().int(),
    categoryIds: z.array(z.number().int()),
    priceCents: z.number().int(),
    specialPriceCents: z.number().int().nullable(),
    specialFrom: z.string().nullable(),
    specialTo: z.string().nullable(),
    tierPrices: z.array(adminTierPrice),
    groupPrices: z.array(adminGroupPrice),
    taxClassId: z.number().int(),
    stock: stockView,
    availabilityMessage: z.string().nullable(),
    availabilityCustomMessage: z.string().nullable(),
    availabilityDate: z.string().nullable(),
    attributes: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
    metaTitle: z.string().nullable(),
    metaDescription: z.string().nullable(),
    urlKey: z.string(),
    urlPath: z.string(),
    /** Old paths that answer 301 to this product. */
    urlRedirects: z.array(z.string()),
    /** The main picture's path (relative to the media base), or null. */
    image: z.string().nullable(),
    /** The gallery in its order, with each picture's alternative text. */
    images: z.array(z.object({ path: z.string(), alt: z.string().nullable() })),
    updatedAt: z.string().nullable(),
    children: z.array(adminProductMember),
    bundleOptions: z.array(
      z.object({
        optionId: z.number().int(),
        title: z.string(),
        required: z.boolean(),
        type: z.string(),
        links: z.array(z.object({ sku: z.string(), qty: z.number(), isDefault: z.boolean(), product: adminProductMember.nullable() })),
      }),
    ),
    groupedMembers: z.array(z.object({ sku: z.string(), qty: z.number(), position: z.number().int(), product: adminProductMember.nullable() })),
  })
  .meta({ id: 'AdminProduct' });
export type AdminProduct = z.infer<typeof adminProduct>;

/** A PATCH's or a creation's answer: the product now, the fields that changed, and the cache invalidation's outcome. */
export const adminProductWriteResult = z
  .object({ product: adminProduct, changed: z.array(z.string()), cache: cacheInvalidationOutcome })
  .meta({ id: 'AdminProductWriteResult' });
export type AdminProductWriteResult = z.infer<typeof adminProductWriteResult>;

const bulkAction = z.discriminatedUnion(
  'type',
  [
    strict({
      type: z.literal('price'),
      mode: choice(['percent', 'amount']),
      /** percent: -100 to 1000 (two decimals); amount: cents to add (negative: less). */
      value: z.number({ error: M.bulkAmount }),
      /** Change the special price by the same rule (else a special price no longer below the price is refused). */
      alsoSpecial: z.boolean().default(false),
    }).superRefine((action, ctx) => {
      const percent = action.mode === 'percent';
      const ok = percent ? action.value >= -100 && action.value <= 1000 && Math.round(action.value * 100) === action.value * 100 : Number.isInteger(action.value) && Math.abs(action.value) <= 100_000_000;
      if (!ok) ctx.addIssue({ code: 'custom', path: ['value'], message: percent ? M.bulkPercent : M.bulkAmount });
    }),
    strict({ type: z.literal('status'), status: productFields.status }),
    strict({ type: z.literal('stock'), qty: productFields.qty }),
    strict({ type: z.literal('category'), categoryId: z.number({ error: M.badCategoryId }).int(M.badCategoryId).min(1, M.badCategoryId).max(2_147_483_647, M.badCategoryId) }),
  ],
  { error: M.bulkAction },
);
export type AdminProductBulkAction = z.infer<typeof bulkAction>;

/** POST /api/admin/products/bulk: one action on a selection of SKUs or on everything a filter selects. */
export const adminProductBulkBody = strict({
  skus: z.array(skuText).min(1).max(ADMIN_PRODUCT_BULK_MAX).optional(),
  filter: adminProductFilter.optional(),
  action: bulkAction,
}).refine((body) => (body.skus === undefined) !== (body.filter === undefined), { message: M.bulkTarget, path: ['skus'] });
export type AdminProductBulkBody = z.infer<typeof adminProductBulkBody>;

export const adminProductBulkResult = z
  .object({
    /** Products the selection named or the filter selected. */
    matched: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    /** Transactions of at most ADMIN_PRODUCT_BATCH products, each all or nothing. */
    batches: z.number().int(),
  })
  .meta({ id: 'AdminProductBulkResult' });
export type AdminProductBulkResult = z.infer<typeof adminProductBulkResult>;

/** GET /api/admin/product-choices: what the product forms offer. */
export const adminProductChoices = z
  .object({
    types: z.array(z.string()),
    taxClasses: z.array(z.object({ id: z.number().int(), label: z.string() })),
    customerGroups: z.array(z.object({ id: z.number().int(), label: z.string() })),
    brands: z.array(option),
    /** The technical attributes: code, label, input (select, multiselect, boolean, text) and options. */
    attributes: z.array(z.object({ code: z.string(), label: z.string(), input: z.string(), options: z.array(option) })),
    lowStock: z.number(),
  })
  .meta({ id: 'AdminProductChoices' });
export type AdminProductChoices = z.infer<typeof adminProductChoices>;
