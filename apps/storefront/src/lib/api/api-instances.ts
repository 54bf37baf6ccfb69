/**
 * SERVER ONLY (see client.ts). The commerce API instances this storefront may use: API_INTERNAL_URL
 * names one origin, or several comma-separated with this storefront's own first (ADR 0024). With
 * several, each one's `GET /api/health/ready` is probed every second and requests go to the first that
 * answered its last probe, so a frozen or dead API is left within about a second.
 */
import { get as httpGet } from 'node:http';
import { get as httpsGet } from 'node:https';

const PROBE_INTERVAL_MS = 1000;
const PROBE_TIMEOUT_MS = 800;

interface Instances {
  /** The API_INTERNAL_URL value this state is for. */
  list: string;
  urls: string[];
  /** Instances whose last probe, or a request since, failed. */
  down: Set<string>;
  timer: NodeJS.Timeout | undefined;
}

/**
 * Next bundles proxy.ts and the app separately, so this module is loaded twice in one process:
 * the state lives on globalThis, for one probe loop per process.
 */
const STATE = Symbol.for('shop.storefront.apiInstances');
const shared = globalThis as typeof globalThis & { [STATE]?: Instances };

/**
 * Whether `url`'s readiness answers 2xx within PROBE_TIMEOUT_MS. Through node:http, not `fetch`:
 * the probe loop starts inside whichever request first needs an API, possibly a page render,
 * and its timer keeps that request's async context; Next's patched `fetch` would then treat
 * every later probe as a no-store read of that long-finished render, and fail it.
 */
function answers(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const get = url.startsWith('https:') ? httpsGet : httpGet;
    const req = get(`${url}/api/health/ready`, { timeout: PROBE_TIMEOUT_MS, agent: false }, (res) => {
      res.resume();
      resolve((res.statusCode ?? 0) >= 200 && (res.statusCode ?? 0) < 300);
    });
    // Refused, reset or timed out: down.
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });
}

async function probe(instances: Instances, url: string): Promise<void> {
  if (await answers(url)) instances.down.delete(url);
  else instances.down.add(url);
}

/** The state for `list`, made (and its probe loop started, when it names several) on first use or when the list changed. */
function instancesFor(list: string): Instances {
  const current = shared[STATE];
  if (current?.list === list) return current;
  clearInterval(current?.timer);
  const urls = list
    .split(',')
    .map((url) => url.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  const instances: Instances = { list, urls, down: new Set(), timer: undefined };
  if (urls.length > 1) {
    instances.timer = setInterval(() => urls.forEach((url) => void probe(instances, url)), PROBE_INTERVAL_MS).unref();
  }
  shared[STATE] = instances;
  return instances;
}

/**
 * The instance to send a request to: the first of `list` that answers (the preferred one when it
 * does); the first listed when none does, so that errors read as with a single API.
 */
export function availableApi(list: string): string {
  const { urls, down } = instancesFor(list);
  return urls.find((url) => !down.has(url)) ?? urls[0] ?? list;
}

/** A request could not reach `url`: leave it until a probe finds it answering again. */
export function markApiDown(url: string): void {
  const instances = shared[STATE];
  if (instances && instances.urls.length > 1 && instances.urls.includes(url)) instances.down.add(url);
}
