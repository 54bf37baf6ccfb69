import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminApi, createStaffUser, signIn } from './admin-helpers.ts';
import { axeViolations } from './axe.ts';
import { newPage, useBrowser } from './browser.ts';

/*
 * Issue #45 point 4 in the browser: staff edit the shop's CMS pages and blocks in the back office,
 * with a preview as the shop renders them, and the storefront serves the change at once; HTML that
 * could run script is refused with an Italian message; the seller's data are shown read only.
 */
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const STAFF = 'contenuti.e2e@bottega-pro.example';

let browser: Browser;
let page: Page;
const dialogs: string[] = [];
useBrowser(baseUrl, (b, p) => {
  browser = b;
  page = p;
  page.on('pageerror', (error) => console.error('page error:', error));
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
});

interface StoredPage {
  id: number;
  identifier: string;
  content: string;
}
let terms: StoredPage;

beforeAll(async () => {
  await createStaffUser(baseUrl, dataDir, STAFF, 'staff');
  await signIn(page, STAFF);
  const found = await adminApi<{ items: StoredPage[] }>(page, 'GET', '/content/pages?q=condizioni-di-vendita');
  terms = (await adminApi<StoredPage>(page, 'GET', `/content/pages/${found.result.items[0]!.id}`)).result;
});
afterAll(async () => {
  // The terms as they were, for the other browser tests of this shop.
  if (terms) expect((await adminApi(page, 'PATCH', `/content/pages/${terms.id}`, { content: terms.content })).status).toBe(200);
});

/** The preview frame's document (sandboxed: no script runs in it, the test reads it through the browser). */
const preview = (target: Page) => target.frameLocator('iframe[title^="Anteprima di"]');
const contentField = (target: Page) => target.getByRole('textbox', { name: 'Contenuto (HTML)' });

async function noLoading(target: Page) {
  await expect.poll(() => target.getByText('Caricamento…').count()).toBe(0);
}

describe('content in the back office', () => {
  it('staff edit a legal page, see it in the preview as the shop renders it, and the storefront shows it at once', async () => {
    // A shopper has the page already (the storefront and its cache hold it).
    const shopper = await newPage(browser, baseUrl);
    await shopper.goto('/i/condizioni-di-vendita');
    await shopper.getByRole('heading', { level: 1, name: 'Condizioni generali di vendita' }).waitFor();
    expect(await shopper.getByRole('heading', { level: 2, name: 'Novità' }).count()).toBe(0);

    await page.goto('/admin/contenuti');
    await page.getByRole('heading', { level: 1, name: 'Contenuti' }).waitFor();
    await page.getByRole('searchbox', { name: 'Cerca per identificativo o titolo' }).fill('vendita');
    await page.getByRole('link', { name: 'Condizioni generali di vendita' }).click();
    await page.getByRole('heading', { level: 1, name: 'Pagina «Condizioni generali di vendita»' }).waitFor();
    await expect.poll(() => contentField(page).inputValue()).toContain('{{seller.name}}');

    const stamp = `Aggiornamento del listino ${Date.now()}`;
    await contentField(page).fill(`<h2>Novità</h2><p class="avviso">${stamp}: vale per {{seller.name}}.</p>${terms.content}`);
    // The preview fills the seller's data and uses the storefront's stylesheet.
    const frame = preview(page);
    await expect.poll(() => frame.getByText(`${stamp}: vale per Bottega Pro srl (dati di prova).`).count(), { timeout: 10_000 }).toBe(1);
    expect(await frame.locator('h1').textContent()).toBe('Condizioni generali di vendita');
    expect(await frame.locator('article.page').evaluate((el) => getComputedStyle(el).maxWidth)).toBe(`${52 * 16}px`);
    expect(await frame.locator('body').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(245, 247, 250)');

    await page.getByRole('button', { name: 'Salva' }).click();
    await page.getByText('Salvato: il negozio mostra già questa versione.').waitFor();

    // The next visit after the save shows it: the save expired the page (no stale answer, no second reload).
    await shopper.goto('/i/condizioni-di-vendita');
    expect(await shopper.getByText(`${stamp}: vale per Bottega Pro srl (dati di prova).`).count()).toBe(1);
    expect(await shopper.getByRole('heading', { level: 2, name: 'Novità' }).count()).toBe(1);
    await shopper.context().close();
  });

  it('a block with an event handler is refused with the Italian message, and nothing is written', async () => {
    const identifier = `banner-xss-${Date.now()}`;
    await page.goto('/admin/contenuti?tipo=blocchi');
    await page.getByRole('tab', { name: 'Blocchi', selected: true }).waitFor();
    await page.getByRole('link', { name: 'Nuovo blocco' }).click();
    await page.getByRole('heading', { level: 1, name: 'Nuovo blocco' }).waitFor();
    await page.getByRole('textbox', { name: 'Titolo', exact: true }).fill('Banner con sorpresa');
    await page.getByRole('textbox', { name: 'Identificativo', exact: true }).fill(identifier);
    await contentField(page).fill('<p>Offerta</p><img src=x onerror=alert(1)>');
    // The preview warns before saving, and shows the content cleaned.
    await page.getByText('Così non si può salvare.', { exact: false }).waitFor();
    await expect.poll(() => preview(page).getByText('Offerta').count()).toBe(1);
    expect(await preview(page).locator('img[onerror]').count()).toBe(0);

    await page.getByRole('button', { name: 'Salva' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      'content: il contenuto non è stato salvato perché contiene il gestore di eventi onerror sull’elemento <img>. Script, gestori di eventi (come onclick o onerror) e indirizzi javascript: o data: non sono ammessi: toglili e salva di nuovo.',
    );
    expect(page.url()).toMatch(/\/admin\/contenuti\/blocchi\/nuovo$/);
    expect((await adminApi<{ total: number }>(page, 'GET', `/content/blocks?q=${identifier}`)).result.total).toBe(0);
    expect(dialogs).toEqual([]);

    // Without the handler it is saved, and the editor moves to the block's own address.
    await contentField(page).fill('<p>Offerta</p><img src="/images/hero-banco-inox.svg" alt="Banco inox">');
    await page.getByRole('button', { name: 'Salva' }).click();
    await page.getByText('Salvato: il negozio mostra già questa versione.').waitFor();
    await page.waitForURL(/\/admin\/contenuti\/blocchi\/\d+$/);
    const saved = await adminApi<{ items: { identifier: string }[] }>(page, 'GET', `/content/blocks?q=${identifier}`);
    expect(saved.result.items.map((b) => b.identifier)).toEqual([identifier]);
    expect((await fetch(`${baseUrl}/api/ext/cms-data/cmsBlockIdentifier/${identifier}`).then((r) => r.json())).result.content).toBe('<p>Offerta</p><img src="/images/hero-banco-inox.svg" alt="Banco inox">');
  });

  it('shows the seller’s data read only, each with where it comes from', async () => {
    await page.goto('/admin/impostazioni');
    await page.getByRole('heading', { level: 1, name: 'Dati del venditore' }).waitFor();
    const table = page.getByRole('table');
    const row = (name: string) => table.getByRole('row', { name: new RegExp(`^${name}`) });
    await row('Ragione sociale').waitFor();
    expect(await row('Ragione sociale').textContent()).toContain('Bottega Pro srl (dati di prova)');
    expect(await row('Ragione sociale').textContent()).toContain('Dato di prova (SELLER_NAME non impostata)');
    expect(await row('Ragione sociale').textContent()).toContain('{{seller.name}}');
    expect(await row('Consegna').textContent()).toContain('Valore predefinito (DELIVERY_DAYS non impostata)');
    expect(await page.getByText('Il negozio usa i dati di prova').count()).toBe(1);
    expect(await page.getByRole('textbox').count()).toBe(0);
  });
});

describe('accessibility and phone', () => {
  for (const [device, width] of [['desktop', 1280], ['phone', 390]] as const) {
    it(`has no WCAG 2.1 AA violations on the content list, an editor and the settings (${device})`, async () => {
      const visitor = await newPage(browser, baseUrl, width);
      await signIn(visitor, STAFF);
      const blocks = await adminApi<{ items: { id: number; identifier: string }[] }>(visitor, 'GET', '/content/blocks?q=home-hero');
      const pages = [
        ['/admin/contenuti', 'Contenuti'],
        ['/admin/contenuti?tipo=blocchi', 'Contenuti'],
        [`/admin/contenuti/pagine/${terms.id}`, 'Pagina «Condizioni generali di vendita»'],
        [`/admin/contenuti/blocchi/${blocks.result.items[0]!.id}`, 'Blocco «Home: testata»'],
        ['/admin/contenuti/pagine/nuova', 'Nuova pagina'],
        ['/admin/impostazioni', 'Dati del venditore'],
      ] as const;
      for (const [path, title] of pages) {
        await visitor.goto(path);
        await visitor.getByRole('heading', { level: 1, name: title }).waitFor();
        await noLoading(visitor);
        if (path.includes('/contenuti/')) await visitor.locator('iframe[title^="Anteprima di"]').waitFor();
        expect(await axeViolations(visitor), `${path} (${device})`).toEqual([]);
        // Nothing wider than the screen: the page never scrolls sideways (tables scroll in their own box).
        expect(await visitor.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${path} fits (${device})`).toBe(true);
      }
      if (device === 'phone') {
        // The menu leads to the content; the editor's field and its preview are both on the screen, one under the other.
        await visitor.goto('/admin/');
        await visitor.getByRole('button', { name: 'Menu' }).click();
        await visitor.getByRole('link', { name: 'Contenuti' }).click();
        await visitor.getByRole('heading', { level: 1, name: 'Contenuti' }).waitFor();
        await visitor.getByRole('link', { name: 'Condizioni generali di vendita' }).click();
        await contentField(visitor).waitFor();
        const field = await contentField(visitor).boundingBox();
        const frame = await visitor.locator('iframe[title^="Anteprima di"]').boundingBox();
        expect(field!.width).toBeGreaterThan(300);
        expect(frame!.width).toBeGreaterThan(300);
        expect(frame!.y).toBeGreaterThan(field!.y);
      }
      await visitor.context().close();
    }, 180_000);
  }
});
