import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './browser.ts';
import { startOwnShop, type OwnShop } from './own-shop.ts';

/**
 * The shop's existing catalogue, in Vue Storefront 1 format (Magento "Luma" demo data), imported
 * with `npm run catalog:import` and shown to a shopper. The import runs against a shop of its own,
 * started without the demo catalogue: the Luma ids (categories 2–51, tax rule 2, product 19)
 * collide with the demo data the other browser tests read from the shared shop.
 */
const REPO = fileURLToPath(new URL('../', import.meta.url));
// In CI the shared folder sits beside the repository clone.
const FIXTURES = fileURLToPath(new URL('../../shared/fixtures/vsf/', import.meta.url));
const CATALOGUE_FILES = ['catalog_it_attribute.json', 'catalog_it_taxrule.json', 'catalog_it_category.json', 'product-data-format.json'];

interface LumaProduct {
  sku: string;
  name: string;
  type_id: string;
  price: number;
  tax_class_id: string;
  category_ids: string[];
}
interface LumaCategory {
  id: number;
  name: string;
  slug: string;
  url_path: string;
  is_active: boolean;
  level: number;
}
interface LumaTaxRule {
  product_tax_class_ids: number[];
  rates: { tax_country_id: string; rate: number }[];
}

/** The first JSON value of a text (product-data-format.json is one pretty-printed hit cut out of a larger answer). */
function firstJsonValue(text: string): unknown {
  for (let end = text.indexOf('}'); end !== -1; end = text.indexOf('}', end + 1)) {
    try {
      return JSON.parse(text.slice(0, end + 1));
    } catch {
      // not complete yet
    }
  }
  throw new Error('No JSON value found');
}

const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');
const hits = (name: string) =>
  fixture(name)
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => (JSON.parse(line) as { _source: unknown })._source);

const product = (firstJsonValue(fixture('product-data-format.json')) as { _source: LumaProduct })._source;
const categories = hits('catalog_it_category.json') as LumaCategory[];
const taxRules = hits('catalog_it_taxrule.json') as LumaTaxRule[];

/** The deepest active category of the product: the page a shopper browses it on. */
const category = categories
  .filter((c) => product.category_ids.includes(String(c.id)) && c.is_active)
  .sort((a, b) => b.level - a.level)[0]!;

/** VAT rate of the imported rule for the product's tax class, in Italy (the shop's country). */
const vatRate = taxRules
  .filter((r) => r.product_tax_class_ids.includes(Number(product.tax_class_id)))
  .flatMap((r) => r.rates)
  .find((r) => r.tax_country_id === 'IT')!.rate;

/** "€1234,50" as the shop writes amounts (catalogue.md §9); the amounts here stay below 1000. */
const euro = (cents: number) => `€${(cents / 100).toFixed(2).replace('.', ',')}`;
const netCents = Math.round(product.price * 100);
const expectedNet = euro(netCents);
const expectedGross = euro(Math.round((netCents * (100 + vatRate)) / 100));

let shop: OwnShop;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  shop = await startOwnShop('luma', { SEED_DEMO: 'false' });

  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/api/src/cli/import.ts', ...CATALOGUE_FILES.map((f) => join(FIXTURES, f))],
    { cwd: REPO, encoding: 'utf8', env: { ...process.env, API_URL: `http://127.0.0.1:${shop.apiPort}`, DATA_DIR: shop.dataDir, ADMIN_TOKEN: '' } },
  );
  expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
  expect(result.stdout).toMatch(/^product\s+1\s+1\s/m);
  expect(result.stdout).toMatch(/^category\s+48\s+48\s/m);

  browser = await launchBrowser();
  page = await newPage(browser, shop.url);
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

describe('imported Luma catalogue', () => {
  it('takes the expected prices from the fixtures', () => {
    // Guards the computation below against a changed fixture: 19 € net, 23 % VAT for IT.
    expect([product.sku, category.name, vatRate, expectedNet, expectedGross]).toEqual(['24-UG05', 'Fitness Equipment', 23, '€19,00', '€23,37']);
  });

  it('renders the category page with the imported product and its prices', async () => {
    const response = await page.goto(`/c/${category.slug}`);
    expect(response?.status()).toBe(200);
    expect((await page.getByRole('heading', { level: 1 }).textContent())?.trim()).toBe(category.name);
    const tile = page.locator('main article', { has: page.getByRole('heading', { name: product.name, exact: true }) });
    await expect.poll(() => tile.count()).toBe(1);
    expect(await tile.locator('.price__line--net').textContent()).toBe(`${expectedNet} IVA esclusa`);
    expect(await tile.locator('.price__line--gross').textContent()).toBe(`${expectedGross} IVA inclusa`);
  });

  it('serves the category under its Luma url_path too', async () => {
    const response = await page.goto(`/${category.url_path}`);
    expect(response?.status()).toBe(200);
    expect((await page.getByRole('heading', { level: 1 }).textContent())?.trim()).toBe(category.name);
    await expect.poll(() => page.locator('main article').count()).toBe(1);
  });

  it('opens the product page from the tile with the same prices', async () => {
    await page.goto(`/c/${category.slug}`);
    const tile = page.locator('main article', { has: page.getByRole('heading', { name: product.name, exact: true }) });
    const link = tile.getByRole('link').first();
    const href = await link.getAttribute('href');
    expect(href).toMatch(new RegExp(`^/p/${product.sku}/[^/]+$`));
    await link.click();
    await page.waitForURL(`**${href}`);
    const response = await page.goto(href!);
    expect(response?.status()).toBe(200);
    expect((await page.getByRole('heading', { level: 1 }).textContent())?.trim()).toBe(product.name);
    const prices = page.locator('main .price').first();
    expect(await prices.locator('.price__line--net').textContent()).toBe(`${expectedNet} IVA esclusa`);
    expect(await prices.locator('.price__line--gross').textContent()).toBe(`${expectedGross} IVA inclusa`);
  });
});
