import { describe, expect, it } from 'vitest';
import { errorReportingConfig, reportingOrigin } from './config.ts';

const DSN = 'https://0123abcd@o42.ingest.de.sentry.io/4507';

describe('error reporting configuration', () => {
  it('is off without a DSN', () => {
    expect(errorReportingConfig({})).toBeNull();
    expect(errorReportingConfig({ SENTRY_DSN: ' ' })).toBeNull();
    expect(reportingOrigin(null)).toBeNull();
  });

  it('takes the DSN and the sample rates, with the spec\'s replay share by default', () => {
    expect(errorReportingConfig({ SENTRY_DSN: DSN, NODE_ENV: 'production' })).toEqual({
      dsn: DSN,
      environment: 'production',
      sampleRate: 1,
      tracesSampleRate: 0,
      replaysSessionSampleRate: 0.5,
      replaysOnErrorSampleRate: 1,
    });
    const tuned = errorReportingConfig({ SENTRY_DSN: DSN, SENTRY_ENVIRONMENT: 'staging', SENTRY_SAMPLE_RATE: '0.25', SENTRY_TRACES_SAMPLE_RATE: '0.1', SENTRY_REPLAYS_SESSION_SAMPLE_RATE: '0', SENTRY_REPLAYS_ON_ERROR_SAMPLE_RATE: '0.5' });
    expect(tuned).toMatchObject({ environment: 'staging', sampleRate: 0.25, tracesSampleRate: 0.1, replaysSessionSampleRate: 0, replaysOnErrorSampleRate: 0.5 });
    expect(reportingOrigin(tuned)).toBe('https://o42.ingest.de.sentry.io');
  });

  it('refuses a malformed DSN or rate', () => {
    expect(() => errorReportingConfig({ SENTRY_DSN: 'o42.ingest.sentry.io' })).toThrow(/SENTRY_DSN/);
    expect(() => errorReportingConfig({ SENTRY_DSN: DSN, SENTRY_SAMPLE_RATE: '50%' })).toThrow(/SENTRY_SAMPLE_RATE must be a number from 0 to 1/);
    expect(() => errorReportingConfig({ SENTRY_DSN: DSN, SENTRY_REPLAYS_SESSION_SAMPLE_RATE: '2' })).toThrow(/SENTRY_REPLAYS_SESSION_SAMPLE_RATE/);
  });
});
