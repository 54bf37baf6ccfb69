import { sampleAddress, sampleCompanyBilling } from '@shop/contracts/sample-order';
import { sandboxCredentials, startSandboxes } from '@shop/sandboxes';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestApi } from '../api-harness.ts';
import { orderHelpers } from '../orders.ts';
import { closeConnections, describe as describeRequest, operationsOf, requestArbitrary, send, type FuzzAnswer, type FuzzRequest, type OpenApiDocument } from './requests.ts';
import { FIELD_NAME, HUGE_LENGTH, type Hints } from './schema-arbitraries.ts';

/**
 * Issue 17: every operation of /api/openapi.json is sent property-based requests, valid and broken
 * (wrong types, missing and extra fields, huge, deeply nested, NUL, astral and RTL strings, odd path
 * segments, malformed tokens). No answer may be a 5xx, every 4xx is the `{ code, result }` envelope
 * with a message a client can read, and every request is answered in time.
 *
 * The online payment methods run against the local sandboxes (@shop/sandboxes), so their routes are
 * in the document and fuzzed too; nothing is skipped.
 *
 * A bounded, reproducible run (seed 17, 100 requests per operation; `npm test` asks 60 and 40 of the two databases); FUZZ_RUNS
 * and FUZZ_SEED make a long or another one: `npm run bench` runs it long with a new seed (bench/fuzz.ts).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const SEED = Number(process.env.FUZZ_SEED ?? 17);
const ANSWER_TIMEOUT_MS = 15_000;
const MAX_SHRINK_REQUESTS = 200;
const PASSWORD = 'Fuzz-password-1';
const ADMIN_TOKEN = 'fuzz-admin-token-0123456789abcdef';

const credentials = sandboxCredentials('fuzz');
let apiUrl = '';
const sandboxes = await startSandboxes({ credentials, stripeWebhookUrl: () => `${apiUrl}/api/ext/stripe/webhook` });
const api = await startTestApi({
  adminToken: ADMIN_TOKEN,
  // The customer's token must outlive a long run.
  accessTokenSeconds: 24 * 3600,
  onlinePayments: {
    stripe: { ...credentials.stripe, apiUrl: sandboxes.urls.stripe },
    alma: { ...credentials.alma, apiUrl: sandboxes.urls.alma },
    paypal: { ...credentials.paypal, apiUrl: sandboxes.urls.paypal },
  },
});
apiUrl = api.url;
afterAll(async () => {
  closeConnections();
  await api.dispose();
  await sandboxes.stop();
});

const document = (await api.call('/api/openapi.json')).body as OpenApiDocument;

// What the fuzz needs to get past the handlers' first checks: products, carts, a customer, an order.
const visible = { visibility: { in: [2, 3, 4] }, status: { in: [1] }, type_id: { eq: 'simple' } };
const products = await api.call('/api/catalog', { body: { entityType: 'product', filters: visible, size: 8, includeFields: ['sku'] } });
const skus = (products.body.result.items as { sku: string }[]).map((p) => p.sku);
const email = 'fuzz@example.it';
await api.call('/api/user/create', { body: { customer: { email, firstname: 'Fuzz', lastname: 'Tester' }, password: PASSWORD } });
// Registration answers alike for every e-mail (issue #43): the id is the database's.
const customer = await api.database.db.selectFrom('customer').select('id').where('email_key', '=', email).executeTakeFirstOrThrow();
const login = async () => (await api.call('/api/user/login', { body: { username: email, password: PASSWORD } })).body as { result: string; meta: { refreshToken: string } };
const token = (await login()).result;
// Another session's refresh token: signing it out (logout, refresh) leaves the fuzz's token alone.
const refreshToken = (await login()).meta.refreshToken;
const book = await api.call(`/api/ext/address-book/${customer.id}?token=${token}`, { method: 'PUT', body: { customer: { addresses: [{ ...sampleAddress, default_shipping: true }] } } });
const addressIds = (book.body.result.addresses as { id: number }[]).map((a) => String(a.id));
const { cartWith, orderBody, place } = orderHelpers(() => api);
const carts = [await cartWith([[skus[0]!, 1]]), await cartWith([[skus[1]!, 2]]), await cartWith([[skus[2]!, 1]], token)];
const order = (await place(orderBody(await cartWith([[skus[3]!, 1]])))).body.result as { incrementId: string; accessKey: string };

const pick = <T,>(...values: T[]) => fc.constantFrom(...values);
/** Realistic values by field name; the schema-derived ones are drawn as often. */
const hints: Hints = (name, schema) => {
  if (/^(cartId|cart_id|quoteId)$/.test(name)) return pick(...carts);
  if (/^(shippingAddress|billingAddress)$/.test(name) && schema.properties?.['country_id']) return pick<object>(sampleAddress, sampleCompanyBilling);
  const values: Record<string, fc.Arbitrary<unknown>> = {
    // Catalogue fields of each kind (number, price, date, list) and the order attributes.
    [FIELD_NAME]: pick('id', 'price', 'final_price', 'created_at', 'updated_at', 'category_ids', 'sku', 'status', 'tipo_attivita', 'orari_apertura'),
    sku: pick(...skus),
    // Aggregations and most filters are for products only.
    entityType: pick('product'),
    email: fc.oneof(pick(email), fc.emailAddress().filter((e) => e.length <= 254)),
    username: pick(email),
    password: pick(PASSWORD),
    refreshToken: pick(refreshToken),
    incrementId: pick(order.incrementId),
    key: pick(order.accessKey),
    customerId: pick(String(customer.id)),
    addressId: pick(...addressIds),
    id: schema.type === 'integer' ? pick(1, 2, 3) : pick('1', '2', '3'),
    identifier: pick('chi-siamo', 'home-banner', 'footer-info'),
    countryId: pick('IT', 'DE', 'FR'),
    country_id: pick('IT', 'DE', 'FR'),
    postcode: pick('20121', '00184', '10115'),
    coupon: pick('BENVENUTO5', 'PRIMI100', 'ESTATE2025'),
    shippingCarrierCode: pick('flatrate'),
    shippingMethodCode: pick('flatrate'),
    shipping_carrier_code: pick('flatrate'),
    shipping_method_code: pick('flatrate'),
    methodPay: pick('banktransfer', 'cashondelivery', 'stripe', 'almapay', 'paypal_express'),
    payment_method_code: pick('banktransfer', 'cashondelivery', 'stripe', 'almapay', 'paypal_express'),
  };
  return values[name];
};

/** What an answer must never look like: a stack frame, a source path, a JavaScript error name. */
const LEAK = /\n\s+at |\bat \S+ \(|(?:file:\/\/|\/(?:work|home|usr|src|app)\/)\S+\.[cm]?[jt]sx?\b|node_modules|\b(?:TypeError|ReferenceError|RangeError|SyntaxError)\b/;

function envelope(answer: FuzzAnswer): { code?: unknown; result?: unknown } | undefined {
  try {
    return JSON.parse(answer.text) as { code?: unknown; result?: unknown };
  } catch {
    return undefined;
  }
}

/** Why an answer breaks the rules, or undefined. */
function problem(answer: FuzzAnswer): string | undefined {
  if (answer.status >= 500) return `answered ${answer.status}`;
  if (answer.status < 400) return undefined;
  const body = envelope(answer);
  if (!body) return `${answer.status} without a JSON envelope (${answer.contentType || 'no content type'})`;
  if (body.code !== answer.status) return `${answer.status} whose envelope code is ${String(body.code)}`;
  if (typeof body.result !== 'string' || body.result.trim() === '') return `${answer.status} without a message`;
  if (LEAK.test(body.result)) return `${answer.status} whose message leaks internals`;
  // zod's fallback for a union none of whose shapes fit: names the field, not what it should be.
  if (/: Invalid input(;|$)/.test(body.result)) return `${answer.status} that does not say what the field should be`;
  return undefined;
}

/** Refusals before any handler runs: no route, malformed or oversized input. */
const REFUSED_AT_THE_DOOR = /^(Invalid (query|request body|path)\b|Malformed JSON body|No API route|Method \S+ is not allowed|Request body too large)/;

/** Status counts per operation, printed after a long run. */
const statuses = new Map<string, Map<number, number>>();

describe('fuzzing every operation of /api/openapi.json', () => {
  const operations = operationsOf(document);

  it('covers every route of the API, the online payment routes included', () => {
    const routes = api.app.routes.map((r) => `${r.method} ${r.path.replace(/:([A-Za-z_]+)/g, '{$1}')}`);
    expect(operations.map((o) => `${o.method} ${o.path}`).sort()).toEqual(routes.sort());
    expect(routes).toEqual(expect.arrayContaining(['POST /api/ext/stripe/webhook', 'POST /api/ext/paypal/complete', 'GET /api/ext/almapay/ipn', 'POST /api/admin/catalog/import']));
  });

  for (const operation of operations) {
    const name = `${operation.method} ${operation.path}`;
    it(
      `${name}: no 5xx, every 4xx a readable envelope, always an answer`,
      async () => {
        const counts = new Map<number, number>();
        statuses.set(name, counts);
        let pastValidation = 0;
        let shrinkRequests: number | undefined;
        await fc.assert(
          fc.asyncProperty(requestArbitrary(operation, document, hints, { customer: token, admin: ADMIN_TOKEN }), async (req: FuzzRequest) => {
            // Shrinking costs a request per candidate: past MAX_SHRINK_REQUESTS the smallest failure so far is reported.
            if (shrinkRequests !== undefined && ++shrinkRequests > MAX_SHRINK_REQUESTS) return;
            const answer = await send(api.url, req, ANSWER_TIMEOUT_MS);
            counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
            if (!REFUSED_AT_THE_DOOR.test(String(envelope(answer)?.result ?? ''))) pastValidation++;
            const wrong = problem(answer);
            if (wrong) {
              shrinkRequests ??= 0;
              throw new Error(`${wrong}: ${describeRequest(req)}\n→ ${answer.text.slice(0, 500)}`);
            }
          }),
          { numRuns: RUNS, seed: SEED },
        );
        // Some requests get past the input checks into the handler: the fuzz tests more than the schemas.
        expect(pastValidation, `statuses ${JSON.stringify(Object.fromEntries(counts))}`).toBeGreaterThan(0);
      },
      60_000 + RUNS * 2_000,
    );
  }
});

describe("a request line over Node's 16 KiB header limit (the API never sees it)", () => {
  const overLimit = () => send(api.url, { method: 'GET', target: `/api/stock/check?sku=${'x'.repeat(HUGE_LENGTH)}`, headers: {} }, ANSWER_TIMEOUT_MS);

  it('is refused with 431, neither a 5xx nor a hang', async () => {
    expect((await overLimit()).status).toBe(431);
  });

  it('is answered in the envelope', async () => {
    expect(problem(await overLimit())).toBeUndefined();
  });
});

afterAll(() => {
  if (RUNS <= 100) return;
  for (const [name, counts] of statuses) console.info(`${name.padEnd(60)} ${[...counts].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ')}`);
});
