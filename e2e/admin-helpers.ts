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

/** Signs in through the sign-in form (mouse and typing: the keyboard-only journey is its own test). */
export async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/admin/accedi');
  await page.getByLabel('E-mail').fill(email);
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
