import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../testing/api-harness.ts';
import { runCli } from '../testing/run-cli.ts';

const FIXTURES = fileURLToPath(new URL('../../../../../shared/fixtures/vsf/', import.meta.url));
const TOKEN = 'cli-test-token-'.padEnd(64, 'x');

/** Runs `npm run catalog:import -- …` as its own process. */
const runImport = (args: string[], env: Record<string, string>) => runCli('import.ts', args, { ADMIN_TOKEN: '', STOREFRONT_INTERNAL_URL: '', ...env });

let api: TestApi;
const tmp = mkdtempSync(join(tmpdir(), 'import-cli-'));
beforeAll(async () => {
  api = await startTestApi({ adminToken: TOKEN });
});
afterAll(async () => {
  await api?.dispose();
  rmSync(tmp, { recursive: true, force: true });
});

describe('npm run catalog:import', () => {
  it('imports through the running API and reports counts, skipped lines and the cache', async () => {
    const dump = join(tmp, 'products.ndjson');
    const hit = (id: number, sku: string) => JSON.stringify({ _index: 'vue_storefront_catalog_product_1', _type: '_doc', _id: String(id), _source: { id, sku, name: `Prodotto ${id}`, type_id: 'simple', price: 10 } });
    writeFileSync(dump, [hit(800_001, 'CLI-1'), '{"_index": "broken', hit(800_002, 'CLI-2')].join('\n'));
    const { code, stdout, stderr } = await runImport([join(FIXTURES, 'catalog_it_review.json'), dump], { API_URL: api.url, ADMIN_TOKEN: TOKEN });
    expect(code, stderr).toBe(0);
    expect(stdout).toContain(`into the API at ${api.url}`);
    expect(stdout).toMatch(/^product\s+2\s+2\s+0\s+0\s+0$/m);
    // The test database holds demo reviews under some of the same ids: new plus updated make 970.
    const [, inserted, updated] = /^review\s+971\s+(\d+)\s+(\d+)\s+0\s+1$/m.exec(stdout) ?? [];
    expect(Number(inserted) + Number(updated)).toBe(970);
    expect(stdout).toContain('Products by type: simple 2');
    expect(stdout).toContain(`${dump}:2  malformed JSON`);
    expect(stdout).toContain('catalog_it_review.json:27  product_id must be a whole number');
    expect(stderr).toContain('reading ');
  });

  it('stops with exit code 1 when the API refuses the token', async () => {
    const { code, stdout } = await runImport([join(FIXTURES, 'catalog_it_taxrule.json')], { API_URL: api.url, ADMIN_TOKEN: 'w'.repeat(40) });
    expect(code).toBe(1);
    expect(stdout).toContain('Import STOPPED');
    expect(stdout).toContain('refused the admin token (401)');
  });

  it('writes the database itself when no API answers', async () => {
    const env = { API_URL: 'http://127.0.0.1:9', DATA_DIR: join(tmp, 'db'), DATABASE_URL: '' };
    const first = await runImport([join(FIXTURES, 'catalog_it_category.json')], env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(`into the embedded database at ${join(tmp, 'db')}`);
    expect(first.stdout).toMatch(/^category\s+48\s+48\s+0\s+0\s+0$/m);
    const again = await runImport([join(FIXTURES, 'catalog_it_category.json')], env);
    expect(again.stdout).toMatch(/^category\s+48\s+0\s+0\s+48\s+0$/m);
    expect(again.stdout).toContain('Cache: nothing changed');
  }, 120_000);

  it('answers bad usage with exit code 2 and an unreadable path with 1', async () => {
    expect((await runImport([], {})).code).toBe(2);
    expect((await runImport(['--products', '5'], {})).code).toBe(2);
    const missing = await runImport([join(tmp, 'nowhere.json')], {});
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no such file or folder');
  });
});
