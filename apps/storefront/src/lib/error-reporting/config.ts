/**
 * SERVER: error reporting to Sentry (ADR 0022), configured by the environment at run time.
 * Without `SENTRY_DSN` there is none: no SDK loaded, no request, nothing in the CSP.
 *
 * - `SENTRY_DSN`: the project's DSN, `https://<key>@<host>/<project>`.
 * - `SENTRY_ENVIRONMENT`: default `NODE_ENV`.
 * - `SENTRY_SAMPLE_RATE`: share of errors sent, 0–1 (default 1).
 * - `SENTRY_TRACES_SAMPLE_RATE`: share of page loads traced, 0–1 (default 0: none).
 * - `SENTRY_REPLAYS_SESSION_SAMPLE_RATE`: share of visits recorded by session replay, text and
 *   inputs masked (default 0.5, shopping.md §9), and `SENTRY_REPLAYS_ON_ERROR_SAMPLE_RATE` of
 *   visits with an error (default 1).
 */
export interface ErrorReportingConfig {
  dsn: string;
  environment: string;
  sampleRate: number;
  tracesSampleRate: number;
  replaysSessionSampleRate: number;
  replaysOnErrorSampleRate: number;
}

type Env = Readonly<Record<string, string | undefined>>;

/** A share between 0 and 1; a malformed value is refused loudly (a typo must not silently send everything). */
function rate(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 1) throw new Error(`${name} must be a number from 0 to 1, not "${raw}"`);
  return value;
}

/** The DSN's shape: a key, a host and a numeric project. */
const DSN = /^https?:\/\/[A-Za-z0-9]+@[A-Za-z0-9.-]+(:\d+)?\/\d+$/;

export function errorReportingConfig(env: Env = process.env): ErrorReportingConfig | null {
  const dsn = env['SENTRY_DSN']?.trim() ?? '';
  if (dsn === '') return null;
  if (!DSN.test(dsn)) throw new Error('SENTRY_DSN must be a Sentry DSN such as https://<key>@o0.ingest.sentry.io/<project>');
  return {
    dsn,
    environment: env['SENTRY_ENVIRONMENT']?.trim() || env['NODE_ENV'] || 'production',
    sampleRate: rate(env, 'SENTRY_SAMPLE_RATE', 1),
    tracesSampleRate: rate(env, 'SENTRY_TRACES_SAMPLE_RATE', 0),
    replaysSessionSampleRate: rate(env, 'SENTRY_REPLAYS_SESSION_SAMPLE_RATE', 0.5),
    replaysOnErrorSampleRate: rate(env, 'SENTRY_REPLAYS_ON_ERROR_SAMPLE_RATE', 1),
  };
}

/** Where the browser sends its reports (the CSP's connect-src): the DSN's origin. */
export const reportingOrigin = (config: ErrorReportingConfig | null): string | null => (config ? new URL(config.dsn).origin : null);

let current: { config: ErrorReportingConfig | null } | undefined;

/**
 * The running storefront's configuration, read once. A malformed one is reported loudly at the
 * first use (the server's start: instrumentation.ts) and leaves error reporting off rather than
 * breaking every page.
 */
export function currentErrorReporting(): ErrorReportingConfig | null {
  if (!current) {
    try {
      current = { config: errorReportingConfig() };
    } catch (error) {
      console.error(`Error reporting is off: ${(error as Error).message}`);
      current = { config: null };
    }
  }
  return current.config;
}
