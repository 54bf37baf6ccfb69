import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** WCAG 2.1 AA violations of the page (axe evaluated through the DevTools protocol: a strict CSP forbids inline scripts). */
export async function axeViolations(page: Page): Promise<axe.Result[]> {
  // After a client-side navigation the page's <title> arrives with its streamed metadata.
  await expect.poll(() => page.title(), { timeout: 5000 }).not.toBe('');
  // Colours are measured as they are drawn: a button still fading in from disabled is not its colour.
  await expect
    .poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity).length), { timeout: 5000 })
    .toBe(0);
  await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations;
  });
}
