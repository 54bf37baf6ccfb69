import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { useBrowser } from './browser.ts';

/*
 * The product page as a shopper sees it, one product type after another. Each test finds a
 * product of the kind it needs through the catalogue API (POST /api/catalog) of the running shop.
 */

const baseUrl = inject('baseUrl');
let page: Page;

useBrowser(baseUrl, (_browser, p) => {
  page = p;
});

type Doc = Record<string, any>;

async function catalog(body: Record<string, unknown>): Promise<Doc[]> {
  const res = await fetch(`${baseUrl}/api/catalog`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { result: { items: Doc[] } }).result.items;
}

/** Sellable products of a type (visible, enabled). */
function productsOfType(type: string, size = 300, includeFields?: string[]): Promise<Doc[]> {
  return catalog({
    entityType: 'product',
    filters: { type_id: { eq: type }, status: { eq: 1 }, visibility: { eq: 4 } },
    size,
    ...(includeFields ? { includeFields } : {}),
  });
}

const productPath = (doc: Doc, childSku?: string) =>
  `/p/${encodeURIComponent(doc.sku)}/${encodeURIComponent(doc.slug)}${childSku ? `/${encodeURIComponent(childSku)}` : ''}`;

/** Euros as the shop writes them (catalogue.md §9): '€1234,50'. */
const euro = (amount: number) =>
  `€${new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;

/** '€1.234,50' → 123450 */
const cents = (text: string) => Math.round(Number(text.replace(/[€\s.]/g, '').replace(',', '.')) * 100);

/** Opens a page and waits until the islands have hydrated and their first requests are done. */
async function open(path: string) {
  const response = await page.goto(path, { waitUntil: 'networkidle' });
  expect(response?.status()).toBe(200);
}

const headlineNet = () => page.locator('.price--lg .price__line--net .price__value').textContent();
const addToCart = () => page.getByRole('button', { name: 'Aggiungi al carrello' });

async function jsonLd(): Promise<Doc[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text) as Doc);
}

describe('configurable product', () => {
  let product: Doc;
  let available: Doc[];
  let unavailable: Doc;
  let option: Doc;

  beforeAll(async () => {
    const candidates = await productsOfType('configurable', 300, ['id', 'sku', 'slug', 'name', 'configurable_options', 'configurable_children']);
    const inStock = (c: Doc) => c.status < 2 && c.stock?.is_in_stock;
    const found = candidates.find((p) => {
      if (p.configurable_options?.length !== 1) return false;
      const children: Doc[] = p.configurable_children ?? [];
      const ok = children.filter(inStock);
      return new Set(ok.map((c) => c.price_incl_tax)).size >= 2 && children.some((c) => c.status < 2 && !c.stock?.is_in_stock);
    });
    expect(found, 'a configurable product with two prices and a sold-out child').toBeDefined();
    product = found!;
    option = product.configurable_options[0];
    available = product.configurable_children.filter(inStock);
    unavailable = product.configurable_children.find((c: Doc) => c.status < 2 && !c.stock?.is_in_stock);
  });

  const valueLabel = (child: Doc) =>
    option.values.find((v: Doc) => String(v.value_index) === String(child[option.attribute_code]))?.label as string;

  it('shows the cheapest available variant, and the picker changes the URL childSku and the price', async () => {
    await open(productPath(product));
    const cheapest = [...available].sort((a, b) => a.price_incl_tax - b.price_incl_tax)[0]!;
    expect(await page.getByText(`Codice articolo: ${cheapest.sku}`).count()).toBe(1);
    expect(await headlineNet()).toBe(euro(cheapest.price));

    const other = available.find((c) => c.price_incl_tax !== cheapest.price_incl_tax)!;
    const group = page.getByRole('group', { name: new RegExp(option.label) });
    await group.getByRole('radio', { name: valueLabel(other), exact: true }).check();
    await page.waitForURL(`**${productPath(product, other.sku)}`);
    await expect.poll(headlineNet).toBe(euro(other.price));
    expect(await page.getByText(`Codice articolo: ${other.sku}`).count()).toBe(1);
  });

  it('is linked with its default child, and names the parent form as canonical from every child URL', async () => {
    const cheapest = [...available].sort((a, b) => a.price_incl_tax - b.price_incl_tax)[0]!;
    await open(`/search?q=${encodeURIComponent(product.name)}`);
    const tileLink = page.locator(`article[data-sku="${product.sku}"] a.tile__link`).first();
    expect(await tileLink.getAttribute('href')).toBe(productPath(product, cheapest.sku));

    const other = available.find((c) => c.sku !== cheapest.sku)!;
    await open(productPath(product, other.sku));
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${inject('publicUrl')}${productPath(product)}`);
    const ld = (await jsonLd()).find((d) => d['@type'] === 'Product')!;
    expect(ld.url).toBe(`${inject('publicUrl')}${productPath(product, other.sku)}`);
  });

  it('renders the variant of a child URL on the server', async () => {
    const other = available[available.length - 1]!;
    const response = await fetch(`${baseUrl}${productPath(product, other.sku)}`);
    const html = await response.text();
    expect(html).toContain(`Codice articolo: ${other.sku}`);
  });

  it('answers the URL of a sold-out child with the closest available variant, and the URL follows', async () => {
    await open(productPath(product, unavailable.sku));
    await expect.poll(() => new URL(page.url()).pathname).not.toBe(productPath(product, unavailable.sku));
    const shown = (await page.getByText(/^Codice articolo: /).textContent())!.replace('Codice articolo: ', '');
    expect(available.map((c) => c.sku)).toContain(shown);
    expect(new URL(page.url()).pathname).toBe(productPath(product, shown));
  });

  it('warns about an impossible combination and blocks the cart', async () => {
    await open(productPath(product));
    const group = page.getByRole('group', { name: new RegExp(option.label) });
    await group.getByRole('radio', { name: new RegExp(`^${valueLabel(unavailable)}\\b`) }).check();
    const warning = page.locator('main').getByRole('alert');
    await expect.poll(() => warning.textContent()).toContain('Questa combinazione non esiste');
    expect(await addToCart().isDisabled()).toBe(true);
  });
});

describe('grouped product', () => {
  it('lists the associated products with quantities and sums the selection', async () => {
    const [product] = await productsOfType('grouped', 1, ['id', 'sku', 'slug', 'name']);
    await open(productPath(product!));
    const table = page.getByRole('table', { name: 'Scegli le misure e le quantità' });
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Prodotto', 'Prezzo', 'Disponibilità', 'Quantità']);
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBeGreaterThan(1);

    // Only the first product, twice: the total is twice its price.
    const inputs = rows.getByRole('spinbutton');
    for (let i = 0; i < (await inputs.count()); i++) {
      if (await inputs.nth(i).isEnabled()) await inputs.nth(i).fill('0');
    }
    const firstEnabled = rows.filter({ has: page.locator('input:enabled') }).first();
    const unit = cents((await firstEnabled.locator('td').first().locator('strong').textContent())!);
    await firstEnabled.getByRole('spinbutton').fill('2');
    const total = page.getByRole('row', { name: /Totale selezione/ }).locator('strong');
    await expect.poll(async () => cents((await total.textContent())!)).toBe(2 * unit);

    await addToCart().click();
    await page.getByText('Il prodotto è stato aggiunto al carrello!').waitFor();
  });
});

describe('bundle product', () => {
  it('starts from the default links and reprices when a selection changes', async () => {
    const bundles = await productsOfType('bundle', 100, ['id', 'sku', 'slug', 'name', 'bundle_options']);
    const product = bundles.find((b) => b.bundle_options.some((o: Doc) => o.type === 'radio' && o.product_links.length >= 2))!;
    expect(product).toBeDefined();
    const option = product.bundle_options.find((o: Doc) => o.type === 'radio' && o.product_links.length >= 2);
    const members = await catalog({
      entityType: 'product',
      filters: { sku: { in: option.product_links.map((l: Doc) => l.sku) } },
      includeFields: ['sku', 'name', 'price'],
    });
    const bySku = new Map(members.map((m) => [m.sku, m]));
    const defaultLink = option.product_links.find((l: Doc) => l.is_default) ?? option.product_links[0];
    const otherLink = option.product_links.find((l: Doc) => l !== defaultLink);

    await open(productPath(product));
    const group = page.getByRole('group', { name: new RegExp(`^${option.title}`) });
    expect(await group.getByRole('radio', { name: new RegExp(bySku.get(defaultLink.sku)!.name) }).isChecked()).toBe(true);

    const before = cents((await headlineNet())!);
    await group.getByRole('radio', { name: new RegExp(bySku.get(otherLink.sku)!.name) }).check();
    const difference = Math.round((bySku.get(otherLink.sku)!.price - bySku.get(defaultLink.sku)!.price) * 100) * Number(defaultLink.qty || 1);
    await expect.poll(async () => cents((await headlineNet())!)).toBe(before + difference);
  });
});

describe('custom options and the cutting-board page', () => {
  it('serves /tagliere-in-polietilene-su-misura.html with the cutting board', async () => {
    await open('/tagliere-in-polietilene-su-misura.html');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Tagliere in polietilene su misura');
    expect(await page.getByText('Codice articolo: TAGLIERE-SU-MISURA').count()).toBe(1);
  });

  it('adds fixed and percent option prices, and requires the required options', async () => {
    await open('/tagliere-in-polietilene-su-misura.html');
    const base = cents((await headlineNet())!);
    expect(base).toBe(3490);

    await page.getByLabel(/^Lunghezza/).selectOption({ label: '50 cm (+€8,00)' });
    await expect.poll(async () => cents((await headlineNet())!)).toBe(base + 800);

    await page.getByRole('group', { name: /^Spessore/ }).getByRole('radio', { name: /^3 cm/ }).check();
    // 25 % of the 34,90 € base: 8,725 € → 8,73 €.
    await expect.poll(async () => cents((await headlineNet())!)).toBe(base + 800 + 873);

    await addToCart().click();
    expect(await page.getByText('Scegli un valore per «Larghezza»').count()).toBe(1);
    expect(await page.getByText('Scegli un valore per «Colore HACCP»').count()).toBe(1);
  });
});

describe('prices, stock and validation', () => {
  it('strikes the regular price through during a special price, with the lowest 30-day price', async () => {
    const simples = await productsOfType('simple', 400, ['id', 'sku', 'slug', 'price', 'original_price', 'special_price', 'stock']);
    const product = simples.find((p) => p.special_price > 0 && p.original_price > p.price);
    expect(product, 'a simple product with an active special price').toBeDefined();
    await open(productPath(product!));
    const net = page.locator('.price--lg .price__line--net');
    expect(await net.locator('s').textContent()).toBe(euro(product!.original_price));
    expect(await net.locator('.price__value').textContent()).toBe(euro(product!.price));
    expect(await page.locator('.price--lg').textContent()).toContain('Prezzo più basso degli ultimi 30 giorni');
  });

  it('shows the stock message of an out-of-stock product and disables the cart with the spec text', async () => {
    const simples = await productsOfType('simple', 400, ['id', 'sku', 'slug', 'stock']);
    const product = simples.find((p) => p.stock && !p.stock.is_in_stock);
    expect(product, 'an out-of-stock simple product').toBeDefined();
    await open(productPath(product!));
    expect(await page.getByRole('status').filter({ hasText: 'Esaurito!' }).count()).toBe(1);
    expect(await addToCart().isDisabled()).toBe(true);
    expect(await page.getByText('Il prodotto è esaurito e non può essere aggiunto al carrello!').count()).toBe(1);
  });

  it('turns a quantity of 0 into 1 and answers a valid add with the cart notification', async () => {
    const simples = await productsOfType('simple', 200, ['id', 'sku', 'slug', 'stock', 'custom_options']);
    const product = simples.find((p) => p.stock?.is_in_stock && p.stock.qty > 2 && !p.custom_options?.length)!;
    await open(productPath(product));
    const quantity = page.getByLabel('Quantità', { exact: true });
    // shopping.md §5: a positive-only number input turns 0 into 1 (so there is nothing to refuse).
    await quantity.fill('0');
    await expect.poll(() => quantity.inputValue()).toBe('1');
    expect(await page.getByText('La quantità deve essere un numero intero positivo').count()).toBe(0);
    await quantity.fill('2');
    await addToCart().click();
    await page.getByTestId('notification').filter({ hasText: 'Il prodotto è stato aggiunto al carrello!' }).waitFor();
  });

  it('marks a service as not shipped', async () => {
    const [service] = await productsOfType('virtual', 1, ['id', 'sku', 'slug']);
    await open(productPath(service!));
    expect(await page.getByText('Servizio fornito online: nessuna spedizione.').count()).toBe(1);
    const product = (await jsonLd()).find((d) => d['@type'] === 'Product')!;
    expect(product.offers.shippingDetails).toBeUndefined();
  });
});

describe('structured data and reviews', () => {
  it('writes Product, Offer with shipping details and BreadcrumbList as valid JSON-LD', async () => {
    const [product] = await productsOfType('simple', 1, ['id', 'sku', 'slug', 'name']);
    await open(productPath(product!));
    const data = await jsonLd();
    const ld = data.find((d) => d['@type'] === 'Product')!;
    expect(ld.name).toBe(product!.name);
    expect(ld.offers['@type']).toBe('Offer');
    expect(ld.offers.price).toBeGreaterThan(0);
    expect(ld.offers.priceCurrency).toBe('EUR');
    expect(ld.offers.shippingDetails).toMatchObject({
      shippingRate: { value: 5.49, currency: 'EUR' },
      shippingDestination: { addressCountry: 'IT' },
      deliveryTime: { transitTime: { minValue: 2, maxValue: 3 } },
    });
    expect(data.some((d) => d['@type'] === 'BreadcrumbList')).toBe(true);
  });

  it('shows the approved reviews with their aggregate rating', async () => {
    const [review] = await catalog({ entityType: 'review', filters: { review_status: { eq: 1 } }, size: 1 });
    const reviews = await catalog({ entityType: 'review', filters: { product_id: { eq: review!.product_id }, review_status: { eq: 1 } }, size: 100 });
    const [product] = await catalog({ entityType: 'product', filters: { id: { eq: review!.product_id } }, includeFields: ['sku', 'slug'] });
    await open(productPath(product!));
    const section = page.getByRole('region', { name: 'Recensioni' });
    expect(await section.getByText(/su 5/).first().textContent()).toMatch(/^\d(,\d)? su 5$/);
    expect(await section.getByRole('list').getByRole('heading', { level: 3 }).count()).toBe(reviews.length);
    const ld = (await jsonLd()).find((d) => d['@type'] === 'Product')!;
    expect(ld.aggregateRating).toMatchObject({ '@type': 'AggregateRating', reviewCount: reviews.length, bestRating: 5 });
  });
});

describe('gallery', () => {
  it('opens the zoom with the keyboard and closes it with Escape, returning focus', async () => {
    const [product] = await productsOfType('simple', 50, ['id', 'sku', 'slug', 'media_gallery']).then((list) =>
      list.filter((p) => (p.media_gallery?.length ?? 0) > 1),
    );
    await open(productPath(product!));
    const opener = page.getByRole('button', { name: /^Ingrandisci l'immagine 1 di/ });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Chiudi');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => dialog.getByText(/^Immagine 2 di/).count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup'))).toBe('dialog');
  });
});

describe('one availability line per product (issue 42 point 10)', () => {
  /** Every statement of availability the product page may make (stock check and availability texts). */
  const STATEMENTS = ['Disponibile!', 'Esaurito!', 'Disponibilità immediata', 'Disponibili pochi pezzi', 'Contattaci per conoscere la disponibilità', 'Disponibilità da confermare'];

  /** The availability statements on the page outside a grouped product's member table. */
  const statements = () =>
    page.evaluate((known) => {
      const found: string[] = [];
      const walker = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? '';
        if (known.includes(text) && !node.parentElement?.closest('table')) found.push(text);
      }
      return found;
    }, STATEMENTS);

  async function expectOneLine(doc: Doc) {
    await open(productPath(doc));
    const line = page.getByTestId('availability');
    expect(await line.count(), doc.sku).toBe(1);
    expect(await line.getAttribute('role')).toBe('status');
    const said = await statements();
    expect(said, `${doc.sku}: ${said.join(' | ')}`).toHaveLength(1);
    expect(await line.textContent()).toContain(said[0]);
    return said[0];
  }

  it('a simple product in stock and one sold out say it once each', async () => {
    const simples = await productsOfType('simple', 400, ['id', 'sku', 'slug', 'stock']);
    const inStock = simples.find((p) => p.stock?.is_in_stock && p.stock.qty > 0)!;
    const soldOut = simples.find((p) => p.stock && !p.stock.is_in_stock)!;
    expect(await expectOneLine(inStock)).not.toBe('Esaurito!');
    expect(await expectOneLine(soldOut)).toBe('Esaurito!');
  });

  it('a configurable, a grouped and a bundle product say it once each', async () => {
    for (const type of ['configurable', 'grouped', 'bundle']) {
      const [doc] = await productsOfType(type, 1, ['id', 'sku', 'slug']);
      await expectOneLine(doc!);
    }
  });

  it("keeps a grouped member's own availability compact in its row: one short badge, never the page's line", async () => {
    const [doc] = await productsOfType('grouped', 1, ['id', 'sku', 'slug']);
    await open(productPath(doc!));
    const rows = page.getByRole('table', { name: 'Scegli le misure e le quantità' }).locator('tbody tr');
    expect(await rows.count()).toBeGreaterThan(1);
    for (let i = 0; i < (await rows.count()); i++) {
      const cell = rows.nth(i).getByRole('cell').nth(1); // price, availability, quantity
      expect(await cell.locator('span').count()).toBe(1);
      expect((await cell.textContent())!.trim()).not.toBe('');
      expect(await cell.getByTestId('availability').count()).toBe(0);
    }
  });
});
