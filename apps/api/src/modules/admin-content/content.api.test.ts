import {
  ADMIN_CONTENT_MESSAGES as C,
  ADMIN_MESSAGES as M,
  API_KEY_MESSAGES as K,
  UNSAFE_HTML_PARTS as PART,
  type AdminCmsBlock,
  type AdminCmsListItem,
  type AdminCmsPage,
  type AdminSellerSettings,
} from '@shop/contracts';
import { upsertCms } from '@shop/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { fakeStorefront, type FakeStorefront } from '../../testing/fake-storefront.ts';
import { staffSession } from '../../testing/staff-session.ts';

/** Issue #45 point 4: the seller writes CMS pages and blocks; the shop's public CMS API (what the storefront reads) shows them at once. */
let api: TestApi;
let storefront: FakeStorefront;
let staff: Record<string, string>;

beforeAll(async () => {
  storefront = await fakeStorefront();
  api = await startTestApi({ storefrontInternalUrl: storefront.url, revalidateSecret: 'segreto-di-prova' });
  staff = await staffSession(api);
});
afterAll(async () => {
  await api?.dispose();
  await storefront?.close();
});
beforeEach(() => {
  storefront.calls = [];
});

const base = '/api/admin/content';
type Kind = 'pages' | 'blocks';
const create = (kind: Kind, body: object, headers = staff) => api.call(`${base}/${kind}`, { body, headers });
const patch = (kind: Kind, id: number, body: object, headers = staff) => api.call(`${base}/${kind}/${id}`, { method: 'PATCH', body, headers });
const get = (kind: Kind, id: number, headers = staff) => api.call(`${base}/${kind}/${id}`, { headers });
const list = (kind: Kind, query = '') => api.call(`${base}/${kind}${query}`, { headers: staff });
/** What the storefront reads (lib/api/cms.ts): an active page or block by identifier, of the it store. */
const shop = (kind: 'Page' | 'Block', identifier: string) => api.call(`/api/ext/cms-data/cms${kind}Identifier/${identifier}?storeId=1`);

let nextName = 1;
const identifier = (prefix: string) => `${prefix}-${nextName++}`;

async function created<T>(kind: Kind, body: object): Promise<T> {
  const res = await create(kind, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.result as T;
}

async function pageNamed(name: string): Promise<AdminCmsPage> {
  const found = (await list('pages', `?q=${name}`)).body.result.items as AdminCmsListItem[];
  const item = found.find((p) => p.identifier === name);
  expect(item, name).toBeDefined();
  return (await get('pages', item!.id)).body.result as AdminCmsPage;
}

const audit = async (object: string) => (await api.call(`/api/admin/audit?object=${object}`, { headers: staff })).body.result as { action: string; staffEmail: string; before: any; after: any }[];

describe('CMS pages in the back office', () => {
  it('a legal page edited here is what the shop serves at once, its placeholders filled; the storefront’s cms tag expires', async () => {
    const terms = await pageNamed('condizioni-di-vendita');
    expect(terms).toMatchObject({ title: 'Condizioni generali di vendita', active: true, shopPath: '/i/condizioni-di-vendita', storeIds: [0], metaTitle: 'Condizioni generali di vendita' });
    expect(terms.content).toContain('{{seller.name}}');
    const content = `<h2>0. Premessa</h2><p>Valide dal 1° gennaio per gli ordini a <strong>{{seller.name}}</strong>.</p>${terms.content}`;
    const res = await patch('pages', terms.id, { content, metaDescription: 'Le condizioni di vendita aggiornate.' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toEqual({ ...terms, content, metaDescription: 'Le condizioni di vendita aggiornate.', updatedAt: expect.any(String) });
    expect(Date.parse(res.body.result.updatedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(storefront.calls.map((c) => c.tags)).toEqual([['cms']]);

    const served = await shop('Page', 'condizioni-di-vendita');
    expect(served.status).toBe(200);
    expect(served.body.result.content).toContain('<h2>0. Premessa</h2><p>Valide dal 1° gennaio per gli ordini a <strong>Bottega Pro srl (dati di prova)</strong>.</p>');
    expect(served.body.result.meta_description).toBe('Le condizioni di vendita aggiornate.');
    // The catalogue query the storefront's URL dispatcher uses sees it too.
    const byQuery = await api.call('/api/catalog', { body: { entityType: 'cms_page', filters: { identifier: { eq: 'condizioni-di-vendita' } }, includeFields: ['content', 'page_layout'] } });
    expect(byQuery.body.result.items[0].content).toContain('0. Premessa');
    expect(byQuery.body.result.items[0].page_layout).toBe('1column');
  });

  it('a new page is found by its identifier, not while inactive; audited with before and after', async () => {
    const name = identifier('garanzia');
    const page = await created<AdminCmsPage>('pages', { identifier: name, title: 'Garanzia', content: '<p>Due anni.</p>', active: false, contentHeading: 'Garanzia legale' });
    expect(page).toEqual({
      id: expect.any(Number), identifier: name, title: 'Garanzia', content: '<p>Due anni.</p>', active: false, contentHeading: 'Garanzia legale',
      metaTitle: '', metaDescription: '', metaKeywords: '', storeIds: [0], shopPath: `/i/${name}`, updatedAt: expect.any(String),
    });
    expect((await shop('Page', name)).status).toBe(404);
    expect((await patch('pages', page.id, { active: true, title: 'Garanzia e assistenza' })).status).toBe(200);
    expect((await shop('Page', name)).body.result).toMatchObject({ id: page.id, identifier: name, title: 'Garanzia e assistenza', content_heading: 'Garanzia legale', content: '<p>Due anni.</p>', active: true });
    expect((await list('pages', `?q=${name}&active=true`)).body.result).toEqual({ items: [{ id: page.id, identifier: name, title: 'Garanzia e assistenza', active: true, updatedAt: expect.any(String) }], total: 1 });
    // Saving what it already holds writes and audits nothing.
    expect((await patch('pages', page.id, { title: 'Garanzia e assistenza' })).body.result).toMatchObject({ title: 'Garanzia e assistenza' });

    const entries = await audit(`cms_page:${page.id}`);
    expect(entries.map((e) => [e.action, e.staffEmail])).toEqual([
      ['cms_page.create', expect.stringMatching(/^staff-sessione-\d+@bottega-pro\.example$/)],
      ['cms_page.update', expect.any(String)],
    ]);
    expect(entries[0]).toMatchObject({ before: null, after: { identifier: name, active: false } });
    expect(entries[1]).toMatchObject({ before: { active: false, title: 'Garanzia' }, after: { active: true, title: 'Garanzia e assistenza' } });
  });

  it('other markup is stored as the sanitiser writes it, and the shop renders the same', async () => {
    const name = identifier('stile');
    const page = await created<AdminCmsPage>('pages', { identifier: name, title: 'Stile', content: '<p style="color:red" id="x">Rosso</p><font>vecchio</font><a href="/i/resi" target="_blank">Resi</a>' });
    expect(page.content).toBe('<p>Rosso</p>vecchio<a href="/i/resi">Resi</a>');
    expect((await shop('Page', name)).body.result.content).toBe(page.content);
  });

  it('searches identifiers and titles in any case, in pages', async () => {
    const first = await list('pages', '?limit=2');
    expect(first.body.result.items).toHaveLength(2);
    expect(first.body.result.total).toBeGreaterThanOrEqual(10);
    const second = await list('pages', '?limit=2&page=2');
    expect(second.body.result.items[0].id).not.toBe(first.body.result.items[0].id);
    expect((await list('pages', '?q=PRIVACY')).body.result.items.map((p: AdminCmsListItem) => p.identifier)).toEqual(['privacy-policy']);
    expect((await list('pages', '?q=Dichiarazione')).body.result.items.map((p: AdminCmsListItem) => p.identifier)).toEqual(['accessibilita']);
    expect((await list('pages', '?q=100%25')).body.result).toEqual({ items: [], total: 0 });
    expect((await list('pages', '?limit=500')).body).toEqual({ code: 400, result: `Invalid query: limit: ${C.badLimit}` });
  });
});

describe('CMS blocks in the back office', () => {
  it('the home hero edited here is the block the shop serves', async () => {
    const hero = (await list('blocks', '?q=home-hero')).body.result.items[0] as AdminCmsListItem;
    const before = (await get('blocks', hero.id)).body.result as AdminCmsBlock;
    const content = '<p>Nuova collezione di coltelli, consegna in {{delivery.days}} giorni lavorativi.</p>';
    const res = await patch('blocks', hero.id, { content });
    expect(res.body.result).toEqual({ ...before, content, updatedAt: expect.any(String) });
    expect((await shop('Block', 'home-hero')).body.result.content).toBe('<p>Nuova collezione di coltelli, consegna in 2–3 giorni lavorativi.</p>');
    expect(storefront.calls.map((c) => c.tags)).toEqual([['cms']]);
  });

  it('a new block, then renamed: the shop finds it by its new identifier only', async () => {
    const name = identifier('banner-estate');
    const block = await created<AdminCmsBlock>('blocks', { identifier: name, title: 'Banner estate', content: '<div class="category-banner"><h2>Estate</h2></div>' });
    expect(block).toEqual({ id: expect.any(Number), identifier: name, title: 'Banner estate', content: '<div class="category-banner"><h2>Estate</h2></div>', active: true, storeIds: [0], updatedAt: expect.any(String) });
    expect((await shop('Block', name)).body.result).toMatchObject({ id: block.id, title: 'Banner estate' });
    const renamed = `${name}-bis`;
    expect((await patch('blocks', block.id, { identifier: renamed })).body.result).toMatchObject({ identifier: renamed });
    expect((await shop('Block', name)).status).toBe(404);
    expect((await shop('Block', renamed)).body.result.id).toBe(block.id);
    expect((await audit(`cms_block:${block.id}`)).map((e) => e.action)).toEqual(['cms_block.create', 'cms_block.update']);
  });

  it('two blocks created at once get ids of their own', async () => {
    const bodies = [1, 2, 3, 4].map((n) => ({ identifier: identifier(`insieme-${n}`), title: `Insieme ${n}`, content: `<p>${n}</p>` }));
    const made = await Promise.all(bodies.map((body) => create('blocks', body)));
    expect(made.map((res) => res.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(made.map((res) => res.body.result.id)).size).toBe(4);
    for (const body of bodies) expect((await shop('Block', body.identifier)).body.result).toMatchObject({ title: body.title, content: body.content });
  });
});

describe('HTML that could run script', () => {
  const refusal = (found: string) => C.unsafeHtml.replace('{field}', 'content').replace('{found}', found);
  it.each([
    ['a script', '<p>Saldi</p><script>alert(1)</script>', PART.element.replace('{tag}', 'script')],
    ['an event handler', '<img src=x onerror=alert(1)>', PART.handler.replace('{attribute}', 'onerror').replace('{tag}', 'img')],
    ['a javascript: link', '<a href="javascript:alert(1)">clic</a>', PART.url.replace('{url}', 'javascript:alert(1)').replace('{attribute}', 'href').replace('{tag}', 'a')],
    ['an obfuscated one', '<a href="java&#x09;script&colon;alert(1)">clic</a>', PART.url.replace('{url}', 'javascript:alert(1)').replace('{attribute}', 'href').replace('{tag}', 'a')],
  ])('%s is refused with the field named, and nothing is written', async (_name, content, found) => {
    const name = identifier('rifiuto');
    expect((await create('blocks', { identifier: name, title: 'Rifiuto', content })).body).toEqual({ code: 400, result: refusal(found) });
    expect((await create('pages', { identifier: name, title: 'Rifiuto', content })).body).toEqual({ code: 400, result: refusal(found) });
    expect((await list('blocks', `?q=${name}`)).body.result.total).toBe(0);
    expect((await list('pages', `?q=${name}`)).body.result.total).toBe(0);

    const privacy = await pageNamed('privacy-policy');
    expect((await patch('pages', privacy.id, { content, title: 'Privacy (modificata)' })).body).toEqual({ code: 400, result: refusal(found) });
    expect((await get('pages', privacy.id)).body.result).toEqual(privacy);
    expect((await shop('Page', 'privacy-policy')).body.result.title).toBe('Privacy policy');
    expect(storefront.calls).toEqual([]);
  });

  it('names up to three things found', async () => {
    const res = await create('blocks', { identifier: identifier('tre'), title: 'Tre', content: '<svg onload=a()></svg><p onclick=b()>x</p><iframe src="https://x.example"></iframe><script>c()</script>' });
    expect(res.body.result).toBe(refusal([PART.element.replace('{tag}', 'svg'), PART.handler.replace('{attribute}', 'onload').replace('{tag}', 'svg'), PART.handler.replace('{attribute}', 'onclick').replace('{tag}', 'p')].join('; ')));
  });
});

describe('bad input', () => {
  it('refuses it with 400 naming the field in Italian', async () => {
    const refusals: [Kind, object, string][] = [
      ['pages', { identifier: 'Chi Siamo', title: 'x' }, `identifier: ${C.identifier}`],
      ['pages', { identifier: '-trattino', title: 'x' }, `identifier: ${C.identifier}`],
      ['blocks', { identifier: 'a'.repeat(101), title: 'x' }, `identifier: ${C.identifier}`],
      ['blocks', { identifier: 'pagina.html', title: 'x' }, `identifier: ${C.identifier}`],
      ['blocks', { identifier: identifier('ok'), title: '  ' }, `title: ${C.title}`],
      ['pages', { identifier: identifier('ok'), title: 'x', metaDescription: 'd'.repeat(1001) }, `metaDescription: ${C.metaDescription}`],
      ['pages', { identifier: identifier('ok'), title: 'x', active: 'sì' }, `active: ${C.active}`],
      ['blocks', { identifier: identifier('ok'), title: 'x', content: 42 }, `content: ${C.content}`],
    ];
    for (const [kind, body, message] of refusals) expect((await create(kind, body)).body, JSON.stringify(body)).toEqual({ code: 400, result: `Invalid request body: ${message}` });
    expect((await patch('pages', 99_999_999, { title: 'x' })).body).toEqual({ code: 404, result: C.pageNotFound });
    expect((await get('blocks', 99_999_999)).body).toEqual({ code: 404, result: C.blockNotFound });
    expect((await get('blocks', 0.5 as number)).body).toEqual({ code: 404, result: C.blockNotFound });
  });

  it('an identifier another page or block has (any case) is 409 on create and on edit; a page and a block may share one', async () => {
    expect((await create('pages', { identifier: 'privacy-policy', title: 'Doppione' })).body).toEqual({ code: 409, result: C.pageIdentifierTaken });
    expect((await create('blocks', { identifier: 'home-b2b', title: 'Doppione' })).body).toEqual({ code: 409, result: C.blockIdentifierTaken });
    const page = await created<AdminCmsPage>('pages', { identifier: identifier('unica'), title: 'Unica' });
    expect((await patch('pages', page.id, { identifier: 'cookie-policy' })).body).toEqual({ code: 409, result: C.pageIdentifierTaken });
    expect((await get('pages', page.id)).body.result).toEqual(page);
    const shared = await created<AdminCmsBlock>('blocks', { identifier: page.identifier, title: 'Stesso nome di una pagina' });
    expect(shared.identifier).toBe(page.identifier);
    expect((await patch('blocks', shared.id, { identifier: shared.identifier })).status).toBe(200);
    // An imported identifier in capitals (Magento's) clashes with the same in lower case.
    await upsertCms(api.database.db, 'cms_block', [{ id: 990_001, identifier: 'Promo-Estate', title: 'Importato', content: '<p>x</p>', active: true, store_id: [0] }]);
    expect((await create('blocks', { identifier: 'promo-estate', title: 'Doppione' })).body).toEqual({ code: 409, result: C.blockIdentifierTaken });
  });

  it('takes a long legal page (over 64 KiB)', async () => {
    const content = `<p>${'Clausola. '.repeat(10_000)}</p>`;
    const page = await created<AdminCmsPage>('pages', { identifier: identifier('lunga'), title: 'Lunga', content });
    expect(page.content).toBe(content);
  });
});

describe('POST /api/admin/content/preview', () => {
  it('answers the HTML as the shop renders it, and the refusal a save would meet; writes nothing', async () => {
    const preview = await api.call(`${base}/preview`, { body: { content: '<p style="x">Consegna in {{delivery.days}} giorni da {{seller.name}}</p><img src=x onerror=alert(1)>' }, headers: staff });
    expect(preview.status).toBe(200);
    expect(preview.body.result).toEqual({
      html: '<p>Consegna in 2–3 giorni da Bottega Pro srl (dati di prova)</p><img src="x">',
      refusal: C.unsafeHtml.replace('{field}', 'content').replace('{found}', PART.handler.replace('{attribute}', 'onerror').replace('{tag}', 'img')),
    });
    expect((await api.call(`${base}/preview`, { body: { content: '<h2>Ok</h2>' }, headers: staff })).body.result).toEqual({ html: '<h2>Ok</h2>', refusal: null });
    expect(storefront.calls).toEqual([]);
  });
});

describe('GET /api/admin/settings/seller', () => {
  it('answers the seller as configured, each value with its variable, where it came from and its placeholder', async () => {
    const res = await api.call('/api/admin/settings/seller', { headers: staff });
    expect(res.status).toBe(200);
    const settings = res.body.result as AdminSellerSettings;
    expect(settings.demo).toBe(true);
    expect(settings.settings).toEqual([
      { key: 'name', value: 'Bottega Pro srl (dati di prova)', variable: 'SELLER_NAME', source: 'demo', placeholder: '{{seller.name}}' },
      { key: 'vatId', value: '01234560157', variable: 'SELLER_VAT_ID', source: 'demo', placeholder: '{{seller.vatId}}' },
      { key: 'fiscalCode', value: '01234560157', variable: 'SELLER_FISCAL_CODE', source: 'demo', placeholder: '{{seller.fiscalCode}}' },
      { key: 'address', value: "Via dell'Esempio 1, 20121 Milano (MI)", variable: 'SELLER_ADDRESS', source: 'demo', placeholder: '{{seller.address}}' },
      { key: 'pec', value: 'bottegapro@pec.example.it', variable: 'SELLER_PEC', source: 'demo', placeholder: '{{seller.pec}}' },
      { key: 'rea', value: 'MI-0000000', variable: 'SELLER_REA', source: 'demo', placeholder: '{{seller.rea}}' },
      { key: 'phone', value: '+39 02 0000000', variable: 'SELLER_PHONE', source: 'demo', placeholder: '{{seller.phone}}' },
      { key: 'email', value: 'info@bottega-pro.example', variable: 'SELLER_EMAIL', source: 'demo', placeholder: '{{seller.email}}' },
      { key: 'regimeFiscale', value: 'RF01', variable: 'SELLER_REGIME_FISCALE', source: 'default', placeholder: null },
      { key: 'deliveryDays', value: '2–3', variable: 'DELIVERY_DAYS', source: 'default', placeholder: '{{delivery.days}}' },
    ]);
    // The same data the shop shows (GET /api/shop/info).
    const info = (await api.call('/api/shop/info')).body.result;
    expect(settings.settings.find((s) => s.key === 'pec')?.value).toBe(info.seller.pec);
  });
});

describe('who may call', () => {
  it('owner and staff both edit content', async () => {
    const owner = await staffSession(api, 'owner');
    const block = (await create('blocks', { identifier: identifier('titolare'), title: 'Del titolare' }, owner)).body.result as AdminCmsBlock;
    expect((await patch('blocks', block.id, { title: 'Dello staff' })).body.result).toMatchObject({ title: 'Dello staff' });
  });

  it('answers 401 without a session, 403 without the CSRF token, on every route', async () => {
    const routes = [
      ['GET', `${base}/pages`], ['GET', `${base}/pages/1`], ['POST', `${base}/pages`], ['PATCH', `${base}/pages/1`],
      ['GET', `${base}/blocks`], ['GET', `${base}/blocks/1`], ['POST', `${base}/blocks`], ['PATCH', `${base}/blocks/1`],
      ['POST', `${base}/preview`], ['GET', '/api/admin/settings/seller'],
    ] as const;
    for (const [method, path] of routes) {
      const body = method === 'GET' ? {} : { body: { title: 'x', content: '<p>x</p>' } };
      const res = await api.call(path, { method, ...body });
      expect([method, path, res.status, res.body.result]).toEqual([method, path, 401, M.signInRequired]);
      if (method === 'GET') continue;
      const noToken = await api.call(path, { method, ...body, headers: { cookie: staff.cookie! } });
      expect([method, path, noToken.status, noToken.body.result]).toEqual([method, path, 403, M.csrfMissing]);
    }
  });

  it('an API key with catalog:write writes pages and blocks (audited as the key); without it 403; reads stay a person’s', async () => {
    const owner = await staffSession(api, 'owner');
    const key = async (scopes: string[]) => (await api.call('/api/admin/api-keys', { body: { name: `CMS ${scopes.join(' ')}`, scopes }, headers: owner })).body.result.key as string;
    const catalog = { authorization: `Bearer ${await key(['catalog:write'])}` };
    const orders = { authorization: `Bearer ${await key(['orders:read', 'orders:write'])}` };
    const name = identifier('da-erp');
    const made = await create('pages', { identifier: name, title: 'Dal gestionale', content: '<p>Sincronizzata</p>' }, catalog);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await patch('pages', made.body.result.id, { title: 'Dal gestionale, aggiornata' }, catalog)).status).toBe(200);
    expect((await api.call(`${base}/preview`, { body: { content: '<p>x</p>' }, headers: catalog })).status).toBe(200);
    expect((await shop('Page', name)).body.result.title).toBe('Dal gestionale, aggiornata');
    expect((await create('blocks', { identifier: identifier('no'), title: 'No' }, orders)).body).toEqual({ code: 403, result: K.missingScope.replace('{scope}', 'catalog:write') });
    for (const path of [`${base}/pages`, `${base}/pages/${made.body.result.id}`, '/api/admin/settings/seller']) {
      expect((await api.call(path, { headers: catalog })).body, path).toEqual({ code: 403, result: K.notAllowed });
    }
    expect((await audit(`cms_page:${made.body.result.id}`)).map((e) => [e.action, e.staffEmail])).toEqual([
      ['cms_page.create', 'chiave API CMS catalog:write'],
      ['cms_page.update', 'chiave API CMS catalog:write'],
    ]);
  });
});
