import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** A password the strength check accepts. */
export const STAFF_PASSWORD = 'Forno-a-legna-Bottega-2026!';

/**
 * Creates (or resets) a back-office user the way `npm run admin:user` does on a running shop:
 * POST /api/internal/staff-users with the admin token the API left in DATA_DIR.
 */
export async function createStaffUser(baseUrl: string, dataDir: string, email: string, role: 'owner' | 'staff'): Promise<void> {
  const token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
  const response = await fetch(`${baseUrl}/api/internal/staff-users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ email, password: STAFF_PASSWORD, role }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/**
 * Signs in through the sign-in form (mouse and typing: the keyboard-only journey is its own test),
 * signing out first when the page already holds another user's session.
 */
export async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/admin/accedi');
  const form = page.getByLabel('E-mail');
  const signOut = page.getByRole('button', { name: 'Esci' });
  await form.or(signOut).first().waitFor();
  if (await signOut.isVisible()) {
    await signOut.click();
    await form.waitFor();
  }
  await form.fill(email);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.getByRole('button', { name: 'Esci' }).waitFor();
}

/** The back office's JSON API with the page's session cookie and CSRF token (for setup and checks). */
export async function adminApi<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; result: T }> {
  const session = await page.request.get('/api/admin/session');
  const csrf = ((await session.json()) as { result: { csrfToken?: string } }).result.csrfToken ?? '';
  const response = await page.request.fetch(`/api/admin${path}`, { method, headers: { 'x-csrf-token': csrf }, ...(body === undefined ? {} : { data: body }) });
  return { status: response.status(), result: ((await response.json()) as { result: T }).result };
}

/**
 * Presses Tab until the focused element's accessible text is `name`: rounds of at most 40 presses
 * for up to 15 s, since a page may still be fetching what it renders after its URL changed.
 */
export async function tabTo(target: Page, name: string | RegExp): Promise<void> {
  const deadline = Date.now() + 15_000;
  do {
    for (let i = 0; i < 40; i++) {
      await target.keyboard.press('Tab');
      const focused = await target.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        const label = el?.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null;
        return (el?.getAttribute('aria-label') ?? label ?? el?.textContent ?? '').trim();
      });
      if (typeof name === 'string' ? focused.replace(/\s*\*$/, '') === name : name.test(focused)) return;
    }
    await target.waitForTimeout(250);
  } while (Date.now() < deadline);
  throw new Error(`Tab never reached ${String(name)}`);
}

/** Whether the page fits the screen's width (nothing scrolls sideways; a table may scroll inside its own box). */
export const noSidewaysScroll = (target: Page): Promise<boolean> => target.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
