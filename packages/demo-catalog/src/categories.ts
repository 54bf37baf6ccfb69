import type { CategoryDoc, ProductCategoryRef, ProductDoc } from '@shop/domain';
import { DEPARTMENTS } from './departments/index.ts';

/** Magento's "Default Category" (level 1) holds the shop tree; the storefront's root is 3 (spec §9). */
export const DEFAULT_CATEGORY_ID = 2;
export const ROOT_CATEGORY_ID = 3;

/** Merchandising categories the storefront's home page and cart read by id (spec §9). */
export const SPECIAL_CATEGORY_IDS = { novita: 16, bestsellers: 68, horeca: 419, cartRelated: 979 } as const;

const SHIPPING_NOTE = ' Spedizione in 2-3 giorni.';
const pad = (n: number): string => String(n).padStart(2, '0');

function faqFields(faq: readonly (readonly [string, string])[]): Partial<CategoryDoc> {
  const fields: Partial<CategoryDoc> = {};
  faq.slice(0, 5).forEach(([question, answer], i) => {
    fields[`faq_question_${i + 1}`] = question;
    fields[`faq_answer_${i + 1}`] = answer;
  });
  return fields;
}

function node(
  id: number,
  parentPath: string,
  parentId: number,
  level: number,
  position: number,
  name: string,
  urlKey: string,
  urlPath: string,
  rest: Partial<CategoryDoc>,
): CategoryDoc {
  return {
    id,
    parent_id: parentId,
    name,
    is_active: true,
    position,
    level,
    product_count: 0,
    path: `${parentPath}/${id}`,
    url_key: urlKey,
    url_path: urlPath,
    slug: urlKey,
    include_in_menu: true,
    image: null,
    meta_title: name,
    meta_description: null,
    robots: 'INDEX,FOLLOW',
    short_description: null,
    ...rest,
  };
}

const ROOT_PATH = `1/${DEFAULT_CATEGORY_ID}/${ROOT_CATEGORY_ID}`;

const departmentNodes = DEPARTMENTS.flatMap((dept, d) => {
  const top = node(dept.id, ROOT_PATH, ROOT_CATEGORY_ID, 3, d + 1, dept.name, dept.urlKey, dept.urlKey, {
    image: `/demo/${dept.urlKey}/01.jpg`,
    meta_title: dept.metaTitle,
    meta_description: dept.metaDescription,
    short_description: dept.shortDescription,
    cms_block_top: dept.cmsBlockTop ?? null,
    cms_block_bottom: dept.cmsBlockBottom ?? null,
    ...faqFields(dept.faq),
  });
  const leaves = dept.leaves.map((leaf, l) => {
    const active = leaf.active ?? true;
    return node(leaf.id, top.path, dept.id, 4, l + 1, leaf.name, leaf.urlKey, `${dept.urlKey}/${leaf.urlKey}`, {
      is_active: active,
      include_in_menu: active,
      robots: active ? 'INDEX,FOLLOW' : 'NOINDEX,FOLLOW',
      image: `/demo/${dept.urlKey}/${pad(l + 2)}.jpg`,
      meta_title: `${leaf.name} professionali | ${dept.name}`,
      meta_description: leaf.blurb + SHIPPING_NOTE,
      short_description: `<p>${leaf.blurb}</p>`,
    });
  });
  return [top, ...leaves];
});

const merchPosition = DEPARTMENTS.length + 1;

/** Lists the home page and the cart draw from; products join them on top of their real category. */
const merchandisingNodes: CategoryDoc[] = [
  node(SPECIAL_CATEGORY_IDS.novita, ROOT_PATH, ROOT_CATEGORY_ID, 3, merchPosition, "Novità per l'industria alimentare", 'novita-industria-alimentare', 'novita-industria-alimentare', {
    image: '/demo/tritacarne/03.jpg',
    meta_title: "Novità per l'industria alimentare",
    meta_description: "Le ultime attrezzature per l'industria alimentare: tritacarne, macchine sottovuoto, bilance, refrigerazione e arredi inox appena arrivati in catalogo." + SHIPPING_NOTE,
    short_description: "<p>Gli ultimi arrivi per macellerie, salumifici e laboratori: attrezzature selezionate per l'industria alimentare, aggiornate ogni settimana.</p>",
    cms_block_top: 'banner-novita',
  }),
  node(SPECIAL_CATEGORY_IDS.bestsellers, ROOT_PATH, ROOT_CATEGORY_ID, 3, merchPosition + 1, 'Più venduti', 'piu-venduti', 'piu-venduti', {
    image: '/demo/coltelli/05.jpg',
    meta_title: 'I prodotti più venduti',
    meta_description: 'I prodotti più scelti dai nostri clienti professionisti: coltelli, guanti, termometri, detergenti e attrezzature per la ristorazione.' + SHIPPING_NOTE,
    short_description: '<p>Gli articoli più acquistati da ristoranti, macellerie e aziende alimentari, sempre disponibili a magazzino.</p>',
  }),
  node(SPECIAL_CATEGORY_IDS.horeca, ROOT_PATH, ROOT_CATEGORY_ID, 3, merchPosition + 2, 'Horeca', 'horeca', 'horeca', {
    image: '/demo/pentolame/02.jpg',
    meta_title: 'Attrezzature Horeca per hotel, ristoranti e catering',
    meta_description: 'Attrezzature Horeca per hotel, ristoranti e catering: pentolame, refrigerazione, tavoli inox, coltelli da cucina e detergenti professionali.' + SHIPPING_NOTE,
    short_description: '<p>Una selezione di attrezzature per hotel, ristoranti, bar e catering: tutto quello che serve in cucina e in sala.</p>',
    cms_block_top: 'banner-horeca',
  }),
  node(SPECIAL_CATEGORY_IDS.cartRelated, ROOT_PATH, ROOT_CATEGORY_ID, 3, merchPosition + 3, 'Potrebbe servirti anche', 'potrebbe-servirti-anche', 'potrebbe-servirti-anche', {
    // Only feeds the cart's suggestions: no menu entry, not worth indexing.
    include_in_menu: false,
    robots: 'NOINDEX,FOLLOW',
    image: '/demo/guanti/02.jpg',
    meta_title: 'Potrebbe servirti anche',
    meta_description: 'Accessori e materiali di consumo da aggiungere al tuo ordine: guanti monouso, buste sottovuoto, detergenti, termometri e ricambi.' + SHIPPING_NOTE,
    short_description: '<p>Accessori e materiali di consumo da aggiungere al carrello.</p>',
  }),
  node(150, ROOT_PATH, ROOT_CATEGORY_ID, 3, merchPosition + 4, 'Offerte Black Friday', 'offerte-black-friday', 'offerte-black-friday', {
    // A seasonal landing page switched off outside its campaign.
    is_active: false,
    include_in_menu: false,
    robots: 'NOINDEX,FOLLOW',
    image: '/demo/refrigerazione/04.jpg',
    meta_title: 'Offerte Black Friday',
    meta_description: 'Le offerte del Black Friday su attrezzature professionali per la ristorazione e l\'industria alimentare.' + SHIPPING_NOTE,
    short_description: '<p>Sconti a tempo limitato su una selezione di attrezzature professionali.</p>',
  }),
];

const CATEGORY_NODES: readonly CategoryDoc[] = [
  node(DEFAULT_CATEGORY_ID, '1', 1, 1, 1, 'Default Category', 'default-category', 'default-category', { include_in_menu: false }),
  node(ROOT_CATEGORY_ID, `1/${DEFAULT_CATEGORY_ID}`, DEFAULT_CATEGORY_ID, 2, 1, 'Catalogo', 'catalogo', 'catalogo', {
    meta_title: 'Attrezzature professionali per ristorazione e industria alimentare',
  }),
  ...departmentNodes,
  ...merchandisingNodes,
];

const BY_ID = new Map(CATEGORY_NODES.map((c) => [c.id, c]));

/** The `category` entry a product carries for one of its categories. */
export function categoryRef(id: number): ProductCategoryRef {
  const c = BY_ID.get(id);
  if (!c) throw new Error(`Unknown category ${id}`);
  return { category_id: c.id, name: c.name, slug: c.slug, path: c.url_path };
}

/** A product counts where a shopper would see it: enabled (status 1) and visible in catalogue or search. */
export function countCategoryProducts(products: Iterable<ProductDoc>, counts = new Map<number, number>()): Map<number, number> {
  for (const product of products) {
    if (product.status !== 1 || product.visibility === 1) continue;
    for (const id of product.category_ids ?? []) counts.set(Number(id), (counts.get(Number(id)) ?? 0) + 1);
  }
  return counts;
}

/** Flat list (no children_data); product_count from `countCategoryProducts` over the same products. */
export function buildCategories(counts: ReadonlyMap<number, number>): CategoryDoc[] {
  const childCount = new Map<number, number>();
  for (const c of CATEGORY_NODES) childCount.set(c.parent_id, (childCount.get(c.parent_id) ?? 0) + 1);
  return CATEGORY_NODES.map((c) => ({
    ...c,
    product_count: counts.get(c.id) ?? 0,
    children_count: String(childCount.get(c.id) ?? 0),
  }));
}
