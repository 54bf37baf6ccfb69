import {
  ADMIN_CATEGORY_MESSAGES as C,
  ADMIN_MESSAGES as M,
  API_KEY_MESSAGES as K,
  type AdminCategory,
  type AdminCategoryNode,
  type AdminCategoryTree,
  type CatalogQueryInput,
  UNSAFE_HTML_MESSAGE,
  UNSAFE_HTML_PARTS as PART,
} from '@shop/contracts';
import { buildCategoryTree, categoryBreadcrumbs, CATEGORY_ROOT_ID, indexCategories, type CategoryDoc, type CategoryNode } from '@shop/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CacheInvalidator } from '../../cache/invalidation.ts';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { fakeStorefront, type FakeStorefront } from '../../testing/fake-storefront.ts';
import { staffSession } from '../../testing/staff-session.ts';
import { CatalogImportService } from '../catalog/import.ts';
import { AdminCategories } from './categories.ts';

const unsafe = (field: string, found: string) => UNSAFE_HTML_MESSAGE.replace('{field}', field).replace('{found}', found);

/** Issue #45 point 2: the seller edits and orders the category tree; the storefront's reads follow at once. */
let api: TestApi;
let storefront: FakeStorefront;
let staff: Record<string, string>;

beforeAll(async () => {
  storefront = await fakeStorefront();
  api = await startTestApi({ storefrontInternalUrl: storefront.url, revalidateSecret: 'segreto-categorie' });
  staff = await staffSession(api);
});
afterAll(async () => {
  await api?.dispose();
  await storefront?.close();
});
beforeEach(() => {
  storefront.calls = [];
});

const tree = async () => {
  const res = await api.call('/api/admin/categories', { headers: staff });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as AdminCategoryTree;
};
const get = async (id: number) => (await api.call(`/api/admin/categories/${id}`, { headers: staff })).body.result as AdminCategory;
const patch = (id: number | string, body: object, headers = staff) => api.call(`/api/admin/categories/${id}`, { method: 'PATCH', body, headers });
const move = (id: number | string, body: object, headers = staff) => api.call(`/api/admin/categories/${id}/move`, { body, headers });
async function patched(id: number, body: object): Promise<AdminCategory> {
  const res = await patch(id, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as AdminCategory;
}
async function moved(id: number, body: object): Promise<AdminCategory> {
  const res = await move(id, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as AdminCategory;
}
const audit = async (id: number) => (await api.call(`/api/admin/audit?object=category:${id}`, { headers: staff })).body.result as { action: string; staffEmail: string; before: unknown; after: unknown }[];
const sentTags = () => storefront.calls.flatMap((c) => c.tags).sort();

/** The public catalogue API as the storefront reads it (apps/storefront/src/lib/api/catalog.ts). */
async function catalog<T>(query: CatalogQueryInput): Promise<T[]> {
  const res = await api.call('/api/catalog', { body: query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result.items as T[];
}
/** getCategories: every active category, by position. */
const activeCategories = () => catalog<CategoryDoc>({ entityType: 'category', filters: { is_active: { eq: true } }, sort: 'position:asc', size: 4000 });
/** getMenuTree: the header menu. */
const menu = async () => buildCategoryTree(await activeCategories(), CATEGORY_ROOT_ID, { menuOnly: true });
/** getCategoryBySlug: the category page, or undefined (404). */
const categoryPage = async (slug: string) => (await catalog<CategoryDoc>({ entityType: 'category', filters: { slug: { eq: slug }, is_active: { eq: true } }, size: 1 }))[0];
const menuChildren = (nodes: CategoryNode[], id: number): CategoryNode[] => {
  for (const n of nodes) {
    if (n.id === id) return n.children;
    const found = menuChildren(n.children, id);
    if (found.length > 0) return found;
  }
  return [];
};
const childIds = (items: AdminCategoryNode[], parentId: number) => items.filter((c) => c.parentId === parentId).map((c) => [c.id, c.position]);

describe('the category tree in the back office', () => {
  it('lists every category depth first, in menu order, with its products, and the CMS blocks a page may show', async () => {
    const { rootId, items, cmsBlocks } = await tree();
    expect(rootId).toBe(3);
    const ids = items.map((c) => c.id);
    expect(ids.slice(0, 2)).toEqual([2, 3]);
    // Coltelli, then its five subcategories by position, before the next department.
    const knives = ids.indexOf(20);
    expect(ids.slice(knives, knives + 6)).toEqual([20, 21, 22, 23, 24, 25]);
    expect(items[knives]).toEqual({
      id: 20, parentId: 3, name: 'Coltelli', level: 3, position: expect.any(Number), path: '1/2/3/20', urlKey: 'coltelli', urlPath: 'coltelli', slug: 'coltelli',
      isActive: true, includeInMenu: true, productCount: expect.any(Number),
    });
    // The count is the products the storefront lists in it (whatever their status).
    const listed = await api.call('/api/catalog', { body: { entityType: 'product', filters: { category_ids: { in: [21] } }, size: 1 } });
    expect(items[knives + 1]!.productCount).toBe(listed.body.result.total);
    expect(listed.body.result.total).toBeGreaterThan(0);
    // The switched-off Black Friday page is in the tree too.
    expect(items.find((c) => c.id === 150)).toMatchObject({ isActive: false, includeInMenu: false });
    expect(cmsBlocks).toContainEqual({ identifier: 'banner-coltelli', title: expect.any(String), active: true });
  });

  it('a rename, the SEO fields, the description, the FAQ and a CMS block reach the category page, the menu and search at once; audited', async () => {
    const before = await get(21);
    const edited = await patched(21, {
      name: 'Coltelli da chef',
      metaTitle: 'Coltelli da chef professionali',
      metaDescription: 'Coltelli da chef per ristoranti.',
      robots: 'NOINDEX,FOLLOW',
      shortDescription: '<p>Lame <strong>forgiate</strong> <a href="https://example.com" target="_blank">guida</a></p>',
      faq: [
        { question: 'Quale lama < 20 cm & più?', answer: 'Quella da 18 cm: <b> non è HTML.' },
        { question: 'Si affilano?', answer: 'Sì, con la mola.' },
      ],
      cmsBlockTop: 'banner-coltelli',
      cmsBlockBottom: 'consulenza-haccp',
    });
    expect(edited).toEqual({
      ...before,
      name: 'Coltelli da chef',
      metaTitle: 'Coltelli da chef professionali',
      metaDescription: 'Coltelli da chef per ristoranti.',
      robots: 'NOINDEX,FOLLOW',
      shortDescription: '<p>Lame <strong>forgiate</strong> <a href="https://example.com">guida</a></p>',
      faq: [
        { question: 'Quale lama < 20 cm & più?', answer: 'Quella da 18 cm: <b> non è HTML.' },
        { question: 'Si affilano?', answer: 'Sì, con la mola.' },
      ],
      cmsBlockTop: 'banner-coltelli',
      cmsBlockBottom: 'consulenza-haccp',
    });
    expect(await get(21)).toEqual(edited);

    // The category page's document, as the storefront reads it.
    const page = await categoryPage(before.slug);
    expect(page).toMatchObject({
      name: 'Coltelli da chef',
      meta_title: 'Coltelli da chef professionali',
      meta_description: 'Coltelli da chef per ristoranti.',
      robots: 'NOINDEX,FOLLOW',
      short_description: edited.shortDescription,
      faq_question_1: 'Quale lama &lt; 20 cm &amp; più?',
      faq_answer_1: 'Quella da 18 cm: &lt;b&gt; non è HTML.',
      faq_question_2: 'Si affilano?',
      faq_question_3: null,
      faq_answer_3: null,
      cms_block_top: 'banner-coltelli',
      cms_block_bottom: 'consulenza-haccp',
    });
    // Its address did not move.
    expect(page).toMatchObject({ slug: before.slug, url_key: before.urlKey, url_path: before.urlPath });
    expect(menuChildren(await menu(), 20).map((c) => c.name)).toContain('Coltelli da chef');
    const crumbs = categoryBreadcrumbs(21, indexCategories(await activeCategories()));
    expect(crumbs.map((c) => c.name)).toEqual(['Coltelli', 'Coltelli da chef']);
    // Search finds its products by the new name.
    const found = await api.call('/api/search', { body: { q: 'chef', size: 100, includeFields: ['category_ids'] } });
    expect(found.body.result.total).toBeGreaterThan(0);
    expect(found.body.result.items.some((p: { category_ids: number[] }) => p.category_ids.includes(21))).toBe(true);
    // The storefront's lists of categories and this category's page expire, nothing else.
    expect(sentTags()).toEqual(['C21', 'category']);

    const entries = await audit(21);
    expect(entries.map((e) => [e.action, e.staffEmail])).toEqual([['category.update', expect.stringMatching(/^staff-sessione-\d+@bottega-pro\.example$/)]]);
    expect(entries[0]).toMatchObject({ before: { name: before.name, cmsBlockBottom: before.cmsBlockBottom }, after: { name: 'Coltelli da chef', cmsBlockBottom: 'consulenza-haccp' } });
    // Clearing: an empty list of questions and no blocks.
    expect(await patched(21, { faq: [], cmsBlockTop: null, cmsBlockBottom: null, metaTitle: '' })).toMatchObject({ faq: [], cmsBlockTop: null, cmsBlockBottom: null, metaTitle: null });
    expect(await categoryPage(before.slug)).toMatchObject({ faq_question_1: null, faq_answer_2: null, cms_block_top: null, meta_title: null });
  });

  it('out of the menu keeps the page; disabled hides both; enabled again brings them back', async () => {
    const { slug } = await get(22);
    await patched(22, { includeInMenu: false });
    expect(menuChildren(await menu(), 20).map((c) => c.id)).not.toContain(22);
    expect(await categoryPage(slug)).toMatchObject({ id: 22, include_in_menu: false });
    expect(sentTags()).toEqual(['C22', 'category']);

    await patched(22, { isActive: false });
    expect(await categoryPage(slug)).toBeUndefined();
    expect((await activeCategories()).map((c) => c.id)).not.toContain(22);

    expect(await patched(22, { isActive: true, includeInMenu: true })).toMatchObject({ isActive: true, includeInMenu: true });
    expect(menuChildren(await menu(), 20).map((c) => c.id)).toContain(22);
    expect((await audit(22)).map((e) => e.action)).toEqual(['category.update', 'category.update', 'category.update']);
  });

  it('saving what is already stored changes nothing: no audit entry, no cache expired', async () => {
    const current = await get(23);
    expect(await patched(23, { name: current.name, isActive: current.isActive })).toEqual(current);
    expect(await audit(23)).toEqual([]);
    expect(storefront.calls).toEqual([]);
  });

  it('reorders siblings and moves a category with its subtree; both sibling lists numbered again; the menu and breadcrumbs follow; audited', async () => {
    // Taglieri (last of Coltelli) first.
    expect(await moved(25, { parentId: 20, position: 1 })).toMatchObject({ parentId: 20, position: 1 });
    expect(childIds((await tree()).items, 20)).toEqual([[25, 1], [21, 2], [22, 3], [23, 4], [24, 5]]);
    expect(menuChildren(await menu(), 20).map((c) => c.id)).toEqual([25, 21, 22, 23, 24]);
    expect(sentTags()).toEqual(['C21', 'C22', 'C23', 'C24', 'C25', 'category']);

    // Affilatura into Bilance, second.
    storefront.calls = [];
    const bilance = childIds((await tree()).items, 50).map(([id]) => id);
    expect(await moved(24, { parentId: 50, position: 2 })).toMatchObject({ parentId: 50, position: 2, level: 4, path: '1/2/3/50/24' });
    const items = (await tree()).items;
    expect(childIds(items, 50)).toEqual([[bilance[0], 1], [24, 2], ...bilance.slice(1).map((id, i) => [id, i + 3])]);
    expect(childIds(items, 20)).toEqual([[25, 1], [21, 2], [22, 3], [23, 4]]);
    expect(categoryBreadcrumbs(24, indexCategories(await activeCategories())).map((c) => c.name)).toEqual(['Bilance', 'Affilatura']);
    expect(sentTags()).toEqual(['C24', ...bilance.slice(1).map((id) => `C${id}`)].sort().concat('category').sort());

    // A whole department, with its subcategories, under another and back.
    const detergenti = await get(120);
    const children = childIds(items, 120).map(([id]) => id);
    expect(children.length).toBeGreaterThan(0);
    await moved(120, { parentId: 50 });
    const under = (await tree()).items;
    expect(under.find((c) => c.id === 120)).toMatchObject({ parentId: 50, level: 4, path: '1/2/3/50/120', position: childIds(under, 50).length });
    for (const id of children) expect(under.find((c) => c.id === id)).toMatchObject({ parentId: 120, level: 5, path: `1/2/3/50/120/${id}` });
    const topPosition = childIds(items, 3).findIndex(([id]) => id === 120) + 1;
    await moved(120, { parentId: 3, position: topPosition });
    const back = (await tree()).items;
    expect(back.find((c) => c.id === 120)).toMatchObject({ parentId: 3, level: 3, path: detergenti.path, position: topPosition });
    for (const id of children) expect(back.find((c) => c.id === id)).toMatchObject({ level: 4, path: `${detergenti.path}/${id}` });
    expect(childIds(back, 3).map(([id]) => id)).toEqual(childIds(items, 3).map(([id]) => id));

    expect((await audit(24)).map((e) => [e.action, e.before, e.after])).toEqual([['category.move', { parentId: 20, position: 5 }, { parentId: 50, position: 2 }]]);
  });

  it('refuses bad input with a 400 in Italian naming the field, and writes nothing', async () => {
    const before = await get(121);
    const refusals: [object, string][] = [
      [{ name: '   ' }, `Invalid request body: name: ${C.nameEmpty}`],
      [{ name: 'x'.repeat(256) }, `Invalid request body: name: ${C.nameTooLong}`],
      [{ metaTitle: 't'.repeat(256) }, `Invalid request body: metaTitle: ${C.metaTitle}`],
      [{ robots: 'TUTTO' }, `Invalid request body: robots: ${C.robots}`],
      [{ isActive: 'sì' }, `Invalid request body: isActive: ${C.flag}`],
      [{ faq: [{ question: 'Domanda?', answer: '' }] }, `Invalid request body: faq.0.answer: ${C.faqAnswer}`],
      [{ faq: Array.from({ length: 6 }, () => ({ question: 'D?', answer: 'R.' })) }, `Invalid request body: faq: ${C.faq}`],
      [{ urlKey: 'nuovo-indirizzo' }, `Invalid request body: ${C.notEditable.replace('{keys}', 'urlKey')}`],
      [{ shortDescription: '<p onclick="rubaDati()">Offerta</p>' }, unsafe('shortDescription', PART.handler.replace('{attribute}', 'onclick').replace('{tag}', 'p'))],
      [{ shortDescription: '<p>Guida</p><script>alert(1)</script>' }, unsafe('shortDescription', PART.element.replace('{tag}', 'script'))],
      [{ name: 'Detergenti <img src=x onerror=alert(1)>' }, unsafe('name', PART.handler.replace('{attribute}', 'onerror').replace('{tag}', 'img'))],
      [{ faq: [{ question: 'Ok?', answer: '<a href="javascript:alert(1)">sì</a>' }] }, unsafe('faq.0.answer', PART.url.replace('{url}', 'javascript:alert(1)').replace('{attribute}', 'href').replace('{tag}', 'a'))],
      [{ cmsBlockTop: 'blocco-che-non-esiste' }, `cmsBlockTop: ${C.unknownBlock.replace('{identifier}', 'blocco-che-non-esiste')}`],
      [{ name: 'Nome valido', cmsBlockBottom: 'altro-inesistente' }, `cmsBlockBottom: ${C.unknownBlock.replace('{identifier}', 'altro-inesistente')}`],
    ];
    for (const [body, message] of refusals) {
      const res = await patch(121, body);
      expect([JSON.stringify(body).slice(0, 60), res.status, res.body.result]).toEqual([JSON.stringify(body).slice(0, 60), 400, message]);
    }
    const moves: [number, object, string][] = [
      [20, { parentId: 20 }, `parentId: ${C.intoItself}`],
      [20, { parentId: 21 }, `parentId: ${C.intoItself}`],
      [21, { parentId: 999_999 }, `parentId: ${C.unknownParent.replace('{id}', '999999')}`],
      [21, { parentId: 2 }, `parentId: ${C.outsideShop}`],
      [21, { parentId: 20, position: 99 }, `position: ${C.positionOver.replace('{max}', String(childIds((await tree()).items, 20).length))}`],
      [21, { parentId: 20, position: 0 }, `Invalid request body: position: ${C.position}`],
      [21, { parentId: 'Coltelli' }, `Invalid request body: parentId: ${C.parentId}`],
      [3, { parentId: 20 }, C.rootFixed],
      [2, { parentId: 3 }, C.rootFixed],
    ];
    for (const [id, body, message] of moves) {
      const res = await move(id, body);
      expect([id, body, res.status, res.body.result]).toEqual([id, body, 400, message]);
    }
    expect(await get(121)).toEqual(before);
    expect(await audit(121)).toEqual([]);
    expect(storefront.calls).toEqual([]);
    for (const res of [await api.call('/api/admin/categories/999999', { headers: staff }), await patch(999_999, { name: 'X' }), await move('abc', { parentId: 3 })]) {
      expect(res.body).toEqual({ code: 404, result: C.notFound });
    }
  });

  it('refuses a change to documents that changed since they were read (409), keeping the other change', async () => {
    const imports = new CatalogImportService(api.database.db, new CacheInvalidator({}));
    // An import lands between the edit's read and its write.
    const racing = new AdminCategories(api.database.db, {
      importBatch: async (entity, docs, hooks) => {
        const row = await api.database.db.selectFrom('category').select('doc').where('id', '=', 122).executeTakeFirstOrThrow();
        await imports.importBatch('category', [{ ...row.doc, name: 'Rinominata da un import' }]);
        return imports.importBatch(entity, docs, hooks);
      },
    } as CatalogImportService, () => new Date());
    await expect(racing.update(122, { name: 'Rinominata dal back office' }, { id: null, email: 'test' })).rejects.toMatchObject({ status: 409, message: C.changedMeanwhile });
    expect((await get(122)).name).toBe('Rinominata da un import');
    expect(await audit(122)).toEqual([]);
  });

  it('answers 401 without a session and 403 without the CSRF token on every category route', async () => {
    const routes = [['GET', '/api/admin/categories'], ['GET', '/api/admin/categories/21'], ['PATCH', '/api/admin/categories/21'], ['POST', '/api/admin/categories/21/move']] as const;
    for (const [method, path] of routes) {
      const res = await api.call(path, { method, ...(method === 'GET' ? {} : { body: { parentId: 20 } }) });
      expect([path, method, res.status, res.body.result]).toEqual([path, method, 401, M.signInRequired]);
    }
    for (const [method, path] of routes.filter(([method]) => method !== 'GET')) {
      const res = await api.call(path, { method, body: { parentId: 20 }, headers: { cookie: staff.cookie! } });
      expect([path, res.status, res.body.result]).toEqual([path, 403, M.csrfMissing]);
    }
  });

  it('an API key with catalog:write reads and edits the tree (audited as the key); one without it is 403', async () => {
    const owner = await staffSession(api, 'owner');
    const key = async (scopes: string[]) => (await api.call('/api/admin/api-keys', { body: { name: `ERP ${scopes.join(' ')}`, scopes }, headers: owner })).body.result.key as string;
    const catalogKey = { authorization: `Bearer ${await key(['catalog:write'])}` };
    const ordersKey = { authorization: `Bearer ${await key(['orders:write', 'orders:read'])}` };
    expect((await api.call('/api/admin/categories', { headers: catalogKey })).status).toBe(200);
    expect((await patch(123, { metaDescription: 'Dal gestionale.' }, catalogKey)).body.result).toMatchObject({ metaDescription: 'Dal gestionale.' });
    expect((await move(123, { parentId: 120, position: 1 }, catalogKey)).body.result).toMatchObject({ position: 1 });
    for (const res of [await api.call('/api/admin/categories', { headers: ordersKey }), await patch(123, { name: 'No' }, ordersKey), await move(123, { parentId: 120 }, ordersKey)]) {
      expect(res.body).toEqual({ code: 403, result: K.missingScope.replace('{scope}', 'catalog:write') });
    }
    expect((await audit(123)).map((e) => [e.action, e.staffEmail])).toEqual([
      ['category.update', 'chiave API ERP catalog:write'],
      ['category.move', 'chiave API ERP catalog:write'],
    ]);
  });
});
