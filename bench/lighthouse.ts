import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
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
    await fetch(url); // the page's first render is not what is measured
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
