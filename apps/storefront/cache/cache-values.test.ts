import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM module loaded by Next at run time
import { answerTagsOf, decodeEntry, encodeEntry, expiredSince } from './cache-values.mjs';

describe('shared cache entries', () => {
  it('come back with their Buffers and segment Map byte for byte', async () => {
    const page = {
      lastModified: 1_764_000_000_000,
      cacheControl: { revalidate: 86_400, expire: undefined },
      tags: ['P12', '_N_T_/it/p/12'],
      value: {
        kind: 'APP_PAGE',
        html: '<html lang="it">€ 1.234,50 — “virgolette”</html>',
        rscData: Buffer.from([0, 1, 2, 255, 254]),
        headers: { 'x-next-cache-tags': 'P12,_N_T_/it/p/12' },
        status: 200,
        postponed: undefined,
        segmentData: new Map([['/_tree', Buffer.from('tree')], ['/it/p/12.segment', new Uint8Array([9, 8, 7])]]),
      },
    };
    const back = await decodeEntry(await encodeEntry(page));
    expect(back.value.rscData).toEqual(Buffer.from([0, 1, 2, 255, 254]));
    expect(back.value.segmentData).toBeInstanceOf(Map);
    expect([...back.value.segmentData.keys()]).toEqual(['/_tree', '/it/p/12.segment']);
    expect(back.value.segmentData.get('/it/p/12.segment')).toEqual(Buffer.from([9, 8, 7]));
    expect(back.value.html).toBe(page.value.html);
    expect(back).toMatchObject({ lastModified: page.lastModified, tags: page.tags, cacheControl: { revalidate: 86_400 } });
    expect('postponed' in back.value).toBe(false);
  });

  it('keep a data-cache entry as it was, short and long texts alike', async () => {
    const fetched = { lastModified: 5, tags: ['product'], value: { kind: 'FETCH', data: { headers: { a: 'b' }, body: '{"code":200}', status: 200, url: 'http://api/x' }, revalidate: 60, tags: ['product'] } };
    expect(await decodeEntry(await encodeEntry(fetched))).toEqual(fetched);
    const long = { ...fetched, value: { ...fetched.value, data: { ...fetched.value.data, body: `{"result":"${'è€ '.repeat(2000)}"}` } } };
    expect(await decodeEntry(await encodeEntry(long))).toEqual(long);
  });

  it('take a fraction of a page in the shared cache', async () => {
    const tile = (i: number) => `<li><article class="tile"><a href="/p/COL-${i}/coltello-${i}">Coltello da disosso ${i} cm</a><span>€ ${i},90</span></article></li>`;
    const html = `<html lang="it"><body><ul>${Array.from({ length: 48 }, (_, i) => tile(i)).join('')}</ul></body></html>`;
    const page = { lastModified: 1, tags: ['C20'], value: { kind: 'APP_PAGE', html, rscData: Buffer.from(html), headers: {}, status: 200 } };
    const stored = await encodeEntry(page);
    expect(stored.length).toBeLessThan(html.length / 4);
    expect((await decodeEntry(stored)).value.html).toBe(html);
  });

  it('read entries written in another format as absent', async () => {
    expect(await decodeEntry(Buffer.from('{"lastModified":1,"tags":[],"value":{}}'))).toBeNull();
  });

  it("read a page's tags from the header Next keeps them in", () => {
    expect(answerTagsOf({ headers: { 'x-next-cache-tags': 'a,b' } })).toEqual(['a', 'b']);
    expect(answerTagsOf({ headers: {} })).toEqual([]);
    expect(answerTagsOf(undefined)).toEqual([]);
  });

  it('count an entry expired only by a tag expiry after it was made and not in the future', () => {
    expect(expiredSince(200, 100, 300)).toBe(true);
    expect(expiredSince(100, 100, 300)).toBe(false);
    expect(expiredSince(50, 100, 300)).toBe(false);
    expect(expiredSince(400, 100, 300)).toBe(false);
  });
});
