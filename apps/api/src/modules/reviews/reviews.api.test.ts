import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { upsertProducts } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { productFactory } from '../../testing/products.ts';
import { staffSession } from '../../testing/staff-session.ts';
import { OWASP_XSS } from '../../../../../packages/domain/src/plain-text.fixture.ts';
import { ALREADY_REVIEWED, REVIEWS_PER_HOUR } from './service.ts';

const SECRET = 'revalidate-secret-for-tests';
let api: TestApi;
let storefront: Server;
let staff: Record<string, string>;
const revalidated: string[][] = [];
const product = productFactory(988_000);
const KNIFE = product('RV-KNIFE', 40);
const GLOVE = product('RV-GLOVE', 9);

beforeAll(async () => {
  // A stand-in storefront that records the tags an approval expires.
  storefront = createServer(async (req, res) => {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    revalidated.push(JSON.parse(text).tags);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => storefront.listen(0, '127.0.0.1', resolve));
  api = await startTestApi({ storefrontInternalUrl: `http://127.0.0.1:${(storefront.address() as AddressInfo).port}`, revalidateSecret: SECRET });
  await upsertProducts(api.database.db, [KNIFE, GLOVE]);
  staff = await staffSession(api);
});
afterAll(async () => {
  await api?.dispose();
  await new Promise((resolve) => storefront?.close(resolve));
});

let nextAddress = 1;
/** Each test writes from its own client address (X-Forwarded-For from the trusted loopback proxy). */
const from = () => ({ 'x-forwarded-for': `198.51.100.${nextAddress++}` });
let nextEmail = 1;
async function customer(): Promise<string> {
  const email = `recensore${nextEmail++}@example.it`;
  const password = 'Coltello-2026';
  expect((await api.call('/api/user/create', { body: { customer: { email, firstname: 'Anna', lastname: 'Bianchi' }, password } })).status).toBe(200);
  return (await api.call('/api/user/login', { body: { username: email, password } })).body.result as string;
}
const review = (over: Record<string, unknown> = {}) => ({ review: { product_id: KNIFE.id, title: 'Affilato', detail: 'Taglia benissimo anche dopo mesi.', nickname: 'Anna', rating: 4, ...over } });
const write = (token: string | undefined, body: unknown, headers: Record<string, string> = from()) =>
  api.call('/api/review/create', { body, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
/** The staff approves it in the back office (modules/admin-reviews has the moderation's own tests). */
const approve = (id: number) => api.call(`/api/admin/reviews/${id}/approve`, { method: 'POST', headers: staff });
const approvedOf = async (productId: number) =>
  (await api.call('/api/catalog', { body: { entityType: 'review', filters: { product_id: { eq: productId }, review_status: { eq: 1 } } } })).body.result.items as { id: number; detail: string; title: string }[];

describe('POST /api/review/create', () => {
  it('stores a signed-in customer’s review as pending until approved, then shows it and expires the product’s pages', async () => {
    const token = await customer();
    const res = await write(token, { review: { ...review().review, review_entity: 'product', review_status: 1, customer_id: 1 } });
    expect(res.body).toMatchObject({ code: 200, result: { product_id: KNIFE.id, title: 'Affilato', nickname: 'Anna', review_status: 2, ratings: [{ value: 4, percent: 80 }] } });
    const id = res.body.result.id as number;
    expect(await approvedOf(KNIFE.id)).toEqual([]);

    const mine = await api.call('/api/user/reviews', { headers: { authorization: `Bearer ${token}` } });
    expect(mine.body.result).toEqual([expect.objectContaining({ id, review_status: 2, product: { sku: 'RV-KNIFE', name: 'Prodotto RV-KNIFE', url: expect.stringMatching(/^\/p\/RV-KNIFE\//) } })]);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');

    const queue = await api.call('/api/admin/reviews', { headers: staff });
    expect(queue.body.result.items).toContainEqual(expect.objectContaining({ id, status: 'pending', customer: { id: expect.any(Number), email: expect.stringMatching(/^recensore\d+@example\.it$/) } }));

    const approved = await approve(id);
    expect(approved.body.result).toMatchObject({ review: { id, status: 'approved' }, changed: true, cache: { tags: 2, status: 'sent' } });
    expect(revalidated.at(-1)).toEqual([`P${KNIFE.id}`, 'PSRV-KNIFE']);
    expect((await approvedOf(KNIFE.id)).map((r) => r.id)).toEqual([id]);
    expect((await api.call('/api/user/reviews', { headers: { authorization: `Bearer ${token}` } })).body.result).toEqual([expect.objectContaining({ id, review_status: 1 })]);
  });

  it('takes one review per customer and product; a bad token is 401, none a guest’s review (issue #47)', async () => {
    const token = await customer();
    expect((await write(token, review({ product_id: GLOVE.id }))).status).toBe(200);
    const again = await write(token, review({ product_id: GLOVE.id, title: 'Di nuovo' }));
    expect(again.body).toEqual({ code: 409, result: ALREADY_REVIEWED });
    const guest = await write(undefined, review());
    expect(guest.body.result).toMatchObject({ review_status: 2, nickname: 'Anna' });
    expect((await write('not-a-token', review())).status).toBe(401);
    expect((await write(token, review({ product_id: 123_456_789 }))).body).toEqual({ code: 404, result: 'Product not found' });
  });

  it('answers bad input with a 400 naming the field', async () => {
    const token = await customer();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ product_id: 'uno' }, /review\.product_id/],
      [{ product_id: -1 }, /review\.product_id/],
      [{ title: '' }, /review\.title: title must not be empty/],
      [{ title: 'x'.repeat(101) }, /review\.title/],
      [{ detail: 'corto' }, /review\.detail: detail must have at least 10 characters/],
      [{ detail: 'x'.repeat(2001) }, /review\.detail/],
      [{ nickname: 'A' }, /review\.nickname/],
      [{ rating: 6 }, /review\.rating: rating must be 1 to 5/],
      [{ rating: 2.5 }, /review\.rating/],
      [{ title: 'Nul\u0000l' }, /review\.title: must not contain control characters/],
      [{ title: '<b></b>' }, /review\.title: must hold text, not only markup/],
    ];
    for (const [over, message] of cases) {
      const res = await write(token, review(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.result).toMatch(message);
    }
    expect((await write(token, { product_id: KNIFE.id })).status).toBe(400);
  });

  it('keeps stored-XSS payloads inert: no markup is stored or answered', async () => {
    const token = await customer();
    const payloads = OWASP_XSS.join(' ');
    const res = await write(token, review({ product_id: GLOVE.id, title: `Guanti <script>alert(1)</script>`, detail: `Buoni guanti ${payloads}`, nickname: 'Anna<img src=x onerror=alert(1)>' }));
    expect(res.status).toBe(200);
    const stored = JSON.stringify(res.body.result);
    expect(stored).not.toMatch(/<[a-z!/?]/i);
    expect(res.body.result).toMatchObject({ title: 'Guanti alert(1)', nickname: 'Anna' });
    expect(res.body.result.detail).toMatch(/^Buoni guanti /);
    expect((await approve(res.body.result.id)).status).toBe(200);
    expect(JSON.stringify(await approvedOf(GLOVE.id))).not.toMatch(/<[a-z!/?]/i);
  });

  it(`takes ${REVIEWS_PER_HOUR} reviews an hour from one address, then answers 429 with Retry-After`, async () => {
    const token = await customer();
    const address = from();
    for (let i = 0; i < REVIEWS_PER_HOUR; i++) expect((await write(token, review({ product_id: KNIFE.id }), address)).status).not.toBe(429);
    const limited = await write(token, review({ product_id: KNIFE.id }), address);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await write(token, review({ product_id: KNIFE.id }), from())).status).toBe(409);
  });
});
