import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './browser.ts';

/** shopping.md §9 "submenu delay 300 ms" (issue 42): hovering opens a submenu after 300 ms, focus at once. */
const baseUrl = inject('baseUrl');
let page: Page;

useBrowser(baseUrl, (_browser, p) => {
  page = p;
});

describe('the category menu on desktop', () => {
  it('opens a submenu 300 ms after the pointer rests on its item, and at once for keyboard focus', async () => {
    await page.goto('/');
    const item = page.locator('nav .menu__item--parent').first();
    const submenu = item.locator('.menu__submenu');
    const delay = () => submenu.evaluate((element) => getComputedStyle(element).transitionDelay);
    expect(await submenu.isVisible()).toBe(false);

    await item.locator('.menu__link').hover();
    expect(await delay()).toMatch(/^0\.3s/);
    await expect.poll(() => submenu.isVisible(), { timeout: 3000 }).toBe(true);

    await page.mouse.move(5, 880);
    await expect.poll(() => submenu.isVisible(), { timeout: 3000 }).toBe(false);
    await item.locator('.menu__link').focus();
    expect(await delay()).toMatch(/^0s/);
    await expect.poll(() => submenu.isVisible(), { timeout: 3000 }).toBe(true);
  });
});
