import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { screenEmulationMetrics } from 'lighthouse/core/config/constants.js';
import { chromium } from 'playwright-core';
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { CHROMIUM, CHROMIUM_ARGS } from '../scripts/lib/chromium.mjs';

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Simulated metrics of the run with the median performance score, in ms (CLS unitless). */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Every run's performance score, in run order. */
  runs: number[];
}

/**
 * Lighthouse (mobile, simulated throttling) on one URL with Debian's Chromium: a warm-up load,
 * then `runs` audits (BENCH_LIGHTHOUSE_RUNS, default 3); the run with the median performance
 * score is reported, as single runs on a busy 2-core machine vary by several points.
 */
export async function lighthouseScores(url: string, runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3)): Promise<LighthouseScores> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM as string, chromeFlags: CHROMIUM_ARGS as string[] });
  try {
    await warmUp(url, chrome.port);
    const results: LighthouseScores[] = [];
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      const { categories, audits } = result!.lhr;
      const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
      const metric = (id: string) => audits[id]?.numericValue ?? NaN;
      results.push({
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        fcp: metric('first-contentful-paint'),
        lcp: metric('largest-contentful-paint'),
        tbt: metric('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
        runs: [],
      });
    }
    return medianRun(results);
  } finally {
    await chrome.kill();
  }
}

/**
 * What is measured is a page that shoppers already visit, not its first render: one load in the
 * browser Lighthouse drives, at Lighthouse's mobile size, so that the server has rendered the
 * page and resized its pictures to the widths the audits ask for (a first resize took up to
 * 0.5 s and made the first audit of a product page an outlier). Each audit then starts with an
 * empty browser cache, as Lighthouse resets storage before it loads.
 */
async function warmUp(url: string, port: number): Promise<void> {
  const { width, height, deviceScaleFactor } = screenEmulationMetrics.mobile;
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor, isMobile: true });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle' });
    await context.close();
  } finally {
    await browser.close();
  }
}

/** The run with the median performance score, with every run's score in run order. */
export function medianRun(results: LighthouseScores[]): LighthouseScores {
  const median = [...results].sort((a, b) => a.performance - b.performance)[Math.floor(results.length / 2)]!;
  return { ...median, runs: results.map((r) => r.performance) };
}

/** One line of figures for the bench's report. */
export function formatLighthouse(s: LighthouseScores): string {
  return (
    `performance ${s.performance} (runs ${s.runs.join(', ')}), accessibility ${s.accessibility}, best practices ${s.bestPractices}, SEO ${s.seo}; ` +
    `FCP ${Math.round(s.fcp)} ms, LCP ${Math.round(s.lcp)} ms, TBT ${Math.round(s.tbt)} ms, CLS ${s.cls.toFixed(3)}`
  );
}
