import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { readOutbox } from '../apps/api/src/modules/mail/eml.ts';
import { useBrowser } from './browser.ts';
import { checkoutFlow } from './checkout-flow.ts';

/*
 * The customer account in a real browser (issue #15, first part): register, log out, log in with
 * the keyboard, forget the password → the mail in the outbox → a new password → signed in; edit
 * the profile; axe on the pages.
 */

const baseUrl = inject('baseUrl');
const outboxDir = inject('outboxDir');
let page: Page;

useBrowser(baseUrl, (_browser, p) => {
  page = p;
});

const { tabTo, runAxe } = checkoutFlow(() => page);
const email = `account-${Date.now()}@example.it`;

async function resetLink(to: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        link = readOutbox(outboxDir)
          .filter((mail) => mail.to.includes(to))
          .map((mail) => /https?:\/\/\S+\/reset-password\?\S+/.exec(mail.text)?.[0])
          .find(Boolean);
        return link;
      },
      { timeout: 10_000 },
    )
    .toBeDefined();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

describe('customer account', () => {
  it('registers, logs out, and logs in again with the keyboard alone', async () => {
    await page.goto('/my-account', { waitUntil: 'networkidle' });
    expect(await runAxe()).toEqual([]);
    // A weak password is refused with the rules, in Italian.
    await page.locator('#register-firstname').fill('Giulia');
    await page.locator('#register-lastname').fill('Verdi');
    await page.locator('#register-email').fill(email);
    await page.locator('#register-password').fill('12345678');
    await page.getByRole('button', { name: 'Registrati' }).click();
    await page.getByRole('alert').filter({ hasText: 'La password deve avere almeno 8 caratteri' }).waitFor();
    await page.locator('#register-password').fill('Coltello-2026');
    await page.getByRole('button', { name: 'Registrati' }).click();
    await page.getByText('Ciao Giulia!').waitFor();
    expect(await page.getByText('Non hai ancora effettuato ordini.').count()).toBe(1);
    expect(await runAxe()).toEqual([]);

    await page.getByRole('button', { name: 'Esci' }).click();
    await page.getByText('Sei uscito dal tuo account.').waitFor();

    await page.locator('body').focus();
    await tabTo(page.locator('#login-email'));
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Sbagliata-1');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Accesso non riuscito' }).waitFor();
    await tabTo(page.locator('#login-password'));
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Coltello-2026');
    await page.keyboard.press('Enter');
    await page.getByText('Ciao Giulia!').waitFor();
  });

  it('edits the profile, and stays signed in after a reload', async () => {
    await page.goto('/my-account', { waitUntil: 'networkidle' });
    await page.locator('#profile-firstname').fill('Giuliana');
    await page.getByRole('button', { name: 'Salva' }).click();
    await page.getByText("I dati dell'account sono stati aggiornati.").waitFor();
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByText('Ciao Giuliana!').waitFor();
    await page.getByRole('button', { name: 'Esci' }).click();
  });

  it('resets a forgotten password through the mailed link and signs in with the new one', async () => {
    await page.goto('/my-account', { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'Password dimenticata?' }).click();
    await page.waitForURL('**/reset-password');
    expect(await runAxe()).toEqual([]);
    await page.locator('#reset-email').fill(email);
    await page.getByRole('button', { name: 'Invia il link' }).click();
    await page.getByText('Se esiste un account con questa e-mail').waitFor();

    await page.goto(await resetLink(email), { waitUntil: 'networkidle' });
    expect(await runAxe()).toEqual([]);
    await page.locator('#reset-password').fill('Tagliere-2027');
    await page.getByRole('button', { name: 'Salva la nuova password' }).click();
    await page.waitForURL('**/my-account');
    await page.getByText('Ciao Giuliana!').waitFor();
    // The old password no longer works.
    const old = await fetch(`${baseUrl}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: email, password: 'Coltello-2026' }) });
    expect(old.status).toBe(401);
  });
});
