import { describe, expect, it } from 'vitest';
import { FLAT_MB_PER_10_MIN, latencySummary, linearFit, niceStep, rssCsv, rssSvg, rssTrends, soakReport, windowFloors, type RssSample } from './soak-report.ts';

const at = (t: number) => new Date(Date.UTC(2026, 10, 26, 10, 0, 0) + t * 1000);
const sample = (t: number, rss: Record<string, number>): RssSample => ({ at: at(t), t, rss });

/**
 * Well-formed XML for the subset the chart writes (declaration, elements with quoted attributes,
 * text): every tag closes in order, attribute values and text hold no raw `<` or stray `&`.
 */
function wellFormed(xml: string): boolean {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  const stack: string[] = [];
  const entity = /&(amp|lt|gt|quot|apos|#\d+);/g;
  for (const token of body.split(/(<[^>]*>)/).filter(Boolean)) {
    if (!token.startsWith('<')) {
      if (/[<>]/.test(token) || token.replace(entity, '').includes('&')) return false;
      continue;
    }
    const tag = /^<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>$/.exec(token);
    if (!tag || tag[3]!.replace(entity, '').includes('&')) return false;
    const [, closing, name, , selfClosing] = tag;
    if (closing) {
      if (stack.pop() !== name) return false;
    } else if (!selfClosing) stack.push(name!);
  }
  return stack.length === 0 && body.trimStart().startsWith('<svg');
}

describe('linearFit: slope', () => {
  it('is the slope of points on a line, and of noise around it', () => {
    expect(linearFit([[0, 1], [1, 3], [2, 5]]).slope).toBeCloseTo(2);
    expect(linearFit([[0, 10], [1, 12], [2, 10], [3, 12]]).slope).toBeCloseTo(0.4);
  });

  it('is NaN without two distinct x', () => {
    expect(linearFit([]).slope).toBeNaN();
    expect(linearFit([[1, 1]]).slope).toBeNaN();
    expect(linearFit([[1, 1], [1, 2]]).slope).toBeNaN();
  });
});

describe('latencySummary', () => {
  it('gives nearest-rank percentiles of the answered requests and counts errors apart', () => {
    const summary = latencySummary(Array.from({ length: 100 }, (_, i) => 100 - i), 2);
    expect(summary).toEqual({ requests: 102, errors: 2, p50: 50, p95: 95, p99: 99, max: 100 });
  });
});

describe('linearFit: standard error', () => {
  it('is 0 on a straight line and grows with the scatter around it', () => {
    expect(linearFit([[0, 1], [1, 3], [2, 5]]).standardError).toBe(0);
    expect(linearFit([[0, 0], [1, 2], [2, 0], [3, 2]]).standardError).toBeCloseTo(Math.sqrt(3.2 / 2 / 5), 6);
    expect(linearFit([[0, 1], [1, 2]]).standardError).toBeNaN();
  });
});

describe('rssTrends', () => {
  it('starts after the warm-up, fits the second half, and calls growth past the threshold growing', () => {
    const samples = Array.from({ length: 121 }, (_, i) => {
      const t = i * 5; // 10 minutes
      // Flat apart from a garbage-collector sawtooth; the other grows 1 MB a minute after a fast warm-up.
      return sample(t, { flat: 200 + (i % 6) * 4, leaky: t < 60 ? 100 + t : 160 + (t - 60) / 60 });
    });
    const [flat, leaky] = rssTrends(samples, 60);
    expect(flat).toMatchObject({ process: 'flat', startMb: 200, maxMb: 220, verdict: 'flat' });
    expect(Math.abs(flat!.slopeMbPer10Min)).toBeLessThan(FLAT_MB_PER_10_MIN);
    expect(leaky).toMatchObject({ process: 'leaky', startMb: 160, endMb: 169, maxMb: 169, verdict: 'growing' });
    expect(leaky!.slopeMbPer10Min).toBeCloseTo(10);
  });

  it('fits the floors: spikes that come back down (a sign-in hashing) are not growth', () => {
    // Over a 200 MB floor, spikes of 64 MB that grow more frequent towards the end.
    const samples = Array.from({ length: 361 }, (_, i) => sample(i * 5, { api: i % (i > 240 ? 2 : 6) === 1 ? 264 : 200 }));
    const points = samples.map((s): [number, number] => [s.t, s.rss.api!]);
    expect(linearFit(points.filter(([t]) => t >= 900)).slope * 600).toBeGreaterThan(FLAT_MB_PER_10_MIN);
    expect(rssTrends(samples, 60)[0]).toMatchObject({ maxMb: 264, slopeMbPer10Min: 0, verdict: 'flat' });
  });

  it("calls a rise within the floors' scatter flat, and a steady rise under the same scatter growing", () => {
    // A large heap's collector: floors that swing by ±100 MB from minute to minute around 1,100 MB
    // (and, by chance, end a little higher than they started).
    const swing = (i: number) => {
      const minute = Math.floor(i / 12);
      return (minute % 2 ? -100 : 100) + minute;
    };
    const samples = Array.from({ length: 361 }, (_, i) => sample(i * 5, { web: 1100 + swing(i), leak: 1100 + swing(i) / 10 + i / 2 }));
    const [web, leak] = rssTrends(samples, 60);
    expect(web!.slopeMbPer10Min).toBeGreaterThan(FLAT_MB_PER_10_MIN);
    expect(web!.slopeMbPer10Min).toBeLessThan(2 * web!.slopeErrorMbPer10Min);
    expect(web!.verdict).toBe('flat');
    expect(leak!.slopeMbPer10Min).toBeGreaterThan(2 * leak!.slopeErrorMbPer10Min);
    expect(leak!.verdict).toBe('growing');
  });

  it('skips a sample where a process was restarting', () => {
    const samples = [sample(0, { a: 10 }), sample(5, {}), sample(10, { a: 10 }), sample(15, { a: 10 })];
    expect(rssTrends(samples, 0)[0]).toMatchObject({ startMb: 10, endMb: 10, slopeMbPer10Min: 0, verdict: 'flat' });
  });
});

describe('windowFloors', () => {
  it('keeps the lowest sample of each window from the start on', () => {
    const points: [number, number][] = [[0, 1], [10, 9], [15, 5], [20, 7], [25, 8], [30, 6], [40, 4]];
    expect(windowFloors(points, 10, 15)).toEqual([[15, 5], [30, 6]]);
  });

  it('leaves out a last window the run ended in before its middle', () => {
    const points: [number, number][] = [[10, 5], [20, 5], [25, 5], [35, 5], [40, 9]];
    expect(windowFloors(points, 10, 15)).toEqual([[10, 5], [25, 5]]);
    expect(windowFloors([...points, [48, 9]], 10, 15)).toEqual([[10, 5], [25, 5], [40, 9]]);
  });
});

describe('rssCsv', () => {
  it('has a column per process in order of appearance and an empty field for a missing sample', () => {
    const csv = rssCsv([sample(0, { 'API 1': 100.04, 'edge, child': 50 }), sample(5, { 'API 1': 101 })]);
    expect(csv).toBe('time,minutes,API 1,"edge, child"\n2026-11-26T10:00:00.000Z,0.000,100.0,50.0\n2026-11-26T10:00:05.000Z,0.083,101.0,\n');
  });
});

describe('niceStep', () => {
  it('is 1, 2 or 5 times a power of ten', () => {
    expect(niceStep(30, 10)).toBe(5);
    expect(niceStep(730, 8)).toBe(100);
    expect(niceStep(0.5, 10)).toBe(0.05);
    expect(niceStep(0, 10)).toBe(1);
  });
});

describe('rssSvg', () => {
  const samples = [sample(0, { 'API 1': 150, 'storefront <1> & co': 300 }), sample(5, { 'API 1': 151 }), sample(10, { 'API 1': 152, 'storefront <1> & co': 310 })];

  it('is well-formed XML with a line and a legend entry per process, names escaped', () => {
    const svg = rssSvg(samples, 'Soak "test"');
    expect(wellFormed(svg)).toBe(true);
    expect(svg).toContain('storefront &lt;1&gt; &amp; co');
    expect(svg).toContain('Soak &quot;test&quot;');
    // The storefront's gap (no sample at 5 s) splits its line in two.
    expect(svg.match(/<polyline /g)).toHaveLength(3);
    expect(svg.match(/stroke-width="3"/g)).toHaveLength(2);
  });

  it('the checker refuses what is not well-formed', () => {
    expect(wellFormed('<svg><g></svg>')).toBe(false);
    expect(wellFormed('<svg><text>a & b</text></svg>')).toBe(false);
    expect(wellFormed('<svg><text x=1>a</text></svg>')).toBe(false);
  });
});

describe('soakReport', () => {
  const run = { startedAt: at(0), minutes: 30, connections: 6, products: 5000, warmupSeconds: 60 };

  it('lists the kinds, the errors and the memory verdicts', () => {
    const report = soakReport({
      ...run,
      mix: { page: 55, search: 20, cart: 15, checkout: 5, login: 5 },
      steps: { page: 3, cart: 1 },
      kinds: { 'page:home': latencySummary([5, 6, 7], 0), 'cart:update': latencySummary([20], 1) },
      errors: 1,
      firstErrors: ['cart:update POST /api/cart/update: HTTP 500'],
      trends: [{ process: 'API 1', startMb: 150, endMb: 151, maxMb: 160, slopeMbPer10Min: 0.4, slopeErrorMbPer10Min: 0.3, verdict: 'flat' }],
      restarts: { 'API 1': 0 },
      interrupted: false,
    });
    expect(report).toContain('page 55 % (3), search 20 % (0), cart 15 % (1)');
    expect(report).toContain('| cart:update | 2 | 1 | 20.0 |');
    expect(report).toContain('**Errors: 1**');
    expect(report).toContain('- cart:update POST /api/cart/update: HTTP 500');
    expect(report).toContain('| API 1 | 150.0 | 151.0 | 160.0 | 0.40 | 0.60 | flat |');
    expect(report).not.toContain('indicative only');
    expect(report).not.toContain('JS heap');
  });

  it('shows what grew in the heaps when snapshots were taken', () => {
    const report = soakReport({
      ...run,
      mix: { page: 100 },
      steps: { page: 3 },
      kinds: { 'page:home': latencySummary([5, 6, 7], 0) },
      errors: 0,
      firstErrors: [],
      trends: [],
      restarts: { 'API 1': 0 },
      interrupted: false,
      heaps: [
        { process: 'API 1', beforeMb: 56.7, afterMb: 57.9, top: [{ kind: 'code:(compiled code)', bytes: 1_160_000, count: 2300 }, { kind: 'object:Map', bytes: 11_264, count: -3 }] },
        { process: 'API 2', beforeMb: 50, afterMb: 49, top: [] },
      ],
    });
    expect(report).toContain('## JS heap of the APIs');
    expect(report).toContain('| API 1 | 56.7 | 57.9 | code:(compiled code) +1,133 KB (+2,300); object:Map +11 KB (−3) |');
    expect(report).toContain('| API 2 | 50.0 | 49.0 | nothing |');
  });
});
