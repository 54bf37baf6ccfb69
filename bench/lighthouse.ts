import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { CHROMIUM, CHROMIUM_ARGS } from '../scripts/lib/chromium.mjs';

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
}

/** Lighthouse (mobile, simulated throttling) on one URL with Debian's Chromium. */
export async function lighthouseScores(url: string): Promise<LighthouseScores> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM as string, chromeFlags: CHROMIUM_ARGS as string[] });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const c = result!.lhr.categories;
    const score = (key: string) => Math.round((c[key]?.score ?? 0) * 100);
    return { performance: score('performance'), accessibility: score('accessibility'), bestPractices: score('best-practices'), seo: score('seo') };
  } finally {
    await chrome.kill();
  }
}
