import type { Browser, Page } from 'playwright-core';
import { generate } from 'otplib';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createStaffUser, signIn, STAFF_PASSWORD, tabTo } from './admin-helpers.ts';
import { axeViolations } from './axe.ts';
import { newPage, useBrowser } from './browser.ts';
import { orderThroughApi, plentifulProducts } from './checkout-flow.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const OWNER = 'titolare.e2e@bottega-pro.example';
const STAFF = 'magazzino.e2e@bottega-pro.example';

let browser: Browser;
let page: Page;
useBrowser(baseUrl, (b, p) => {
  browser = b;
  page = p;
});

beforeAll(async () => {
  await createStaffUser(baseUrl, dataDir, OWNER, 'owner');
  await createStaffUser(baseUrl, dataDir, STAFF, 'staff');
});

/** The TOTP code for the next 30-second step (a code is accepted once: the step after the last used). */
async function nextCode(secret: string, after: number): Promise<string> {
  const step = Math.floor(Date.now() / 30_000);
  if (step <= after) await new Promise((resolve) => setTimeout(resolve, (after + 1) * 30_000 - Date.now() + 200));
  return generate({ secret });
}

describe('the back office at /admin', () => {
  it('answers noindex and no-store, has a strict script policy, and robots.txt keeps crawlers out', async () => {
    for (const path of ['/admin/', '/admin/accedi', '/admin/ordini/000000001']) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self';/);
      expect(await response.text()).toContain('<meta name="robots" content="noindex, nofollow"');
    }
    const html = await (await fetch(`${baseUrl}/admin/`)).text();
    const script = /src="(\/admin\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const asset = await fetch(`${baseUrl}${script}`);
    expect(asset.headers.get('cache-control')).toMatch(/^private\b/);
    const robots = await (await fetch(`${baseUrl}/robots.txt`)).text();
    expect(robots).toContain('Disallow: /admin');
    expect(await (await fetch(`${baseUrl}/sitemap.xml`)).text()).not.toContain('/admin');
  });

  it('an owner enrols TOTP and signs in with a code, with the keyboard only', async () => {
    const keyboard = page.keyboard;
    await page.goto('/admin/');
    await page.waitForURL('**/admin/accedi');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Accedi al back office');
    await keyboard.press('Tab');
    await keyboard.type(OWNER);
    await keyboard.press('Tab');
    await keyboard.type(STAFF_PASSWORD);
    await keyboard.press('Enter');
    await page.getByRole('button', { name: 'Esci' }).waitFor();

    await tabTo(page, 'Verifica in due passaggi');
    await keyboard.press('Enter');
    await page.waitForURL('**/admin/verifica-due-passaggi');
    await tabTo(page, 'Attiva la verifica in due passaggi');
    await keyboard.press('Enter');
    const uri = await page.getByTestId('otpauth-uri').textContent();
    const secret = new URL(uri!).searchParams.get('secret')!;
    await expect.poll(() => page.getByRole('list', { name: 'Codici di recupero' }).getByRole('listitem').count()).toBe(10);
    await tabTo(page, 'Codice dall’app');
    const code = await generate({ secret });
    // Taken after the code: the code's step is this one or the one before, never later.
    const confirmedAt = Math.floor(Date.now() / 30_000);
    await keyboard.type(code);
    await keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/admin');

    await tabTo(page, 'Esci');
    await keyboard.press('Enter');
    await page.waitForURL('**/admin/accedi');
    await page.getByText('Sei uscito dal back office.').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Accedi al back office');
    await keyboard.press('Tab');
    await keyboard.type(OWNER);
    await keyboard.press('Tab');
    await keyboard.type(STAFF_PASSWORD);
    await keyboard.press('Enter');
    // The password was right: the code field appears and takes the focus.
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.autocomplete)).toBe('one-time-code');
    await keyboard.type(await nextCode(secret, confirmedAt));
    await keyboard.press('Enter');
    await page.getByRole('button', { name: 'Esci' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Cruscotto' }).waitFor();
  }, 120_000);

  it('shows the wrong password in Italian, as the API words it', async () => {
    const other = await newPage(browser, baseUrl);
    await other.goto('/admin/accedi');
    await other.getByLabel('E-mail').fill(STAFF);
    await other.getByLabel('Password').fill('sbagliata-123');
    await other.getByRole('button', { name: 'Accedi' }).click();
    await other.getByRole('alert').filter({ hasText: 'E-mail o password non corretti.' }).waitFor();
    await other.context().close();
  });

  it('a staff user does not see the owner’s pages, and the API refuses them', async () => {
    const staff = await newPage(browser, baseUrl);
    await signIn(staff, STAFF);
    const nav = staff.getByRole('navigation', { name: 'Sezioni del back office' });
    await nav.getByRole('link', { name: 'Ordini' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Utenti' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Chiavi API' }).count()).toBe(0);
    await staff.goto('/admin/utenti');
    await staff.getByRole('heading', { level: 1, name: 'Questa funzione è riservata al titolare.' }).waitFor();
    expect((await staff.request.get('/api/admin/users')).status()).toBe(403);
    await staff.context().close();
  });

  it('an ended session takes the user back to sign-in, saying so', async () => {
    const owner = 'scadenza.e2e@bottega-pro.example';
    await createStaffUser(baseUrl, dataDir, owner, 'owner');
    const staff = await newPage(browser, baseUrl);
    await signIn(staff, owner);
    await staff.context().clearCookies();
    await staff.getByRole('navigation', { name: 'Sezioni del back office' }).getByRole('link', { name: 'Utenti' }).click();
    await staff.waitForURL('**/admin/accedi');
    await staff.getByText('La sessione è scaduta: accedi di nuovo.').waitFor();
    await staff.context().close();
  });

  describe('accessibility (WCAG 2.1 AA, axe)', () => {
    let incrementId: string;
    beforeAll(async () => {
      const [product] = await plentifulProducts(baseUrl);
      ({ incrementId } = await orderThroughApi(baseUrl, product!.sku, 1, { email: 'axe.admin@example.it' }));
      const created = await fetch(`${baseUrl}/api/user/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ customer: { email: 'axe.cliente@example.it', firstname: 'Carla', lastname: 'Verdi' }, password: 'Mestolo-Verde-2026' }),
      });
      expect(created.status).toBe(200);
    });

    for (const [device, width] of [['desktop', 1280], ['phone', 390]] as const) {
      it(`has no violations on any back-office page (${device})`, async () => {
        const visitor = await newPage(browser, baseUrl, width);
        await visitor.goto('/admin/accedi');
        await visitor.getByRole('heading', { level: 1, name: 'Accedi al back office' }).waitFor();
        expect(await axeViolations(visitor), 'sign-in').toEqual([]);
        // OWNER has TOTP on by now: an owner of this test's own.
        const owner = `axe.${device}@bottega-pro.example`;
        await createStaffUser(baseUrl, dataDir, owner, 'owner');
        await signIn(visitor, owner);
        // The registration answers no id (it never tells whether an e-mail had an account): the back office finds it.
        const found = await visitor.request.get('/api/admin/customers?q=axe.cliente%40example.it');
        const customerId = ((await found.json()) as { result: { items: { id: number }[] } }).result.items[0]!.id;
        const pages = [
          ['/admin/', 'Cruscotto'],
          ['/admin/ordini', 'Ordini'],
          [`/admin/ordini/${incrementId}`, `Ordine ${incrementId}`],
          ['/admin/clienti', 'Clienti'],
          [`/admin/clienti/${customerId}`, 'Cliente Carla Verdi'],
          ['/admin/coupon', 'Coupon'],
          ['/admin/utenti', 'Utenti dello staff'],
          ['/admin/chiavi-api', 'Chiavi API'],
          ['/admin/verifica-due-passaggi', 'Verifica in due passaggi'],
        ] as const;
        for (const [path, title] of pages) {
          await visitor.goto(path);
          await visitor.getByRole('heading', { level: 1, name: title }).waitFor();
          await expect.poll(() => visitor.getByText('Caricamento…').count()).toBe(0);
          expect(await axeViolations(visitor), path).toEqual([]);
        }
        await visitor.context().close();
      }, 120_000);
    }
  });
});
