import type { AdminProduct, AdminProductChoices, AdminProductWriteResult } from '@shop/contracts';
import { formatPrice } from '@shop/domain';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { adminApi, createStaffUser, signIn, tabTo } from './admin-helpers.ts';
import { axeViolations } from './axe.ts';
import { newPage, useBrowser } from './browser.ts';
import { startOwnShop } from './own-shop.ts';
import { startXkeyEdge } from './xkey-edge.ts';

/*
 * Issue #45 point 1 in a real browser: staff find, edit, create and bulk-edit products in the back
 * office, and what shoppers see follows — the product page, its category tile, the search results
 * and the edge cache, within a second of the save. Every test changes only products of its own
 * (made through the API), except the must-show, which runs on a shop of its own with an edge cache.
 */
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const STAFF = 'prodotti.e2e@bottega-pro.example';
/** This run's SKUs start E2E-<RUN>-. */
const RUN = Date.now().toString(36).toUpperCase();

let browser: Browser;
let page: Page;
useBrowser(baseUrl, (b, p) => {
  browser = b;
  page = p;
});

let taxClassId: number;
beforeAll(async () => {
  await createStaffUser(baseUrl, dataDir, STAFF, 'staff');
  await signIn(page, STAFF);
  taxClassId = (await adminApi<AdminProductChoices>(page, 'GET', '/product-choices')).result.taxClasses.find((c) => c.id !== 0)!.id;
});

type Doc = Record<string, any>;

async function catalog(origin: string, body: Record<string, unknown>): Promise<Doc[]> {
  const res = await fetch(`${origin}/api/catalog`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { result: { items: Doc[] } }).result.items;
}

const html = async (url: string) => {
  const res = await fetch(url);
  return { status: res.status, edge: res.headers.get('x-edge'), text: await res.text() };
};

/** A simple product of this run, made through the API. */
async function ownProduct(suffix: string, priceCents: number, extra: Record<string, unknown> = {}): Promise<AdminProduct> {
  const { status, result } = await adminApi<AdminProductWriteResult>(page, 'POST', '/products', { sku: `E2E-${RUN}-${suffix}`, name: `Prova ${RUN} ${suffix}`, priceCents, taxClassId, qty: 10, ...extra });
  expect(status, JSON.stringify(result)).toBe(201);
  return result.product;
}
const stored = async (sku: string) => (await adminApi<AdminProduct>(page, 'GET', `/products/${encodeURIComponent(sku)}`)).result;
const productPage = (sku: string) => page.getByRole('heading', { level: 1, name: `Prodotto ${sku}` });
const priceField = (on: Page) => on.getByLabel('Prezzo (IVA esclusa, €)');
const specialField = (on: Page) => on.getByLabel('Prezzo speciale (IVA esclusa, €)');

/**
 * The net price a page shows and the regular price struck through beside it, as written in its
 * HTML: of the product page (`class="price price--lg`) or of one product's tile in a list (`data-sku="…"`).
 */
function priceShown(page: string, anchor: string): { net: string; old: string | null } | null {
  const at = page.indexOf(anchor);
  const line = at < 0 ? null : /<p class="price__line price__line--net">([\s\S]*?)<\/p>/.exec(page.slice(at));
  const net = line && /<span class="price__value"[^>]*>([^<]*)<\/span>/.exec(line[1]!);
  return net ? { net: net[1]!, old: /<s class="price__old">([^<]*)<\/s>/.exec(line[1]!)?.[1] ?? null } : null;
}

/** A simple product that a category page lists on its first page, and that category's path. */
async function productOnCategoryPage(origin: string): Promise<{ product: Doc; categoryPath: string }> {
  const products = await catalog(origin, { entityType: 'product', filters: { type_id: { eq: 'simple' }, status: { eq: 1 }, visibility: { eq: 4 } }, size: 20, includeFields: ['sku', 'slug', 'category_ids'] });
  const categories = await catalog(origin, { entityType: 'category', filters: { is_active: { eq: true } }, size: 4000, includeFields: ['id', 'slug', 'level'] });
  for (const product of products) {
    const own = categories.filter((c) => (product.category_ids as number[]).includes(c.id)).sort((a, b) => b.level - a.level);
    for (const category of own.slice(0, 2)) {
      const listing = await html(`${origin}/c/${category.slug}`);
      if (listing.text.includes(`data-sku="${product.sku}"`)) return { product, categoryPath: `/c/${category.slug}` };
    }
  }
  throw new Error('No product found on the first page of one of its categories');
}

describe('a price change reaches shoppers', () => {
  it('staff change the price and the special price: product page, category tile, search result and edge cache serve them within a second of the save', async () => {
    // A shop of its own behind an edge cache that keeps every tagged page until the API purges it.
    const edge = await startXkeyEdge('127.0.0.9');
    const shop = await startOwnShop('products-edge', { EDGE_PURGE_URL: edge.url, SHOP_TRUSTED_PROXIES: '127.0.0.9', DEMO_PRODUCTS: '300' });
    edge.origin = shop.url;
    try {
      await createStaffUser(shop.url, shop.dataDir, STAFF, 'staff');
      const staff = await newPage(browser, shop.url);
      await signIn(staff, STAFF);
      const { product, categoryPath } = await productOnCategoryPage(shop.url);
      const sku = product.sku as string;
      const productPath = `/p/${encodeURIComponent(sku)}/${encodeURIComponent(product.slug)}`;
      const searchPath = `/search?q=${encodeURIComponent(sku)}`;
      const surfaces = {
        'product page': async () => priceShown((await html(shop.url + productPath)).text, 'class="price price--lg'),
        'category tile': async () => priceShown((await html(shop.url + categoryPath)).text, `data-sku="${sku}"`),
        'search result': async () => priceShown((await html(shop.url + searchPath)).text, `data-sku="${sku}"`),
        'edge: product page': async () => priceShown((await html(edge.url + productPath)).text, 'class="price price--lg'),
        'edge: category tile': async () => priceShown((await html(edge.url + categoryPath)).text, `data-sku="${sku}"`),
      };
      // Before: every surface shows the product, and the edge serves its pages from its copy.
      for (const [name, read] of Object.entries(surfaces)) expect(await read(), name).not.toBeNull();
      for (const path of [productPath, categoryPath]) await expect.poll(async () => (await html(edge.url + path)).edge, { timeout: 20_000 }).toBe('hit');
      expect((await surfaces['edge: product page']())?.net).not.toBe(formatPrice(9_990));

      // The back office: the product found by SKU, its page, the new prices.
      await staff.goto('/admin/prodotti');
      await staff.getByLabel('Cerca').fill(sku);
      await staff.getByRole('row').filter({ hasText: sku }).getByRole('link', { name: sku }).click();
      await staff.getByRole('heading', { level: 1, name: `Prodotto ${sku}` }).waitFor();
      await priceField(staff).fill('123,45');
      await specialField(staff).fill('99,90');
      await staff.getByLabel('Prezzo speciale dal').fill('');
      await staff.getByLabel('Prezzo speciale fino al').fill('');
      const saving = staff.waitForResponse((res) => res.request().method() === 'PATCH' && res.url().includes('/api/admin/products/'));
      await staff.getByRole('button', { name: 'Salva il prodotto' }).click();
      expect((await saving).status()).toBe(200);
      const savedAt = Date.now();

      // Each surface is asked again and again from the save on: the first answer with the new
      // prices must have been asked for within a second of the save (what it then took to come is
      // the page's rendering on this busy machine, which the benchmarks measure).
      const fresh = { net: formatPrice(9_990), old: formatPrice(12_345) };
      const timings = await Promise.all(
        Object.entries(surfaces).map(async ([name, read]) => {
          for (;;) {
            const asked = Date.now() - savedAt;
            const shown = await read();
            if (JSON.stringify(shown) === JSON.stringify(fresh) || asked > 1_000) return { name, asked, answered: Date.now() - savedAt, shown };
            await new Promise((resolve) => setTimeout(resolve, 25));
          }
        }),
      );
      console.log(`[admin-products] new prices asked for / answered after (ms): ${timings.map((s) => `${s.name} ${s.asked}/${s.answered}`).join(', ')}`);
      for (const surface of timings) expect(surface.shown, surface.name).toEqual(fresh);
      for (const surface of timings) expect(surface.asked, surface.name).toBeLessThanOrEqual(1_000);
      // The edge was purged by the product's tag, not emptied.
      expect(edge.purges.flat()).toContain(`PS${sku}`);
      await staff.getByRole('status').filter({ hasText: 'Prodotto salvato: il negozio mostra già le modifiche.' }).waitFor();
      await staff.context().close();
    } finally {
      await shop.stop();
      await edge.stop();
    }
  }, 600_000);

  it('refuses a bad price and a special price above the price in Italian beside the form, keeps what was typed, writes nothing', async () => {
    const product = await ownProduct('RIFIUTO', 5_000);
    await page.goto(`/admin/prodotti/${encodeURIComponent(product.sku)}`);
    await productPage(product.sku).waitFor();
    await priceField(page).fill('-5');
    await page.getByRole('button', { name: 'Salva il prodotto' }).click();
    await page.getByRole('alert').filter({ hasText: 'Prezzo (IVA esclusa, €): scrivi un importo in euro, zero o più, per esempio 19,90.' }).waitFor();
    expect(await priceField(page).getAttribute('aria-invalid')).toBe('true');
    expect(await priceField(page).inputValue()).toBe('-5');

    await priceField(page).fill('50,00');
    await specialField(page).fill('80');
    await page.getByRole('button', { name: 'Salva il prodotto' }).click();
    await page.getByRole('alert').filter({ hasText: /^Prezzo speciale \(IVA esclusa, €\): il prezzo speciale \(80,00\s€\) deve essere inferiore al prezzo \(50,00\s€\)\.$/ }).waitFor();
    expect(await specialField(page).getAttribute('aria-invalid')).toBe('true');
    expect(await specialField(page).inputValue()).toBe('80');
    expect(await stored(product.sku)).toMatchObject({ priceCents: 5_000, specialPriceCents: null });
  });
});

describe('a new simple product', () => {
  it('is created in the back office and is on the storefront at once: its page and the search', async () => {
    const sku = `E2E-${RUN}-NUOVO`;
    await page.goto('/admin/prodotti');
    await page.getByRole('link', { name: 'Nuovo prodotto' }).click();
    await page.getByRole('heading', { level: 1, name: 'Nuovo prodotto' }).waitFor();
    await page.getByLabel('SKU').fill(sku);
    await page.getByLabel('Nome').fill(`Tagliere di prova ${RUN}`);
    await priceField(page).fill('24,50');
    await page.getByLabel('Quantità a magazzino').fill('7');
    await page.getByRole('combobox', { name: 'Categorie' }).fill('Termometri');
    await page.getByRole('option', { name: 'Termometri', exact: true }).click();
    await page.getByLabel('Descrizione breve (HTML)').fill('<p>Tagliere <strong>di prova</strong></p>');
    await page.getByRole('button', { name: 'Crea il prodotto' }).click();
    await productPage(sku).waitFor();
    await page.getByRole('status').filter({ hasText: 'Prodotto creato: è già nel negozio e nella sua ricerca.' }).waitFor();
    const created = await stored(sku);
    expect(created).toMatchObject({ typeId: 'simple', priceCents: 2_450, status: 1, visibility: 4, stock: { qty: 7, isInStock: true }, urlKey: `tagliere-di-prova-${RUN.toLowerCase()}` });

    const shopper = await page.context().newPage();
    try {
      const response = await shopper.goto(`/p/${encodeURIComponent(sku)}/${created.urlKey}`);
      expect(response?.status()).toBe(200);
      await shopper.getByRole('heading', { level: 1, name: `Tagliere di prova ${RUN}` }).waitFor();
      expect(await shopper.locator('.price--lg .price__line--net .price__value').textContent()).toBe(formatPrice(2_450));
      await expect.poll(async () => (await html(`${baseUrl}/search?q=${encodeURIComponent(sku)}`)).text.includes(`data-sku="${sku}"`)).toBe(true);
    } finally {
      await shopper.close();
    }
  }, 120_000);
});

describe('bulk actions', () => {
  it('raise the price by a percent on the products ticked in a filtered list, after a confirmation naming how many; a refused action changes nothing', async () => {
    const products = [await ownProduct('BULK-1', 1_000), await ownProduct('BULK-2', 2_000), await ownProduct('BULK-3', 3_000, { specialPriceCents: 2_500 })];
    await page.goto(`/admin/prodotti?q=${encodeURIComponent(`E2E-${RUN}-BULK`)}&status=1`);
    await page.getByRole('heading', { level: 1, name: 'Prodotti' }).waitFor();
    await page.getByRole('status').filter({ hasText: '3 risultati' }).waitFor();
    expect(await page.getByLabel('Stato', { exact: true }).first().inputValue()).toBe('1');
    for (const product of products.slice(0, 2)) await page.getByRole('checkbox', { name: `Seleziona ${product.sku} ` }).check();
    await page.getByText('Selezionati: 2 prodotti').waitFor();

    await page.getByRole('button', { name: 'Modifica i selezionati…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Modifica dei prodotti selezionati (2 prodotti)' });
    await dialog.getByLabel('Variazione (%)').fill('10');
    await dialog.getByRole('button', { name: 'Continua' }).click();
    await dialog.getByText('Aumentare del 10 % il prezzo, e il prezzo speciale dove c’è, di 2 prodotti?').waitFor();
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await page.getByRole('status').filter({ hasText: 'Fatto: modificati 2 prodotti; 0 erano già così.' }).waitFor();
    expect(await Promise.all(products.map(async (p) => (await stored(p.sku)).priceCents))).toEqual([1_100, 2_200, 3_000]);
    await expect.poll(() => page.getByRole('row').filter({ hasText: products[0]!.sku }).textContent()).toMatch(/11,00\s€/);

    // On everything the filters select: a price that would go below zero is refused, nothing is written.
    await page.getByRole('button', { name: 'Modifica tutti i risultati (3 prodotti)…' }).click();
    const whole = page.getByRole('dialog', { name: 'Modifica di tutti i risultati dei filtri (3 prodotti)' });
    await whole.getByLabel('Che cosa cambiare').selectOption('amount');
    await whole.getByLabel('Variazione (€, IVA esclusa)').fill('-15');
    await whole.getByRole('button', { name: 'Continua' }).click();
    await whole.getByText(/^Ridurre del 15,00\s€ il prezzo, e il prezzo speciale dove c’è, di 3 prodotti\?$/).waitFor();
    await whole.getByRole('button', { name: 'Conferma' }).click();
    await whole.getByRole('alert').filter({ hasText: /^Il prezzo scenderebbe sotto zero per: .*Nessun prodotto è stato modificato\.$/ }).waitFor();
    expect(await Promise.all(products.map(async (p) => (await stored(p.sku)).priceCents))).toEqual([1_100, 2_200, 3_000]);
    await whole.getByRole('button', { name: 'Indietro' }).click();
    await whole.getByRole('button', { name: 'Annulla' }).click();
    expect(new URL(page.url()).searchParams.get('status')).toBe('1');
  }, 120_000);
});

describe('by keyboard only', () => {
  it('staff find a product, open it and change its price without the mouse', async () => {
    const product = await ownProduct('TASTIERA', 4_000);
    await page.goto('/admin/prodotti');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Prodotti');
    await tabTo(page, 'Cerca');
    await page.keyboard.type(product.sku);
    await page.getByRole('status').filter({ hasText: '1 risultato' }).waitFor();
    await tabTo(page, product.sku);
    await page.keyboard.press('Enter');
    await productPage(product.sku).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(`Prodotto ${product.sku}`);
    await tabTo(page, 'Prezzo (IVA esclusa, €)');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('45,50');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Prodotto salvato: il negozio mostra già le modifiche.' }).waitFor();
    expect((await stored(product.sku)).priceCents).toBe(4_550);
  }, 120_000);
});

describe('the products screens', () => {
  it('show a configurable’s children with their price and stock editable in their rows', async () => {
    const [configurable] = await catalog(baseUrl, { entityType: 'product', filters: { type_id: { eq: 'configurable' }, status: { eq: 1 } }, size: 1, includeFields: ['sku'] });
    const parent = await stored(configurable!.sku);
    const child = parent.children[0]!;
    await page.goto(`/admin/prodotti/${encodeURIComponent(parent.sku)}`);
    const children = page.getByRole('region', { name: 'Varianti' });
    const qty = children.getByLabel(`Quantità a magazzino di ${child.sku}`);
    await qty.fill(String(child.stock.qty + 3));
    await children.getByRole('button', { name: `Salva prezzo e magazzino di ${child.sku}` }).click();
    await children.getByRole('status').filter({ hasText: 'Salvato.' }).waitFor();
    try {
      expect((await stored(child.sku)).stock.qty).toBe(child.stock.qty + 3);
    } finally {
      await adminApi(page, 'PATCH', `/products/${encodeURIComponent(child.sku)}`, { qty: child.stock.qty });
    }
  });

  it('have no WCAG 2.1 AA violations (axe) on the list, a product and the new product, on a desktop and on a phone without sideways scrolling', async () => {
    const [configurable] = await catalog(baseUrl, { entityType: 'product', filters: { type_id: { eq: 'configurable' }, status: { eq: 1 } }, size: 1, includeFields: ['sku'] });
    const phone = await newPage(browser, baseUrl, 390);
    await signIn(phone, STAFF);
    try {
      for (const [on, device] of [[page, 'desktop'], [phone, 'phone']] as const) {
        const screens = [
          ['/admin/prodotti?q=coltello', 'Prodotti'],
          [`/admin/prodotti/${encodeURIComponent(configurable!.sku)}`, `Prodotto ${configurable!.sku}`],
          ['/admin/prodotti/nuovo', 'Nuovo prodotto'],
        ] as const;
        for (const [path, heading] of screens) {
          await on.goto(path);
          await on.getByRole('heading', { level: 1, name: heading }).waitFor();
          await on.getByRole('button', { name: /^Salva il prodotto|^Crea il prodotto|^Modifica i selezionati/ }).first().waitFor();
          expect(await axeViolations(on), `${device} ${path}`).toEqual([]);
          expect(await on.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), `${device} ${path}: no sideways scrolling`).toBe(true);
        }
      }
      // The bulk dialog too.
      await page.goto('/admin/prodotti?q=coltello');
      await page.getByRole('button', { name: /^Modifica tutti i risultati \(\d+ prodotti\)…$/ }).click();
      await page.getByRole('dialog').waitFor();
      expect(await axeViolations(page), 'bulk dialog').toEqual([]);
      await page.getByRole('button', { name: 'Annulla' }).click();
    } finally {
      await phone.context().close();
    }
  }, 240_000);
});
