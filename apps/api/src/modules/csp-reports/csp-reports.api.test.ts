import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';

/** Issue #43 item 5: the storefront's CSP reports violations here; each is logged, per-address limited and size-limited. */
let api: TestApi;
const LIMITS = { perAddress: 3, perProcess: 6, windowSeconds: 60, maxBodyBytes: 4096 };
beforeAll(async () => {
  api = await startTestApi({ cspReportLimits: LIMITS });
});
afterAll(async () => {
  await api?.dispose();
});

const from = (address: string, type = 'application/csp-report') => ({ 'x-forwarded-for': address, 'content-type': type });
const report = (blocked: string) =>
  JSON.stringify({ 'csp-report': { 'document-uri': 'http://shop.test/c/coltelli', 'effective-directive': 'script-src-elem', 'blocked-uri': blocked, 'source-file': 'http://shop.test/c/coltelli', 'line-number': 12 } });

describe('POST /api/csp-report', () => {
  it('logs a report-uri report and a Reporting API batch, one line per violation, without control characters', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const first = await api.call('/api/csp-report', { rawBody: report('inline\n[FAKE] admin logged in'), headers: from('198.51.100.1') });
      expect(first.status).toBe(202);
      expect(first.body).toEqual({ code: 202, result: 'recorded' });
      const batch = [
        { type: 'csp-violation', url: 'http://shop.test/', body: { documentURL: 'http://shop.test/', effectiveDirective: 'script-src-elem', blockedURL: 'https://evil.example/x.js' } },
        { type: 'deprecation', body: { id: 'x' } },
      ];
      const second = await api.call('/api/csp-report', { rawBody: JSON.stringify(batch), headers: from('198.51.100.1', 'application/reports+json') });
      expect(second.status).toBe(202);
      const lines = warn.mock.calls.map((call) => String(call[0])).filter((line) => line.startsWith('CSP violation'));
      expect(lines).toEqual([
        'CSP violation: script-src-elem blocked inline [FAKE] admin logged in on http://shop.test/c/coltelli (http://shop.test/c/coltelli:12)',
        'CSP violation: script-src-elem blocked https://evil.example/x.js on http://shop.test/',
      ]);
    } finally {
      warn.mockRestore();
    }
  });

  it('refuses a body over its limit (413), one that is no report (400), and more than its count per address (429)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const big = await api.call('/api/csp-report', { rawBody: report('x'.repeat(5000)), headers: from('198.51.100.2') });
      expect(big.status).toBe(413);
      expect(big.body).toEqual({ code: 413, result: 'Request body too large: this request accepts at most 4 KiB' });
      const junk = await api.call('/api/csp-report', { rawBody: '{"hello":1}', headers: from('198.51.100.2') });
      expect(junk.status).toBe(400);
      expect(junk.body.result).toMatch(/^Invalid request body: a CSP report/);
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push((await api.call('/api/csp-report', { rawBody: report('inline'), headers: from('198.51.100.3') })).status);
      const over = await api.call('/api/csp-report', { rawBody: report('inline'), headers: from('198.51.100.3') });
      expect(answers).toEqual([202, 202, 202]);
      expect(over.status).toBe(429);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      // The process-wide count: other addresses are refused too once it is spent (6 a minute here, all 6 spent).
      expect((await api.call('/api/csp-report', { rawBody: report('inline'), headers: from('198.51.100.4') })).status).toBe(429);
    } finally {
      warn.mockRestore();
    }
  });
});
