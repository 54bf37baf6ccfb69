// The pure pieces of the soak benchmark (bench/soak.ts): latency and memory summaries, the RSS
// CSV, a hand-drawn SVG chart of RSS over time, and the Markdown report.
import type { HeapGrowth } from './heap-snapshots.ts';
import { percentile } from './load.ts';

export interface LatencySummary {
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Percentiles (ms) of the answered requests of one kind; `errors` are counted apart. */
export function latencySummary(latencies: readonly number[], errors: number): LatencySummary {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: sorted.length + errors,
    errors,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
  };
}

/** One sample of every process's resident memory. */
export interface RssSample {
  /** Wall-clock time of the sample. */
  at: Date;
  /** Seconds since the traffic started. */
  t: number;
  /** Resident set size in MB by process (a process missing from a sample was restarting). */
  rss: Record<string, number>;
}

type Points = readonly (readonly [number, number])[];

/**
 * The least-squares line through the points ([x, y]): its slope (NaN for fewer than two distinct
 * x), and the standard error of that slope, how far the points' own scatter could move it (NaN
 * under three points).
 */
export function linearFit(points: Points): { slope: number; standardError: number } {
  const n = points.length;
  if (n < 2) return { slope: NaN, standardError: NaN };
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const [x, y] of points) {
    sxy += (x - meanX) * (y - meanY);
    sxx += (x - meanX) ** 2;
  }
  const slope = sxx === 0 ? NaN : sxy / sxx;
  if (n < 3 || Number.isNaN(slope)) return { slope, standardError: NaN };
  const residuals = points.reduce((sum, [x, y]) => sum + (y - meanY - slope * (x - meanX)) ** 2, 0);
  return { slope, standardError: Math.sqrt(residuals / (n - 2) / sxx) };
}

/** Every process of the samples, in the order they first appear. */
export function processNames(samples: readonly RssSample[]): string[] {
  const names = new Set<string>();
  for (const sample of samples) for (const name of Object.keys(sample.rss)) names.add(name);
  return [...names];
}

const csvField = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** `time,minutes,<process>…` in MB; an empty field where a process had no pid (restarting). */
export function rssCsv(samples: readonly RssSample[]): string {
  const names = processNames(samples);
  const rows = samples.map((s) => [s.at.toISOString(), (s.t / 60).toFixed(3), ...names.map((name) => s.rss[name]?.toFixed(1) ?? '')].join(','));
  return `${['time', 'minutes', ...names].map(csvField).join(',')}\n${rows.map((row) => `${row}\n`).join('')}`;
}

/**
 * Each window's lowest sample, from `from` on: the floor a process comes back to after its
 * garbage collector and transient buffers (a sign-in's argon2 holds its memory for a moment), which
 * would otherwise swing a line fitted through every sample by more than a leak moves it.
 */
export function windowFloors(points: readonly (readonly [number, number])[], from: number, windowSeconds: number): [number, number][] {
  const floors = new Map<number, { at: number; mb: number; samples: number }>();
  for (const [t, mb] of points) {
    if (t < from) continue;
    const window = Math.floor((t - from) / windowSeconds);
    const floor = floors.get(window);
    if (!floor) floors.set(window, { at: t, mb, samples: 1 });
    else {
      floor.samples++;
      if (mb < floor.mb) Object.assign(floor, { at: t, mb });
    }
  }
  const windows = [...floors.values()];
  // A last window the run ended early in (half the samples of a full one, or fewer) is no floor:
  // its lone sample would pull the line as much as a whole minute's lowest.
  const last = windows.at(-1);
  if (last && windows.length > 1 && last.samples <= Math.max(...windows.slice(0, -1).map((w) => w.samples)) / 2) windows.pop();
  return windows.map(({ at, mb }) => [at, mb]);
}

/**
 * Growth of a process's floor over the run's second half that still counts as flat, in MB per
 * 10 minutes. Fitted through one floor a minute over a 15-minute half, the line moves by about
 * 1 MB per 10 minutes on the floors' own jitter of a few MB; 3 MB is above that, and a steady
 * leak of a few hundred bytes per request (the report says how many at the run's rate) crosses it.
 */
export const FLAT_MB_PER_10_MIN = 3;
/** Below this second half (minutes) the slope is mostly noise: the verdict is indicative only. */
export const MIN_HALF_MINUTES_FOR_VERDICT = 5;

export interface RssTrend {
  process: string;
  /** MB at the first sample after the warm-up, at the last sample, and the most seen after the warm-up. */
  startMb: number;
  endMb: number;
  maxMb: number;
  /** Least-squares slope of the floors (one a minute, or six for a short run) over the second half of the run, in MB per 10 minutes. */
  slopeMbPer10Min: number;
  /** Its standard error, in MB per 10 minutes. */
  slopeErrorMbPer10Min: number;
  verdict: 'flat' | 'growing';
}

/** Each process's memory after the warm-up and the slope of its floor over the second half. */
export function rssTrends(samples: readonly RssSample[], warmupSeconds: number, flatMbPer10Min = FLAT_MB_PER_10_MIN): RssTrend[] {
  const half = (samples.at(-1)?.t ?? 0) / 2;
  const windowSeconds = Math.min(60, half / 6);
  return processNames(samples).flatMap((name) => {
    const points = samples.flatMap((s): [number, number][] => (s.rss[name] === undefined ? [] : [[s.t, s.rss[name]!]]));
    const afterWarmup = points.filter(([t]) => t >= warmupSeconds);
    if (afterWarmup.length === 0) return [];
    const floors = windowFloors(points, half, windowSeconds);
    const fit = linearFit(floors);
    const slopeMbPer10Min = fit.slope * 600;
    const slopeErrorMbPer10Min = fit.standardError * 600;
    return [
      {
        process: name,
        startMb: afterWarmup[0]![1],
        endMb: afterWarmup.at(-1)![1],
        maxMb: Math.max(...afterWarmup.map(([, mb]) => mb)),
        slopeMbPer10Min,
        slopeErrorMbPer10Min,
        // Growing: a rise past the threshold that the floors' scatter (a collector's swing of a
        // large heap) does not explain, i.e. over twice its standard error. NaN (a single floor) is not flat.
        verdict: slopeMbPer10Min < flatMbPer10Min || slopeMbPer10Min <= 2 * slopeErrorMbPer10Min ? 'flat' : 'growing',
      },
    ];
  });
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A round step (1, 2 or 5 times a power of ten) that cuts `range` into about `ticks` parts. */
export function niceStep(range: number, ticks: number): number {
  if (!(range > 0)) return 1;
  const raw = range / ticks;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].find((m) => m * power >= raw)!;
  return step * power;
}

/** Distinct colours for up to 10 lines (Tableau 10), repeated beyond. */
const COLOURS = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#bab0ac'];

/** A line chart of RSS (MB) over minutes, one line per process, with axes, grid and a legend. */
export function rssSvg(samples: readonly RssSample[], title: string): string {
  const names = processNames(samples);
  const [width, height] = [960, 540];
  const plot = { left: 70, top: 50, right: 700, bottom: 480 };
  const maxMinutes = Math.max(samples.at(-1)?.t ?? 0, 60) / 60;
  const maxMb = Math.max(1, ...samples.flatMap((s) => Object.values(s.rss)));
  const xStep = niceStep(maxMinutes, 10);
  const yStep = niceStep(maxMb, 8);
  // A last sample a moment past a round minute does not open another step.
  const xMax = Math.ceil(maxMinutes / xStep - 0.01) * xStep;
  const yMax = Math.ceil(maxMb / yStep) * yStep;
  const x = (minutes: number) => plot.left + (minutes / xMax) * (plot.right - plot.left);
  const y = (mb: number) => plot.bottom - (mb / yMax) * (plot.bottom - plot.top);
  const round = (v: number) => v.toFixed(1);
  const parts: string[] = [];
  for (let v = 0; v <= xMax + 1e-9; v += xStep) {
    const label = Number(v.toFixed(6)).toString();
    parts.push(`<line x1="${round(x(v))}" y1="${plot.top}" x2="${round(x(v))}" y2="${plot.bottom}" stroke="#e5e5e5"/>`);
    parts.push(`<text x="${round(x(v))}" y="${plot.bottom + 18}" text-anchor="middle">${label}</text>`);
  }
  for (let v = 0; v <= yMax + 1e-9; v += yStep) {
    const label = Number(v.toFixed(6)).toString();
    parts.push(`<line x1="${plot.left}" y1="${round(y(v))}" x2="${plot.right}" y2="${round(y(v))}" stroke="#e5e5e5"/>`);
    parts.push(`<text x="${plot.left - 8}" y="${round(y(v) + 4)}" text-anchor="end">${label}</text>`);
  }
  parts.push(`<rect x="${plot.left}" y="${plot.top}" width="${plot.right - plot.left}" height="${plot.bottom - plot.top}" fill="none" stroke="#333"/>`);
  parts.push(`<text x="${(plot.left + plot.right) / 2}" y="${plot.bottom + 40}" text-anchor="middle">minutes since the traffic started</text>`);
  parts.push(`<text x="18" y="${(plot.top + plot.bottom) / 2}" text-anchor="middle" transform="rotate(-90 18 ${(plot.top + plot.bottom) / 2})">RSS (MB)</text>`);
  parts.push(`<text x="${width / 2}" y="28" text-anchor="middle" font-size="16">${escapeXml(title)}</text>`);
  names.forEach((name, i) => {
    const colour = COLOURS[i % COLOURS.length]!;
    // A gap in the samples (the process restarting) breaks the line.
    const runs: string[][] = [[]];
    for (const s of samples) {
      const mb = s.rss[name];
      if (mb === undefined) runs.push([]);
      else runs.at(-1)!.push(`${round(x(s.t / 60))},${round(y(mb))}`);
    }
    for (const run of runs.filter((r) => r.length > 0)) {
      parts.push(`<polyline fill="none" stroke="${colour}" stroke-width="1.5" points="${run.join(' ')}"/>`);
    }
    const ly = plot.top + 10 + i * 22;
    parts.push(`<line x1="${plot.right + 20}" y1="${ly}" x2="${plot.right + 44}" y2="${ly}" stroke="${colour}" stroke-width="3"/>`);
    parts.push(`<text x="${plot.right + 50}" y="${ly + 4}">${escapeXml(name)}</text>`);
  });
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    ...parts,
    `</svg>`,
    '',
  ].join('\n');
}

export interface SoakFigures {
  startedAt: Date;
  minutes: number;
  connections: number;
  products: number;
  warmupSeconds: number;
  /** The planned proportions of the shoppers' steps, in percent, and how many of each were taken. */
  mix: Record<string, number>;
  steps: Record<string, number>;
  /** Latency by request kind (`page:home`, `cart:update`, …). */
  kinds: Record<string, LatencySummary>;
  errors: number;
  firstErrors: string[];
  trends: RssTrend[];
  /** Restarts of the topology's processes during the run (any is a crash). */
  restarts: Record<string, number>;
  /** Set when the run was cut short (SIGINT/SIGTERM). */
  interrupted: boolean;
  /** What grew in the APIs' JS heaps between half-time and the end (heap snapshots), when taken. */
  heaps?: HeapGrowth[];
}

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '–');
const mb = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '–');
const table = (head: string[], rows: string[][]) => [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');

/** The requests per kind, the errors and the memory trends as Markdown (printed and saved as report.md). */
export function soakReport(f: SoakFigures): string {
  const kinds = Object.entries(f.kinds).sort(([a], [b]) => a.localeCompare(b));
  const total = kinds.reduce((sum, [, k]) => sum + k.requests, 0);
  const perTenMinutes = f.minutes > 0 ? (total / f.minutes) * 10 : 0;
  const halfMinutes = f.minutes / 2;
  const leakBytes = perTenMinutes > 0 ? Math.round((FLAT_MB_PER_10_MIN * 1024 * 1024) / perTenMinutes) : NaN;
  const lines = [
    `# Soak ${f.startedAt.toISOString()}`,
    '',
    `${f.minutes.toFixed(1)} minutes of mixed traffic through the edge cache, ${f.connections} closed-loop shoppers, ${f.products.toLocaleString('en')} demo products, two storefront and two API instances on PostgreSQL.${f.interrupted ? ' **Interrupted before the planned end.**' : ''}`,
    '',
    `Steps (planned share, taken): ${Object.entries(f.mix)
      .map(([step, share]) => `${step} ${share} % (${(f.steps[step] ?? 0).toLocaleString('en')})`)
      .join(', ')}. ${total.toLocaleString('en')} requests (${(total / Math.max(f.minutes * 60, 1)).toFixed(1)} per second).`,
    '',
    '## Requests',
    '',
    table(
      ['kind', 'requests', 'errors', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
      kinds.map(([kind, k]) => [kind, String(k.requests), String(k.errors), ms(k.p50), ms(k.p95), ms(k.p99), ms(k.max)]),
    ),
    '',
    `**Errors: ${f.errors}**${f.firstErrors.length ? ` — first ${f.firstErrors.length}:` : ''}`,
    ...f.firstErrors.map((message) => `- ${message}`),
    '',
    `Process restarts: ${Object.entries(f.restarts)
      .map(([name, n]) => `${name} ${n}`)
      .join(', ')}.`,
    '',
    '## Memory (RSS)',
    '',
    `Start is the first sample after a ${Math.round(f.warmupSeconds)} s warm-up; max is after the warm-up; the slope is a least-squares line through the floors (each minute's lowest sample) of the second half of the run (${halfMinutes.toFixed(1)} min): ` +
      `the bounded caches (Next's in-memory page cache, PAGE_CACHE_MB; Varnish's storage, EDGE_CACHE_MB; the shared page cache's, REDIS_CACHE_MB) fill during the first half. ` +
      `Flat: under ${FLAT_MB_PER_10_MIN} MB per 10 minutes — above the jitter of the floors over a 15-minute half, and crossed by a leak of about ${Number.isFinite(leakBytes) ? leakBytes.toLocaleString('en') : '–'} bytes per request at this run's rate — ` +
      `or within twice the slope's standard error (the floors of a large heap swing with its collector; such a slope is not a rise the run can tell from that swing).` +
      (halfMinutes < MIN_HALF_MINUTES_FOR_VERDICT ? ` **The second half is under ${MIN_HALF_MINUTES_FOR_VERDICT} minutes: the verdicts are indicative only.**` : ''),
    '',
    table(
      ['process', 'start MB', 'end MB', 'max MB', 'slope MB/10 min', '± 2 SE', 'verdict'],
      f.trends.map((t) => [
        t.process,
        mb(t.startMb),
        mb(t.endMb),
        mb(t.maxMb),
        Number.isFinite(t.slopeMbPer10Min) ? t.slopeMbPer10Min.toFixed(2) : '–',
        Number.isFinite(t.slopeErrorMbPer10Min) ? (2 * t.slopeErrorMbPer10Min).toFixed(2) : '–',
        t.verdict,
      ]),
    ),
    '',
    '![RSS over time](rss.svg)',
    '',
    ...(f.heaps?.length ? heapSection(f.heaps) : []),
  ];
  return lines.join('\n');
}

const signed = (n: number) => `${n >= 0 ? '+' : '−'}${Math.abs(n).toLocaleString('en')}`;

function heapSection(heaps: readonly HeapGrowth[]): string[] {
  return [
    '## JS heap of the APIs',
    '',
    'V8 heap snapshots at half-time and 30 s before the end, under traffic (SOAK_HEAP_SNAPSHOTS=1; each pauses the API for a second or two and leaves its RSS higher, so the RSS trends of the APIs above do not hold in such a run): ' +
      "the heap after a full collection, and the kinds of object that grew most between them, in KB (count). A leak shows as the application's objects growing with the requests; compiled code grows while the JIT still optimizes hot functions.",
    '',
    table(
      ['process', 'half-time MB', 'end MB', 'grew most'],
      heaps.map((h) => [h.process, mb(h.beforeMb), mb(h.afterMb), h.top.map((g) => `${g.kind} ${signed(Math.round(g.bytes / 1024))} KB (${signed(g.count)})`).join('; ') || 'nothing']),
    ),
    '',
  ];
}
