import { generateCatalog } from '@shop/demo-catalog';
import type { ProductDoc } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { TEMPLATE_PRODUCTS } from '../../testing/global-setup.ts';

/**
 * Search quality on the demo catalogue the API tests run on: what a shopper sees on top for
 * typical queries. Expectations come from the catalogue's own products (the same generator),
 * so they follow its content rather than being copied from the engine's output.
 */
let api: TestApi;
/** The same catalogue searched with edits by word length (Elasticsearch's AUTO), for comparison (ADR 0008). */
let apiByLength: TestApi;
beforeAll(async () => {
  [api, apiByLength] = await Promise.all([startTestApi(), startTestApi({ searchFuzziness: 'by-length' })]);
});
afterAll(async () => {
  await Promise.all([api?.dispose(), apiByLength?.dispose()]);
});

const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
const visible = generateCatalog({ products: TEMPLATE_PRODUCTS }).products.filter(
  (p) => Number(p.status) < 2 && [2, 3, 4].includes(Number(p.visibility)),
);
type Product = Pick<ProductDoc, 'sku' | 'name' | 'category_ids'>;
/** A product matches when its folded name has a word beginning with each of the stems given. */
const named = (...stems: string[]) => (p: Product) => stems.every((s) => new RegExp(`(^|[^a-z0-9])${s}`).test(fold(String(p.name))));
const inCategory = (id: number) => (p: Product) => (p.category_ids ?? []).map(Number).includes(id);
const either = (a: (p: Product) => boolean, b: (p: Product) => boolean) => (p: Product) => a(p) || b(p);

interface Found {
  total: number;
  items: Product[];
}
async function search(q: string, on: TestApi = api): Promise<Found> {
  const res = await on.call('/api/search', { body: { q, size: 10, includeFields: ['sku', 'name', 'category_ids'] } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as Found;
}

type Check = { top: (p: Product) => boolean; all?: boolean } | { first: string } | { nothing: true };
const cases: [string, Check][] = [];

// Exact names: the product itself first (names unique in the catalogue, one per department).
const nameCounts = new Map<string, number>();
for (const p of visible) nameCounts.set(String(p.name), (nameCounts.get(String(p.name)) ?? 0) + 1);
for (const prefix of ['COL', 'GUA', 'TER', 'BIL', 'TAV', 'SOT', 'REF', 'PEN', 'STI', 'TRI']) {
  const p = visible.find((v) => String(v.sku).startsWith(`${prefix}-`) && nameCounts.get(String(v.name)) === 1 && v.type_id === 'simple');
  if (p) cases.push([String(p.name), { first: String(p.sku) }]);
}

cases.push(
  // Singular and plural: the stem finds every product of the kind.
  ['coltelli', { top: named('coltell'), all: true }],
  ['coltello', { top: named('coltell'), all: true }],
  ['termometri', { top: named('termometr'), all: true }],
  ['guanto', { top: named('guant'), all: true }],
  ['bilance', { top: named('bilanc'), all: true }],
  ['tavoli', { top: named('tavol'), all: true }],
  ['padelle', { top: named('padell'), all: true }],
  // One edit.
  ['coltelo', { top: named('coltell'), all: true }],
  ['termometo', { top: named('termometr'), all: true }],
  ['padela', { top: named('padell') }],
  ['pentla', { top: named('pentol') }],
  ['stivalli', { top: named('stival') }],
  ['abbatitore', { top: named('abbattitor') }],
  ['insacatrice', { top: named('insaccatric') }],
  // Two edits (a swap of two letters is two).
  ['guanit', { top: named('guant'), all: true }],
  ['termomtero', { top: named('termometr') }],
  ['sotovuotto', { top: named('sottovuoto') }],
  ['bilanica', { top: named('bilanc') }],
  // SKUs: exact (any case), a child's SKU finds its parent, prefixes.
  ['COL-00004', { first: 'COL-00004' }],
  ['col-00004', { first: 'COL-00004' }],
  ['GUA-00010-M', { first: 'GUA-00010' }],
  ['TER-001', { top: (p) => p.sku.startsWith('TER-001'), all: true }],
  ['GUA-0001', { top: (p) => p.sku.startsWith('GUA-0001'), all: true }],
  // Words in another order.
  ['Supra Sanelli bistecca coltello', { top: named('coltello', 'bistecca', 'sanelli', 'supra') }],
  ['nitrile guanti', { top: named('guant', 'nitrile') }],
  // Brand and type.
  ['victorinox coltello', { top: named('coltell', 'victorinox') }],
  ['testo termometro', { top: named('termometr', 'testo') }],
  ['reflexx guanti', { top: named('guant', 'reflexx') }],
  ['ohaus bilancia', { top: named('bilanc', 'ohaus') }],
  ['sanelli coltello disosso', { top: named('coltell', 'sanelli', 'disosso') }],
  // One word missing from the catalogue: 75 % of the words must match.
  ['coltello victorinox xyzzy', { top: named('coltell', 'victorinox') }],
  ['termometro tascabile impermeabile foobar', { top: named('termometr', 'tascabile', 'impermeabile') }],
  ['guanti nitrile blablabla', { top: named('guant', 'nitrile') }],
  // Accents folded both ways, brand typos.
  ['maitre', { top: named('maitre'), all: true }],
  ['wusthof', { top: named('wusthof'), all: true }],
  ['WÜSTHOF coltello', { top: named('wusthof', 'coltell') }],
  ['zwiling', { top: named('zwilling') }],
  // While typing: the last word as a prefix.
  ['colt', { top: named('colt') }],
  ['termom', { top: named('termometr') }],
  ['guanti nitr', { top: named('guant', 'nitr') }],
  ['sottov', { top: named('sottovuoto') }],
  // Category names count (with a lower weight than names).
  ['affilatura', { top: either(named('affilatur'), inCategory(24)), all: true }],
  ['disosso', { top: either(named('disosso'), inCategory(22)) }],
  // Stopwords do not have to match.
  ['coltello da cucina', { top: either(named('coltell', 'cucina'), (p) => named('coltell')(p) && inCategory(21)(p)) }],
  ['guanti in nitrile', { top: named('guant', 'nitrile') }],
  // Short words: exact words must not drown in two-edit neighbours.
  ['lama', { top: named('lam') }],
  ['sonda', { top: named('sond') }],
  ['buste', { top: named('bust') }],
  ['banco', { top: named('banc') }],
  ['inox', { top: named('inox') }],
  ['mani', { top: named('man') }],
  // Nonsense finds nothing.
  ['xyzzyq', { nothing: true }],
  ['qwertyuiop', { nothing: true }],
  ['iphone', { nothing: true }],
  ['playstation portatile', { nothing: true }],
);

/** Why a result misses its check (what a shopper would see wrong), or null when it passes. */
function miss(check: Check, found: Found): string | null {
  if ('nothing' in check) return found.total === 0 ? null : `${found.total} results for nonsense`;
  if (found.total === 0) return 'nothing found';
  if ('first' in check) return found.items[0]?.sku === check.first ? null : `first ${found.items[0]?.sku}, not ${check.first}`;
  const expected = visible.filter(check.top);
  const top = found.items.slice(0, Math.min(5, expected.length));
  const wrong = top.find((item) => !check.top(item));
  if (wrong) return `${wrong.sku} ${wrong.name} on top`;
  if (check.all && found.total < expected.length) return `${found.total} of ${expected.length} found`;
  return null;
}

describe('search quality on the demo catalogue', () => {
  it('has at least 40 queries', () => expect(cases.length).toBeGreaterThanOrEqual(40));

  it.each(cases)('%s', async (q, check) => {
    if (!('nothing' in check)) expect(visible.filter('top' in check ? check.top : () => true).length, 'the catalogue has such products').toBeGreaterThan(0);
    expect(miss(check, await search(q))).toBeNull();
  });

  it("ranks as well with catalogue §9's fuzziness 2 as with edits by word length (side by side, ADR 0008)", async () => {
    const rows: string[] = [];
    const passed = { two: 0, byLength: 0 };
    for (const [q, check] of cases) {
      const [two, byLength] = [await search(q), await search(q, apiByLength)];
      const [a, b] = [miss(check, two), miss(check, byLength)];
      if (!a) passed.two++;
      if (!b) passed.byLength++;
      if (a || b || two.total !== byLength.total) rows.push(`${q.padEnd(36)} fuzziness 2: ${a ?? 'ok'} (${two.total}) | by length: ${b ?? 'ok'} (${byLength.total})`);
    }
    console.info(`search quality, ${cases.length} queries: fuzziness 2 ${passed.two} pass, by length ${passed.byLength} pass\n${rows.join('\n')}`);
    expect(passed).toEqual({ two: cases.length, byLength: cases.length });
  });
});
