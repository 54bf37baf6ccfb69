import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './connect.ts';
import { DataDirLockedError } from './driver/data-dir-lock.ts';
import { jsonb } from './sql-values.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const dirs: string[] = [];
const open: Database[] = [];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'shop-db-test-'));
  dirs.push(dir);
  return dir;
}

afterEach(async () => {
  for (const db of open.splice(0)) await db.close().catch(() => {});
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// These tests are about the embedded database; on the server run they use it all the same.
describe('embedded database', () => {
  it('keeps its data across a restart', async () => {
    const dataDir = tempDir();
    const first = await openDatabase({ dataDir });
    await first.db.insertInto('tax_rule').values({ id: 7, doc: jsonb({ code: 'IVA 22' }) }).execute();
    await first.close();

    const second = await openDatabase({ dataDir });
    open.push(second);
    const rows = await second.db.selectFrom('tax_rule').selectAll().execute();
    expect(rows).toEqual([{ id: 7, doc: { code: 'IVA 22' } }]);
  });

  it('refuses a second opener of the same directory with a clear message', async () => {
    const dataDir = tempDir();
    open.push(await openDatabase({ dataDir }));
    await expect(openDatabase({ dataDir })).rejects.toThrow(DataDirLockedError);
    await expect(openDatabase({ dataDir })).rejects.toThrow(/already in use by process \d+/);
  });

  it('makes a second API process on the same directory stop with that message', async () => {
    const dataDir = tempDir();
    open.push(await openDatabase({ dataDir }));
    const child = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, API_PORT: '0', SEED_DEMO: 'false' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(child.status).toBe(1);
    expect(child.stderr).toContain(`The embedded database at ${dataDir} is already in use by process ${process.pid}`);
    expect(child.stderr).not.toMatch(/\n\s+at /); // one clear line, no stack trace
  });

  it('rolls back a failed transaction and keeps serving other queries', async () => {
    const database = await openDatabase({ dataDir: tempDir() });
    open.push(database);
    await expect(
      database.db.transaction().execute(async (trx) => {
        await trx.insertInto('tax_rule').values({ id: 1, doc: jsonb({}) }).execute();
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const count = await database.db.selectFrom('tax_rule').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    expect(Number(count?.n)).toBe(0);
  });
});
