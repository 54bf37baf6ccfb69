import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { readOutbox } from '../mail/eml.ts';
import { TEST_SHOP_LINE, TEST_SHOP_SUBJECT_PREFIX } from '../mail/test-shop.ts';

/**
 * Issue #43 item 4: the API started in production (`node apps/api/src/main.ts`, as start:prod and
 * the systemd unit start it) refuses test payment settings, naming each variable, unless
 * PAYMENTS_TEST_MODE=true says the shop is a test shop; then it starts and marks every mail.
 */
const API_DIR = fileURLToPath(new URL('../../../', import.meta.url));
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const tempDir = (label: string) => {
  const dir = mkdtempSync(join(tmpdir(), `api-${label}-`));
  dirs.push(dir);
  return dir;
};

/** A data folder holding the test run's migrated embedded database: starting needs no migration. */
function migratedDataDir(): string {
  const dir = tempDir('data');
  cpSync(inject('pgliteTemplateDir'), dir, { recursive: true });
  return dir;
}

/** A production environment with real seller data, the given payment settings, and nothing from the test run's own environment that could decide. */
function productionEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const keep = Object.fromEntries(Object.entries(process.env).filter(([name]) => ['PATH', 'HOME', 'TMPDIR', 'LANG'].includes(name)));
  return {
    ...keep,
    NODE_ENV: 'production',
    API_PORT: '0',
    DATA_DIR: migratedDataDir(),
    MAIL_OUTBOX_DIR: tempDir('outbox'),
    SEED_DEMO: 'false',
    SELLER_NAME: 'Bottega Pro srl',
    SELLER_VAT_ID: '01234560157',
    SELLER_ADDRESS: 'Via Roma 1, 20121 Milano (MI)',
    SELLER_PHONE: '+39 02 1234567',
    SELLER_EMAIL: 'info@bottega-pro.example',
    ...extra,
  };
}

/** Starts main.ts; settles with its exit (code and output), or with its URL once it listens. */
function startApi(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: API_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const started = new Promise<{ url?: string; code?: number | null; output: string }>((resolve) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const url = /Commerce API on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve({ url, output });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => resolve({ code, output }));
  });
  return { child, started };
}

const TEST_SETUP = {
  STRIPE_SECRET_KEY: 'sk_test_51Hx0000000000000000',
  STRIPE_WEBHOOK_SECRET: 'whsec_test0000000000',
  STRIPE_API_URL: 'http://127.0.0.1:3101',
  ALMA_API_KEY: 'sk_test_alma000000000',
  ALMA_API_URL: 'http://127.0.0.1:3102',
  PAYPAL_CLIENT_ID: 'sandbox-client-0000',
  PAYPAL_CLIENT_SECRET: 'sandbox-secret-0000',
  PAYPAL_API_URL: 'https://api-m.sandbox.paypal.com',
};

// The start-up check is the same on either database: the processes start on a copy of the
// embedded template, so the PostgreSQL run (no such template) leaves them to the embedded one.
describe.skipIf(process.env.DATABASE_URL)('production payment settings', () => {
  it('refuses to start with a test key or a sandbox origin, naming every variable', async () => {
    const { started } = startApi(productionEnv(TEST_SETUP));
    const { code, output, url } = await started;
    expect(url).toBeUndefined();
    expect(code).toBe(1);
    expect(output).toContain('Invalid configuration');
    for (const variable of Object.keys(TEST_SETUP).filter((name) => !['STRIPE_WEBHOOK_SECRET', 'PAYPAL_CLIENT_SECRET'].includes(name))) {
      expect(output).toMatch(new RegExp(`^  ${variable}: .*PAYMENTS_TEST_MODE=true`, 'm'));
    }
    expect(output).toContain('STRIPE_SECRET_KEY: is a test key (sk_test_…)');
    expect(output).toContain('PAYPAL_API_URL: points at https://api-m.sandbox.paypal.com');
  }, 180_000);

  it('refuses one test key alone, and starts with live settings', async () => {
    const refused = await startApi(productionEnv({ ALMA_API_KEY: 'sk_test_alma000000000' })).started;
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/^ {2}ALMA_API_KEY: is a test key/m);
    expect(refused.output).not.toMatch(/^ {2}(ALMA_API_URL|PAYPAL_API_URL|STRIPE_SECRET_KEY):/m);
    const live = startApi(productionEnv({ STRIPE_SECRET_KEY: 'sk_live_51Hx0000000000000000', STRIPE_WEBHOOK_SECRET: 'whsec_live000000000' }));
    try {
      expect((await live.started).url).toMatch(/^http:/);
    } finally {
      live.child.kill('SIGTERM');
    }
  }, 240_000);

  it('starts a test shop with PAYMENTS_TEST_MODE=true and marks its mails', async () => {
    const env = productionEnv({ ...TEST_SETUP, PAYMENTS_TEST_MODE: 'true' });
    const api = startApi(env);
    try {
      const { url, output } = await api.started;
      expect(url, output).toMatch(/^http:/);
      expect(output).toContain('PAYMENTS_TEST_MODE=true: a test shop');
      const subscribed = await fetch(`${url}/api/ext/mailchimp-subscribe/subscribe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'prova@example.it' }),
      });
      expect(subscribed.status).toBe(200);
      const outbox = env['MAIL_OUTBOX_DIR']!;
      await expect.poll(() => readOutbox(outbox).length, { timeout: 15_000 }).toBe(1);
      const [mail] = readOutbox(outbox);
      expect(mail!.subject.startsWith(`${TEST_SHOP_SUBJECT_PREFIX} `), mail!.subject).toBe(true);
      expect(mail!.text.startsWith(TEST_SHOP_LINE)).toBe(true);
      expect(mail!.html).toContain(TEST_SHOP_LINE);
    } finally {
      api.child.kill('SIGTERM');
    }
  }, 240_000);
});
