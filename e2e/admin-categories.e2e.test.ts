import type { AdminCategoryTree } from '@shop/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminApi, createStaffUser, signIn } from './admin-helpers.ts';
import { axeViolations } from './axe.ts';
import { newPage, useBrowser } from './browser.ts';

/**
 * Issue #45 point 2: the seller edits and orders the category tree in the back office, and the
 * storefront's own pages (menu, category page) follow. The shop is shared with the other browser
 * tests: what these tests change is put back afterwards.
 */
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const STAFF = 'categorie.e2e@bottega-pro.example';
const SERVICES = { id: 140, name: 'Formazione e servizi', slug: 'formazione-e-servizi' };
const THERMOMETERS = 60;
const MINCERS = 70;

let browser: Browser;
let page: Page;
useBrowser(baseUrl, (b, p) => {
  browser = b;
  page = p;
});

/** The order of the top categories, as stored before the tests. */
let topOrder: number[] = [];
const topCategories = async (on: Page) => (await adminApi<AdminCategoryTree>(on, 'GET', '/categories')).result.items.filter((c) => c.parentId === 3);

beforeAll(async () => {
  await createStaffUser(baseUrl, dataDir, STAFF, 'staff');
  await signIn(page, STAFF);
  topOrder = (await topCategories(page)).map((c) => c.id);
});

afterAll(async () => {
  if (!page) return;
  await adminApi(page, 'PATCH', `/categories/${SERVICES.id}`, { name: SERVICES.name, includeInMenu: true });
  for (const id of [THERMOMETERS, MINCERS].sort((a, b) => topOrder.indexOf(a) - topOrder.indexOf(b))) {
    await adminApi(page, 'POST', `/categories/${id}/move`, { parentId: 3, position: topOrder.indexOf(id) + 1 });
  }
  expect((await topCategories(page)).map((c) => c.id)).toEqual(topOrder);
});

/** The storefront's header menu, top entries, as a shopper's fresh visit gets it. */
async function shopMenu(): Promise<string[]> {
  const shop = await page.context().newPage();
  try {
    await shop.goto('/');
    return (await shop.locator('.menu__list > li > .menu__link').allTextContents()).map((text) => text.trim());
  } finally {
    await shop.close();
  }
}

/** Presses Tab until the focused element's accessible name is `name`. */
async function tabTo(target: Page, name: string): Promise<void> {
  for (let i = 0; i < 80; i++) {
    await target.keyboard.press('Tab');
    const focused = await target.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim();
    });
    if (focused === name) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

describe('categories in the back office', () => {
  it('staff renames a category and takes it out of the menu: the storefront menu follows, the page stays', async () => {
    expect(await shopMenu()).toContain(SERVICES.name);
    await page.goto('/admin/categorie');
    await page.getByRole('heading', { level: 1, name: 'Categorie' }).waitFor();
    await page.getByRole('button', { name: SERVICES.name, exact: true }).click();
    await page.getByRole('heading', { level: 2, name: `Categoria «${SERVICES.name}»` }).waitFor();
    await page.getByRole('textbox', { name: /^Nome/ }).fill('Corsi e assistenza');
    await page.getByRole('button', { name: 'Salva la categoria' }).click();
    await page.getByRole('status').filter({ hasText: 'Categoria salvata: il negozio mostra già le modifiche.' }).waitFor();
    await expect.poll(shopMenu).toContain('Corsi e assistenza');
    expect(await shopMenu()).not.toContain(SERVICES.name);
    // The tree shows the new name too.
    await page.getByRole('button', { name: 'Corsi e assistenza', exact: true }).waitFor();

    await page.getByLabel('Nel menu del negozio').uncheck();
    await page.getByRole('button', { name: 'Salva la categoria' }).click();
    await page.getByRole('status').filter({ hasText: 'Categoria salvata' }).waitFor();
    await expect.poll(shopMenu).not.toContain('Corsi e assistenza');
    // Out of the menu, still a page of the shop, under its new name and its old address.
    const shop = await page.context().newPage();
    const response = await shop.goto(`/c/${SERVICES.slug}`);
    expect(response?.status()).toBe(200);
    await shop.getByRole('heading', { level: 1, name: 'Corsi e assistenza' }).waitFor();
    await shop.close();
  }, 240_000);

  it('shows a refused field in Italian and keeps the form as typed', async () => {
    await page.goto(`/admin/categorie?id=${SERVICES.id}`);
    await page.getByLabel('Descrizione breve (HTML)').fill('<p onmouseover="alert(1)">Corsi</p>');
    await page.getByRole('button', { name: 'Salva la categoria' }).click();
    await page.getByRole('alert').filter({ hasText: 'shortDescription: il contenuto non è stato salvato perché contiene il gestore di eventi onmouseover sull’elemento <p>' }).waitFor();
    expect(await page.getByLabel('Descrizione breve (HTML)').inputValue()).toBe('<p onmouseover="alert(1)">Corsi</p>');
    await page.getByLabel('Domanda 5').fill('Solo la domanda?');
    await page.getByLabel('Risposta 5').fill('');
    await page.getByRole('button', { name: 'Salva la categoria' }).click();
    await page.getByRole('alert').filter({ hasText: 'Domanda 5: scrivi anche la risposta, oppure svuota la domanda.' }).waitFor();
  });

  it('staff moves a category above its sibling with the keyboard only: the storefront menu order follows', async () => {
    const menu = await shopMenu();
    expect(menu.indexOf('Termometri')).toBe(menu.indexOf('Tritacarne') - 1);
    await page.goto('/admin/categorie');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Categorie');
    await tabTo(page, 'Tritacarne');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Categoria «Tritacarne»');
    const place = await page.getByText(/^Posizione \d+ di \d+ in «Catalogo»\.$/).textContent();
    const position = Number(/Posizione (\d+)/.exec(place!)![1]);
    await tabTo(page, 'Sposta su');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: `«Tritacarne» ora è in posizione ${position - 1} di` }).waitFor();
    // The focus stays on the button: the seller can press it again.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Sposta su');
    await expect.poll(async () => {
      const order = await shopMenu();
      return order.indexOf('Tritacarne') - order.indexOf('Termometri');
    }).toBe(-1);
    // The tree shows the new order as well.
    const tree = await page.getByRole('list', { name: 'Sottocategorie di Catalogo' }).locator(':scope > li').allTextContents();
    expect(tree.findIndex((text) => text.includes('Tritacarne'))).toBeLessThan(tree.findIndex((text) => text.includes('Termometri')));
  }, 180_000);

  it('has no WCAG 2.1 AA violations (axe): the tree, a category, the move dialog', async () => {
    await page.goto(`/admin/categorie?id=${THERMOMETERS}`);
    await page.getByRole('heading', { level: 2, name: 'Categoria «Termometri»' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sposta dentro…' }).click();
    await page.getByRole('dialog', { name: 'Sposta «Termometri»' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Annulla' }).click();
  });

  it('works on a phone: the tree, then the category, no sideways scrolling, moves both ways', async () => {
    const phone = await newPage(browser, baseUrl, 390);
    await signIn(phone, STAFF);
    await phone.goto('/admin/categorie');
    await phone.getByRole('button', { name: 'Termometri', exact: true }).click();
    const heading = phone.getByRole('heading', { level: 2, name: 'Categoria «Termometri»' });
    await heading.waitFor();
    await expect.poll(() => phone.evaluate(() => document.activeElement?.textContent)).toBe('Categoria «Termometri»');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    const place = async () => (await phone.getByText(/^Posizione \d+ di \d+ in «Catalogo»\.$/).textContent())!;
    const before = await place();
    await phone.getByRole('button', { name: 'Sposta giù' }).click();
    await expect.poll(place).not.toBe(before);
    await phone.getByRole('button', { name: 'Sposta su' }).click();
    await expect.poll(place).toBe(before);
    expect(await axeViolations(phone)).toEqual([]);
    await phone.context().close();
  }, 180_000);
});
