import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM module loaded by Next at run time
import { answerTagsOf, decodeEntry, encodeEntry, expiredSince } from './cache-values.mjs';

describe('shared cache entries', () => {
  it('come back with their Buffers and segment Map byte for byte', () => {
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
    const back = decodeEntry(encodeEntry(page));
    expect(back.value.rscData).toEqual(Buffer.from([0, 1, 2, 255, 254]));
    expect(back.value.segmentData).toBeInstanceOf(Map);
    expect([...back.value.segmentData.keys()]).toEqual(['/_tree', '/it/p/12.segment']);
    expect(back.value.segmentData.get('/it/p/12.segment')).toEqual(Buffer.from([9, 8, 7]));
    expect(back.value.html).toBe(page.value.html);
    expect(back).toMatchObject({ lastModified: page.lastModified, tags: page.tags, cacheControl: { revalidate: 86_400 } });
    expect('postponed' in back.value).toBe(false);
  });

  it('keep a data-cache entry as it was', () => {
    const fetched = { lastModified: 5, tags: ['product'], value: { kind: 'FETCH', data: { headers: { a: 'b' }, body: '{"code":200}', status: 200, url: 'http://api/x' }, revalidate: 60, tags: ['product'] } };
    expect(decodeEntry(encodeEntry(fetched))).toEqual(fetched);
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
