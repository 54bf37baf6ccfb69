import type { ProductDoc } from '@shop/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createCatalogContext,
  CUTTING_BOARD_SKU,
  DEFAULT_NOW,
  generateCatalog,
  generateProducts,
  productBatches,
  ROOT_CATEGORY_ID,
  SPECIAL_CATEGORY_IDS,
  type DemoCatalog,
} from './index.ts';

let catalog: DemoCatalog;
let bySku: Map<string, ProductDoc>;
let byId: Map<number, ProductDoc>;
const visibleEnabled = (p: ProductDoc): boolean => p.visibility === 4 && p.status === 1;

beforeAll(() => {
  catalog = generateCatalog({ products: 5000 });
  bySku = new Map(catalog.products.map((p) => [p.sku, p]));
  byId = new Map(catalog.products.map((p) => [p.id, p]));
});

describe('determinism', () => {
  it('gives identical output for the same seed and a different one for another seed', () => {
    const a = generateCatalog({ products: 600, seed: 7 });
    const b = generateCatalog({ products: 600, seed: 7 });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    const c = generateCatalog({ products: 600, seed: 8 });
    expect(JSON.stringify(c.products)).not.toBe(JSON.stringify(a.products));
  });

  it('defaults now to a fixed date, not the clock', () => {
    expect(DEFAULT_NOW.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(generateCatalog({ products: 200, now: DEFAULT_NOW })).toEqual(generateCatalog({ products: 200 }));
  });

  it('produces the same documents whatever the chunking', () => {
    const ctx = createCatalogContext({ products: 700, seed: 3 });
    const whole = generateProducts(ctx, 0, 700);
    const chunks = [0, 1, 50, 64, 65, 300, 699].flatMap((start, i, starts) =>
      generateProducts(ctx, start, (starts[i + 1] ?? 700) - start),
    );
    expect(chunks).toEqual(whole);
    expect([...productBatches(ctx, 97)].flat()).toEqual(whole);
    expect(generateProducts(ctx, 690, 50)).toHaveLength(10);
  });
});

describe('size', () => {
  it.each([0, 1, 2, 7, 64, 65, 66, 129, 1000])('generates exactly %i products', (n) => {
    expect(generateCatalog({ products: n }).products).toHaveLength(n);
  });

  it('generates the requested 5,000', () => {
    expect(catalog.products).toHaveLength(5000);
  });
});

describe('product types', () => {
  it('has every type, each well represented', () => {
    const count = (type: string): number => catalog.products.filter((p) => p.type_id === type && p.visibility === 4).length;
    for (const type of ['configurable', 'grouped', 'bundle', 'virtual', 'downloadable']) expect(count(type)).toBeGreaterThanOrEqual(50);
    expect(count('simple')).toBeGreaterThan(2000);
    expect(catalog.products.filter((p) => p.custom_options?.length).length).toBeGreaterThanOrEqual(50);
  });

  it('has every type even in a small catalogue', () => {
    const types = new Set(generateCatalog({ products: 40 }).products.map((p) => p.type_id));
    expect([...types].sort()).toEqual(['bundle', 'configurable', 'downloadable', 'grouped', 'simple', 'virtual']);
  });

  it('embeds configurable children that exist as simple products with visibility 1', () => {
    const parents = catalog.products.filter((p) => p.type_id === 'configurable');
    let disabled = 0;
    let soldOut = 0;
    for (const parent of parents) {
      expect(parent.configurable_children?.length).toBeGreaterThanOrEqual(2);
      expect(parent.configurable_options?.length).toBeGreaterThanOrEqual(1);
      for (const child of parent.configurable_children ?? []) {
        const doc = bySku.get(child.sku);
        expect(doc).toMatchObject({ id: child.id, type_id: 'simple', visibility: 1, parent_sku: parent.sku });
        expect(doc).toMatchObject({ price: child.price, status: child.status, stock: child.stock });
        for (const option of parent.configurable_options ?? []) {
          const code = option.attribute_code as string;
          expect(option.values.map((v) => String(v.value_index))).toContain(child[code]);
          expect(doc?.[code]).toBe(child[code]);
        }
        if (child.status === 2) disabled++;
        if (!child.stock?.is_in_stock) soldOut++;
      }
      expect(parent.price).toBe(Math.min(...(parent.configurable_children ?? []).map((c) => c.price)));
    }
    expect(disabled).toBeGreaterThan(0);
    expect(soldOut).toBeGreaterThan(0);
  });

  it('links grouped products to existing simple products', () => {
    for (const parent of catalog.products.filter((p) => p.type_id === 'grouped')) {
      expect(parent.product_links?.length).toBeGreaterThanOrEqual(2);
      for (const link of parent.product_links ?? []) {
        expect(link).toMatchObject({ sku: parent.sku, link_type: 'associated', linked_product_type: 'simple' });
        expect(link.qty).toBeGreaterThan(0);
        expect(bySku.get(link.linked_product_sku)?.type_id).toBe('simple');
      }
    }
  });

  it('fills bundle options with existing simple products and one default each', () => {
    for (const parent of catalog.products.filter((p) => p.type_id === 'bundle')) {
      expect(parent.bundle_options?.length).toBeGreaterThanOrEqual(2);
      for (const option of parent.bundle_options ?? []) {
        expect(option.product_links.filter((l) => l.is_default)).toHaveLength(1);
        for (const link of option.product_links) {
          expect(link.qty).toBeGreaterThan(0);
          expect(byId.get(Number(link.id))?.sku).toBe(link.sku);
        }
      }
    }
  });

  it('offers custom options with fixed and percent prices on positive option_type_ids', () => {
    const values = catalog.products.flatMap((p) => p.custom_options ?? []).flatMap((o) => o.values ?? []);
    expect(values.every((v) => v.option_type_id > 0)).toBe(true);
    expect(values.some((v) => v.price_type === 'fixed' && v.price > 0)).toBe(true);
    expect(values.some((v) => v.price_type === 'percent' && v.price > 0)).toBe(true);
    const engraving = catalog.products.flatMap((p) => p.custom_options ?? []).find((o) => o.title === 'Incisione nome');
    expect(engraving?.values?.[0]).toMatchObject({ price: 5, price_type: 'fixed' });
  });

  it('includes the made-to-measure cutting board', () => {
    const board = bySku.get(CUTTING_BOARD_SKU);
    expect(board).toMatchObject({
      name: 'Tagliere in polietilene su misura',
      url_key: 'tagliere-in-polietilene-su-misura',
      status: 1,
      visibility: 4,
    });
    expect(board?.custom_options?.map((o) => o.title)).toEqual(expect.arrayContaining(['Lunghezza', 'Larghezza', 'Spessore']));
  });
});

describe('identity and urls', () => {
  it('keeps sku, id, url_key and slug unique', () => {
    for (const key of ['sku', 'id', 'url_key', 'slug'] as const) {
      expect(new Set(catalog.products.map((p) => p[key])).size).toBe(catalog.products.length);
    }
    expect(new Set(catalog.categories.map((c) => c.slug)).size).toBe(catalog.categories.length);
    expect(new Set(catalog.categories.map((c) => c.id)).size).toBe(catalog.categories.length);
  });

  it('builds url_path from the category path and images per department', () => {
    for (const p of catalog.products) {
      const [top, leaf] = p.category ?? [];
      expect(p.url_path).toBe(`${leaf?.path}/${p.url_key}`);
      expect(p.image).toMatch(new RegExp(`^/demo/${top?.slug}/(0[1-9]|1[0-2])\\.jpg$`));
      expect(p.media_gallery?.length).toBeGreaterThanOrEqual(1);
      expect(p.media_gallery?.length).toBeLessThanOrEqual(4);
    }
  });
});

describe('categories', () => {
  it('roots the shop tree at 3 under Default Category 2', () => {
    const byCategoryId = new Map(catalog.categories.map((c) => [c.id, c]));
    expect(byCategoryId.get(2)).toMatchObject({ parent_id: 1, level: 1, name: 'Default Category', path: '1/2' });
    expect(byCategoryId.get(ROOT_CATEGORY_ID)).toMatchObject({ parent_id: 2, level: 2, path: '1/2/3' });
    for (const c of catalog.categories) {
      expect(c.children_data).toBeUndefined();
      if (c.id <= ROOT_CATEGORY_ID) continue;
      const parent = byCategoryId.get(c.parent_id);
      expect(parent).toBeDefined();
      expect(c.level).toBe((parent?.level ?? 0) + 1);
      expect(c.path).toBe(`${parent?.path}/${c.id}`);
      expect(c.meta_description?.length).toBeGreaterThan(80);
    }
    expect(catalog.categories.filter((c) => !c.is_active).length).toBeGreaterThanOrEqual(2);
    expect(catalog.categories.filter((c) => c.level === 3 && c.faq_question_5).length).toBeGreaterThanOrEqual(11);
  });

  it('fills each merchandising category with at least 10 visible, enabled products', () => {
    for (const id of Object.values(SPECIAL_CATEGORY_IDS)) {
      const members = catalog.products.filter((p) => visibleEnabled(p) && p.category_ids?.includes(id));
      expect(members.length, `category ${id}`).toBeGreaterThanOrEqual(10);
    }
    expect(catalog.categories.find((c) => c.id === SPECIAL_CATEGORY_IDS.cartRelated)?.include_in_menu).toBe(false);
  });

  it('references only existing categories, with matching category entries', () => {
    const ids = new Set(catalog.categories.map((c) => c.id));
    for (const p of catalog.products) {
      expect(p.category_ids?.every((id) => ids.has(Number(id)))).toBe(true);
      expect(p.category?.map((c) => c.category_id)).toEqual(p.category_ids);
    }
  });

  it('counts visible, enabled products in product_count', () => {
    for (const c of catalog.categories) {
      const expected = catalog.products.filter((p) => p.visibility !== 1 && p.status === 1 && p.category_ids?.includes(c.id)).length;
      expect(c.product_count, c.name).toBe(expected);
    }
  });

  it('references existing CMS blocks', () => {
    const blocks = new Set(catalog.cmsBlocks.map((b) => b.identifier));
    const referenced = catalog.categories.flatMap((c) => [c.cms_block_top, c.cms_block_bottom]).filter(Boolean);
    expect(referenced.length).toBeGreaterThan(3);
    for (const id of referenced) expect(blocks.has(id as string)).toBe(true);
  });
});

describe('attributes', () => {
  it('uses only valid option ids on products', () => {
    const options = new Map(
      catalog.attributes
        .filter((a) => ['select', 'multiselect', 'boolean'].includes(a.frontend_input))
        .map((a) => [a.attribute_code, new Set(a.options.map((o) => o.value))]),
    );
    const invalid: string[] = [];
    const check = (where: string, code: string, value: unknown): void => {
      if (typeof value !== 'string' || !options.get(code)?.has(value)) invalid.push(`${where} ${code}=${String(value)}`);
    };
    let checked = 0;
    for (const p of catalog.products) {
      for (const code of options.keys()) {
        const value = p[code];
        if (value !== undefined) {
          for (const v of typeof value === 'string' ? value.split(',') : [value]) check(p.sku, code, v);
          checked++;
        }
        const list = p[`${code}_options`];
        if (Array.isArray(list)) for (const v of list) check(p.sku, code, v);
      }
      for (const option of p.configurable_options ?? []) {
        for (const v of option.values) check(p.sku, option.attribute_code ?? '', String(v.value_index));
      }
    }
    expect(invalid).toEqual([]);
    expect(checked).toBeGreaterThan(20000);
    expect(catalog.products.some((p) => String(p.materiale ?? '').includes(','))).toBe(true);
  });

  it('flags the shopper-facing attributes as filterable', () => {
    const byCode = new Map(catalog.attributes.map((a) => [a.attribute_code, a]));
    for (const code of ['marca', 'colore', 'materiale', 'taglia', 'alimentazione', 'capacita']) expect(byCode.get(code)?.is_filterable).toBe(true);
    for (const code of ['spessore', 'potenza', 'temperatura', 'norma_sicurezza']) expect(byCode.get(code)?.is_comparable).toBe('1');
  });
});

describe('prices, tax and stock', () => {
  it('prices in euros with at most two decimals and a matching tax rule', () => {
    const taxed = new Set(catalog.taxRules.flatMap((r) => r.product_tax_class_ids.map(String)));
    const classes = new Set<string>();
    for (const p of catalog.products) {
      expect(p.price).toBeGreaterThan(0);
      expect(Math.round(p.price * 100) / 100).toBe(p.price);
      expect(taxed.has(String(p.tax_class_id))).toBe(true);
      classes.add(String(p.tax_class_id));
    }
    expect([...classes].sort()).toEqual(['2', '5', '6']);
  });

  it('has special prices active, expired, future and without dates', () => {
    const now = DEFAULT_NOW.getTime();
    const ms = (d: unknown): number => Date.parse(`${String(d).replace(' ', 'T')}Z`);
    const specials = catalog.products.filter((p) => p.special_price != null);
    expect(specials.every((p) => (p.special_price ?? 0) < p.price)).toBe(true);
    expect(specials.some((p) => p.special_from_date && p.special_to_date && ms(p.special_from_date) <= now && now <= ms(p.special_to_date))).toBe(true);
    expect(specials.some((p) => p.special_to_date && ms(p.special_to_date) < now)).toBe(true);
    expect(specials.some((p) => p.special_from_date && ms(p.special_from_date) > now)).toBe(true);
    expect(specials.some((p) => !p.special_from_date && !p.special_to_date)).toBe(true);
  });

  it('has tier prices for general, retail and wholesale groups', () => {
    const groups = new Set(catalog.products.flatMap((p) => p.tier_prices ?? []).map((t) => t.customer_group_id));
    expect([...groups].sort()).toEqual([0, 1, 2]);
  });

  it('has stock in, low and out, with matching availability texts', () => {
    const simples = catalog.products.filter((p) => p.type_id === 'simple' && p.stock?.manage_stock);
    const low = simples.filter((p) => p.stock?.is_in_stock && (p.stock.qty ?? 0) <= 3);
    const out = simples.filter((p) => !p.stock?.is_in_stock);
    expect(low.length).toBeGreaterThan(50);
    expect(out.length).toBeGreaterThan(50);
    expect(low.every((p) => p.messaggio_disponibilita === 'disponibili pochi pezzi')).toBe(true);
    expect(out.every((p) => p.messaggio_disponibilita === '' && p.stock?.qty === 0)).toBe(true);
    expect(out.some((p) => /^\d{4}-\d{2}-\d{2}$/.test(String(p.data_disponibilita)))).toBe(true);
    expect(catalog.products.some((p) => p.messaggio_disponibilita_custom)).toBe(true);
    expect(catalog.products.some((p) => p.status === 2 && p.visibility === 4)).toBe(true);
  });

  it('dates products within the two years before now', () => {
    const now = DEFAULT_NOW.getTime();
    for (const p of catalog.products) {
      expect(p.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const created = Date.parse(`${p.created_at?.replace(' ', 'T')}Z`);
      const updated = Date.parse(`${p.updated_at?.replace(' ', 'T')}Z`);
      expect(created).toBeGreaterThanOrEqual(now - 731 * 86_400_000);
      expect(created).toBeLessThanOrEqual(updated);
      expect(updated).toBeLessThanOrEqual(now);
    }
  });
});

describe('reviews, CMS and tax rules', () => {
  it('reviews visible products, mostly approved', () => {
    const statuses = new Set(catalog.reviews.map((r) => r.review_status));
    expect([...statuses].sort()).toEqual([1, 2]);
    expect(new Set(catalog.reviews.map((r) => r.id)).size).toBe(catalog.reviews.length);
    for (const r of catalog.reviews) {
      expect(visibleEnabled(byId.get(r.product_id) as ProductDoc)).toBe(true);
      expect(r.ratings?.[0]?.value).toBeGreaterThanOrEqual(1);
      expect(r.ratings?.[0]?.value).toBeLessThanOrEqual(5);
    }
    expect(new Set(catalog.reviews.map((r) => r.product_id)).size).toBeGreaterThan(1000);
  });

  it('has the CMS pages and tax rules the shop relies on', () => {
    expect(catalog.cmsPages.map((p) => p.identifier)).toEqual(
      expect.arrayContaining(['chi-siamo', 'condizioni-di-vendita', 'privacy-policy', 'spedizioni', 'resi']),
    );
    expect(catalog.cmsBlocks.map((b) => b.identifier)).toEqual(expect.arrayContaining(['footer-info', 'home-banner']));
    const italian = (productClass: number): number | undefined =>
      catalog.taxRules
        .find((r) => r.customer_tax_class_ids.includes(3) && r.product_tax_class_ids.includes(productClass))
        ?.rates.find((rate) => rate.tax_country_id === 'IT')?.rate;
    expect([italian(2), italian(5), italian(6)]).toEqual([22, 10, 4]);
  });
});
