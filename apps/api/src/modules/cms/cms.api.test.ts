import { upsertCms, upsertCmsHierarchy } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';

let api: TestApi;

const UNSAFE = '<p onclick="steal()">Offerta</p><script>alert(1)</script><a href="javascript:alert(1)">qui</a><img src="x.jpg" onerror="alert(1)">';
const SAFE = '<p>Offerta</p><a>qui</a><img src="x.jpg">';

beforeAll(async () => {
  api = await startTestApi();
  const { db } = api.database;
  await upsertCms(db, 'cms_page', [
    { id: 901, identifier: 'promo', title: 'Promo', content: UNSAFE, active: true, store_id: [0] },
    { id: 902, identifier: 'vecchia', title: 'Vecchia', content: '<p>x</p>', active: false, store_id: [0] },
    { id: 903, identifier: 'solo-de', title: 'Nur DE', content: '<p>x</p>', active: true, store_id: [2] },
  ]);
  await upsertCms(db, 'cms_block', [{ id: 901, identifier: 'banner-promo', title: 'Banner', content: UNSAFE, active: true, store_id: [0] }]);
});
afterAll(async () => {
  await api?.dispose();
});

const base = '/api/ext/cms-data';

describe('GET /api/ext/cms-data', () => {
  it('answers an active page or block by id, and by identifier', async () => {
    const page = await api.call(`${base}/cmsPage/1`);
    expect(page.status).toBe(200);
    expect(page.body.result).toMatchObject({ id: 1, identifier: 'chi-siamo', title: 'Chi siamo', active: true });
    expect(page.body.result.content).toContain('<h2>Cosa offriamo</h2>');

    const byIdentifier = await api.call(`${base}/cmsPageIdentifier/chi-siamo?storeId=1`);
    expect(byIdentifier.body).toEqual(page.body);

    const block = await api.call(`${base}/cmsBlock/1`);
    expect(block.body.result).toMatchObject({ id: 1, identifier: 'home-banner' });
    const blockByIdentifier = await api.call(`${base}/cmsBlockIdentifier/home-banner`);
    expect(blockByIdentifier.body).toEqual(block.body);
  });

  it('sanitises the content', async () => {
    for (const path of ['cmsPage/901', 'cmsPageIdentifier/promo', 'cmsBlock/901', 'cmsBlockIdentifier/banner-promo']) {
      const res = await api.call(`${base}/${path}`);
      expect(res.body.result.content, path).toBe(SAFE);
    }
  });

  it('answers 404 for an unknown or inactive document, or one of another store view', async () => {
    for (const path of ['cmsPage/99999', 'cmsBlock/99999', 'cmsPage/902', 'cmsPageIdentifier/vecchia', 'cmsPageIdentifier/solo-de?storeId=1', 'cmsBlockIdentifier/non-esiste']) {
      const res = await api.call(`${base}/${path}`);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ code: 404, result: expect.stringMatching(/^CMS query returned empty result/) });
    }
    const ownStore = await api.call(`${base}/cmsPageIdentifier/solo-de?storeId=2`);
    expect(ownStore.body.result.identifier).toBe('solo-de');
  });

  it.each([
    ['a non-numeric id', 'cmsPage/abc', /path: id/],
    ['id 0', 'cmsBlock/0', /path: id/],
    ['an id beyond int', 'cmsPage/99999999999', /path: id/],
    ['an identifier with odd characters', 'cmsPageIdentifier/chi%20siamo', /path: identifier/],
    ['malformed percent-encoding', 'cmsPageIdentifier/%E0%A4%A', /path: identifier: malformed/],
    ['a storeId that is no number', 'cmsPageIdentifier/chi-siamo?storeId=it', /storeId/],
    ['an unknown parameter', 'cmsPage/1?storeId=1', /storeId/],
  ])('refuses %s with 400', async (_name, path, message) => {
    const res = await api.call(`${base}/${path}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, result: expect.stringMatching(message) });
  });
});

describe('POST /api/catalog — CMS entities', () => {
  it('answers blocks and pages with sanitised content', async () => {
    const blocks = await api.call('/api/catalog', { body: { entityType: 'cms_block', filters: { active: { eq: true } }, size: 150 } });
    expect(blocks.status).toBe(200);
    const items = blocks.body.result.items as { identifier: string; content: string }[];
    // The demo's 12 blocks (the home hero and B2B points among them, issue #42 point 15) and banner-promo.
    expect(items.length).toBe(13);
    expect(items.find((b) => b.identifier === 'banner-promo')?.content).toBe(SAFE);
    const pages = await api.call('/api/catalog', {
      body: { entityType: 'cms_page', filters: { identifier: { eq: 'promo' } }, includeFields: ['content'] },
    });
    expect(pages.body.result.items).toEqual([{ content: SAFE }]);
  });
});

describe('cms_hierarchy (catalogue §7, §9)', () => {
  it('finds CMS hierarchy nodes by identifier or key, with eq or like', async () => {
    await upsertCmsHierarchy(api.database.db, [
      { id: 1, identifier: 'azienda', key: 'azienda', label: 'Azienda' },
      { id: 2, identifier: 'chi-siamo', key: 'azienda/chi-siamo', label: 'Chi siamo' },
      { id: 3, identifier: 'contatti', request_url: 'azienda/contatti', label: 'Contatti' },
    ]);
    const find = async (filters: Record<string, unknown>) => {
      const res = await api.call('/api/catalog', { body: { entityType: 'cms_hierarchy', filters, size: 10 } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.result.items as { id: number }[]).map((node) => node.id);
    };
    expect(await find({ identifier: { eq: 'chi-siamo' } })).toEqual([2]);
    expect(await find({ key: { eq: 'azienda/contatti' } })).toEqual([3]);
    expect(await find({ key: { like: 'AZIENDA/' } })).toEqual([2, 3]);
    expect(await find({ identifier: { like: '%' } })).toEqual([]);
    const wrong = await api.call('/api/catalog', { body: { entityType: 'cms_hierarchy', filters: { id: { like: '1' } } } });
    expect(wrong.status).toBe(400);
  });
});

describe('the shop data in CMS texts (issue #42 point 11)', () => {
  it("fills the seller's data and the delivery promise from the configuration, escaped, and leaves unknown placeholders visible", async () => {
    const page = await api.call(`${base}/cmsPageIdentifier/note-legali`);
    expect(page.status).toBe(200);
    const content = page.body.result.content as string;
    expect(content).toContain('<strong>Bottega Pro srl (dati di prova)</strong>');
    expect(content).toContain("Sede legale: Via dell'Esempio 1, 20121 Milano (MI)".replace("'", '&#39;'));
    expect(content).toContain('Partita IVA 01234560157');
    expect(content).toContain('REA MI-0000000');
    expect(content).not.toContain('{{');
    expect(page.body.result.meta_description).toContain('Bottega Pro srl (dati di prova)');

    const delivery = await api.call(`${base}/cmsPageIdentifier/spedizioni`);
    expect(delivery.body.result.content).toContain('<strong>2–3 giorni lavorativi</strong>');
    expect(delivery.body.result.content).toMatch(/gratuita<\/strong> per ordini da €\s?300,00/);

    await upsertCms(api.database.db, 'cms_page', [{ id: 904, identifier: 'refuso', title: 'Refuso', content: '<p>{{seller.nome}} {{seller.name}}</p>', active: true, store_id: [0] }]);
    expect((await api.call(`${base}/cmsPageIdentifier/refuso`)).body.result.content).toBe('<p>{{seller.nome}} Bottega Pro srl (dati di prova)</p>');
  });
});

describe('GET /api/shop/info', () => {
  it("answers the seller's identity and the delivery promise", async () => {
    const info = await api.call('/api/shop/info');
    expect(info.body.result).toEqual({
      seller: expect.objectContaining({ name: 'Bottega Pro srl (dati di prova)', vatId: '01234560157', phone: '+39 02 0000000', email: 'info@bottega-pro.example', pec: 'bottegapro@pec.example.it' }),
      deliveryDays: { min: 2, max: 3 },
    });
  });
});
