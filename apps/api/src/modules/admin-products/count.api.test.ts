import { countAdminProducts } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';

/** The list's count on request (`count=yes`) stops reading past its cap: a common word or the whole catalogue has tens of thousands of matches. */
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.dispose();
});

describe('countAdminProducts', () => {
  it('counts every match, or up to one more than asked for', async () => {
    const db = api.database.db;
    const all = await countAdminProducts(db, {});
    expect(all).toBeGreaterThan(20);
    expect(await countAdminProducts(db, {}, 10)).toBe(11);
    expect(await countAdminProducts(db, {}, all)).toBe(all);
    expect(await countAdminProducts(db, { status: 2 }, all)).toBe(await countAdminProducts(db, { status: 2 }));
  });
});
