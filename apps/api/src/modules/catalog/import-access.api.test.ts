import { ADMIN_MESSAGES as A, API_KEY_MESSAGES as K } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { productFactory } from '../../testing/products.ts';
import { staffSession } from '../../testing/staff-session.ts';

/**
 * Issue #45 point 7: an ERP keeps the catalogue in step through `POST /api/admin/catalog/import`
 * with an API key holding `catalog:write`, beside the shop's own tools and their admin token. One
 * guard admits either (and the owner's session); each batch is audited with who sent it.
 */
const TOKEN = 'import-access-admin-token-'.padEnd(64, 'x');
const product = productFactory(985_000);
let api: TestApi;
let owner: Record<string, string>;
let staff: Record<string, string>;

beforeAll(async () => {
  api = await startTestApi({ adminToken: TOKEN });
  owner = await staffSession(api, 'owner');
  staff = await staffSession(api, 'staff');
});
afterAll(async () => {
  await api?.dispose();
});

const importing = (docs: object[], headers: Record<string, string>) => api.call('/api/admin/catalog/import', { body: { entity: 'product', docs }, headers });
/** The product's price as the public catalogue answers it; undefined when there is no such product. */
const priceOf = async (sku: string) => ((await api.call('/api/catalog', { body: { entityType: 'product', filters: { sku: { eq: sku } }, includeFields: ['sku', 'price'] } })).body.result.items as { price: number }[])[0]?.price;
const keyWith = async (scopes: string[], name: string) => {
  const res = await api.call('/api/admin/api-keys', { body: { name, scopes }, headers: owner });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.result.id as number, authorization: `Bearer ${res.body.result.key as string}` };
};
const auditOf = async (entity: string) => (await api.call(`/api/admin/audit?object=catalog:${entity}`, { headers: owner })).body.result as { action: string; staffEmail: string; after: unknown }[];

describe('who may import catalogue documents', () => {
  it('the shop’s tools with the admin token, audited as cli', async () => {
    const doc = product('IMP-TOKEN', 10);
    const res = await importing([doc], { authorization: `Bearer ${TOKEN}` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toMatchObject({ entity: 'product', received: 1, inserted: 1 });
    expect(await priceOf('IMP-TOKEN')).toBe(10);
    expect((await auditOf('product')).at(-1)).toMatchObject({ action: 'catalog.import', staffEmail: 'cli', after: { received: 1, ids: [doc.id] } });
  });

  it('an ERP’s API key with catalog:write, audited as the key; other scopes 403, a revoked key 401', async () => {
    const erp = await keyWith(['catalog:write'], 'ERP magazzino');
    const doc = product('IMP-ERP', 20);
    const res = await importing([doc], { authorization: erp.authorization });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await priceOf('IMP-ERP')).toBe(20);
    expect((await auditOf('product')).at(-1)).toMatchObject({ action: 'catalog.import', staffEmail: 'chiave API ERP magazzino', after: { received: 1, ids: [doc.id] } });
    // The ERP changes the price: the next batch is the catalogue.
    expect((await importing([{ ...doc, price: 22 }], { authorization: erp.authorization })).body.result).toMatchObject({ updated: 1 });
    expect(await priceOf('IMP-ERP')).toBe(22);

    const accountant = await keyWith(['orders:read', 'orders:write'], 'Commercialista');
    const refused = await importing([product('IMP-NO', 5)], { authorization: accountant.authorization });
    expect(refused.body).toEqual({ code: 403, result: K.missingScope.replace('{scope}', 'catalog:write') });
    expect(await priceOf('IMP-NO')).toBeUndefined();

    expect((await api.call(`/api/admin/api-keys/${erp.id}`, { method: 'DELETE', headers: owner })).status).toBe(200);
    expect((await importing([{ ...doc, price: 1 }], { authorization: erp.authorization })).body).toEqual({ code: 401, result: K.invalid });
    expect(await priceOf('IMP-ERP')).toBe(22);
  });

  it('the owner’s session with its CSRF token; not the staff’s, a customer’s token or a wrong token', async () => {
    expect((await importing([product('IMP-OWNER', 30)], owner)).status).toBe(200);
    expect((await auditOf('product')).at(-1)).toMatchObject({ staffEmail: expect.stringMatching(/^owner-sessione-\d+@bottega-pro\.example$/) });
    expect((await importing([product('IMP-STAFF', 30)], staff)).body).toEqual({ code: 403, result: A.ownerOnly });
    expect((await importing([product('IMP-CSRF', 30)], { cookie: owner.cookie! })).body).toEqual({ code: 403, result: A.csrfMissing });
    expect((await importing([product('IMP-WRONG', 30)], { authorization: `Bearer ${TOKEN}x` })).body).toEqual({ code: 401, result: A.toolToken });
    expect((await importing([product('IMP-NONE', 30)], {})).body).toEqual({ code: 401, result: A.signInRequired });
    for (const sku of ['IMP-STAFF', 'IMP-CSRF', 'IMP-WRONG', 'IMP-NONE']) expect(await priceOf(sku), sku).toBeUndefined();
  });
});
