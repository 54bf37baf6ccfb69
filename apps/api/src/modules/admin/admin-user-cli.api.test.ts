import { spawn } from 'node:child_process';
import { ADMIN_MESSAGES as M } from '@shop/contracts';
import { openDatabase } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { CURRENT_HASH } from '../../testing/legacy-hash.ts';
import { REPO_ROOT, runCli } from '../../testing/run-cli.ts';
import { DEMO_OWNER_EMAIL } from './demo-owner.ts';

/**
 * Issue #44: `npm run admin:user` creates or updates a back-office user while the shop runs (the
 * embedded database belongs to the API process, so the tool goes through it) and when it does not;
 * outside production a started API makes a demo owner and hands its line to `npm start`.
 */
const PASSWORD = 'Mestolo-Rosso-2026';
/** Nothing listens here: the tool finds no API. */
const NO_API = 'http://127.0.0.1:1';

/** Runs `npm run admin:user -- …` as its own process, with nothing of the test run's own settings. */
const adminUser = (args: string[], env: Record<string, string>) => runCli('admin-user.ts', args, { ADMIN_TOKEN: '', DATABASE_URL: '', ...env });

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.dispose();
});

const signIn = (email: string, password: string) => api.call('/api/admin/session', { body: { email, password } });

describe('npm run admin:user', { timeout: 180_000 }, () => {
  it('creates, then updates, a user through the running API: the tool never opens the database the API holds', async () => {
    const env = { DATA_DIR: api.dataDir, API_URL: api.url };
    const email = 'Commesso.Uno@bottega-pro.example';
    const created = await adminUser(['--email', email, '--password', PASSWORD, '--role', 'staff'], env);
    expect(created.stderr).toBe('');
    expect(created.stdout.trim()).toBe(`Created staff ${email} (through the API at ${api.url})`);
    expect(created.code).toBe(0);
    expect((await signIn(email.toLowerCase(), PASSWORD)).body.result).toMatchObject({ email, role: 'staff' });

    const updated = await adminUser(['--email', email.toLowerCase(), '--password', 'Padella-Verde-2027', '--role', 'owner'], env);
    expect(updated.stdout.trim()).toBe(`Updated owner ${email.toLowerCase()} (through the API at ${api.url})`);
    expect((await signIn(email, PASSWORD)).status).toBe(401);
    const owner = await signIn(email, 'Padella-Verde-2027');
    expect(owner.body.result.role).toBe('owner');
    const users = await api.call('/api/admin/users', { headers: { cookie: owner.headers.get('set-cookie')!.split(';')[0]! } });
    expect(users.body.result.filter((u: { email: string }) => u.email.toLowerCase() === email.toLowerCase())).toHaveLength(1);
  });

  it('refuses an easy password with the reason, and bad arguments with the usage; nothing is created', async () => {
    const env = { DATA_DIR: api.dataDir, API_URL: api.url };
    const weak = await adminUser(['--email', 'debole@bottega-pro.example', '--password', 'password1', '--role', 'staff'], env);
    expect(weak.code).toBe(1);
    expect(weak.stderr).toMatch(/answered 400: password: /);
    const bad = await adminUser(['--email', 'x@bottega-pro.example', '--password', PASSWORD, '--role', 'admin'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Usage: npm run admin:user');
    expect(await api.database.db.selectFrom('staff_user').select('id').where('email_key', 'in', ['debole@bottega-pro.example', 'x@bottega-pro.example']).execute()).toEqual([]);
  });

  it('the API’s tool route answers this machine with the admin token only', async () => {
    const body = { email: 'intruso@bottega-pro.example', password: PASSWORD, role: 'owner' };
    const fromElsewhere = await api.call('/api/internal/staff-users', { body, headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(fromElsewhere.status).toBe(403);
    expect(fromElsewhere.body.result).toBe(M.internalOnly);
    expect((await api.call('/api/internal/staff-users', { body })).status).toBe(401);
    expect((await api.call('/api/internal/staff-users', { body, headers: { authorization: 'Bearer not-the-token' } })).status).toBe(401);
  });

  it('without a running API it opens the database itself', async () => {
    const database = await freshDatabase(false);
    try {
      const ran = await adminUser(['--email', 'titolare@example.it', '--password', PASSWORD, '--role', 'owner'], {
        DATA_DIR: database.dataDir,
        DATABASE_URL: database.databaseUrl ?? '',
        API_URL: NO_API,
      });
      expect(ran.stderr).toBe('');
      expect(ran.stdout.trim()).toBe('Created owner titolare@example.it');
      const opened = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
      try {
        const row = await opened.db.selectFrom('staff_user').selectAll().executeTakeFirstOrThrow();
        expect(row).toMatchObject({ email: 'titolare@example.it', role: 'owner', totp_secret: null });
        expect(row.password_hash).toMatch(CURRENT_HASH);
        const audit = await opened.db.selectFrom('admin_audit').selectAll().execute();
        expect(audit.map((a) => [a.action, a.staff_email, a.object_id])).toEqual([['staff_user.create', 'cli', String(row.id)]]);
      } finally {
        await opened.close();
      }
    } finally {
      await database.drop();
    }
  });
});

/** The API processes a test started: none outlives the file, even when a test fails halfway. */
const mains: { stop(): Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(mains.map((main) => main.stop()));
});

/** Starts main.ts as `npm start` does (an IPC channel); resolves with its URL and the line it asks the parent to print. */
function startMain(env: Record<string, string>) {
  const keep = Object.fromEntries(Object.entries(process.env).filter(([name]) => ['PATH', 'HOME', 'TMPDIR', 'LANG'].includes(name)));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...keep, NODE_ENV: 'development', API_PORT: '0', SEED_DEMO: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  const ready = new Promise<{ url: string; notice: string | undefined }>((resolve, reject) => {
    let url: string | undefined;
    let message: { notice?: string } | undefined;
    const settle = () => url && message && resolve({ url, notice: message.notice });
    child.stdout!.on('data', (chunk) => {
      output += String(chunk);
      url ??= /Commerce API on (http:\/\/\S+)/.exec(output)?.[1];
      settle();
    });
    child.stderr!.on('data', (chunk) => (output += String(chunk)));
    child.on('message', (m) => {
      message = m as { notice?: string };
      settle();
    });
    child.on('exit', (code) => reject(new Error(`main.ts exited with ${code}: ${output}`)));
  });
  ready.catch(() => {});
  const stopped = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const main = {
    ready,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await stopped;
    },
  };
  mains.push(main);
  return main;
}

describe('the demo owner of npm start', () => {
  it('is made on the first start outside production, its line handed to npm start; later starts tell the same password until it changes', async () => {
    const database = await freshDatabase(true);
    const env = { DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl ?? '', MAIL_OUTBOX_DIR: `${database.dataDir}/outbox`, SHOP_URL: 'http://localhost:3000' };
    try {
      const first = startMain(env);
      const { url, notice } = await first.ready;
      expect(notice).toMatch(new RegExp(`^Back office at http://localhost:3000/admin \\(demo owner, not in production\\): ${DEMO_OWNER_EMAIL}, password (\\S+)$`));
      // Only the parent prints it: `npm start` shows it beside the shop's address.
      expect(first.output()).not.toContain(DEMO_OWNER_EMAIL);
      const password = /password (\S+)$/.exec(notice!)![1]!;
      const signedIn = await fetch(`${url}/api/admin/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: DEMO_OWNER_EMAIL, password }) });
      expect(((await signedIn.json()) as { result: unknown }).result).toMatchObject({ role: 'owner' });
      await first.stop();

      const second = startMain(env);
      expect((await second.ready).notice).toMatch(new RegExp(`password ${password}$`));
      // Someone gives the owner a password of their own (through the running API): it is not printed any more.
      const changed = await adminUser(['--email', DEMO_OWNER_EMAIL, '--password', 'Padella-Verde-2027', '--role', 'owner'], { DATA_DIR: database.dataDir, API_URL: (await second.ready).url });
      expect(changed.stdout).toContain(`Updated owner ${DEMO_OWNER_EMAIL}`);
      await second.stop();
      const third = startMain(env);
      expect((await third.ready).notice).toContain('password changed since it was made');
      await third.stop();

      const quiet = startMain({ ...env, DEMO_OWNER: 'false' });
      expect((await quiet.ready).notice).toBeUndefined();
      await quiet.stop();
    } finally {
      await database.drop();
    }
  }, 240_000);
});
