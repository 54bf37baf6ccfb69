import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM module of the front server
import { firstLink, warmUp } from './warm-up.mjs';

const HOME = '<nav class="menu__nav"><a href="/c/coltelli">Coltelli</a><a href="/c/guanti">Guanti</a></nav>';
const CATEGORY = '<a href="/p/COL-1/coltello-1?x=1">Coltello</a><a href="/p/COL-2/coltello-2">Coltello 2</a>';

describe('firstLink', () => {
  it('finds the first link under a prefix, without its query string', () => {
    expect(firstLink(HOME, '/c/')).toBe('/c/coltelli');
    expect(firstLink(CATEGORY, '/p/')).toBe('/p/COL-1/coltello-1');
    expect(firstLink('<p>no links</p>', '/c/')).toBeUndefined();
  });
});

describe('warmUp', () => {
  it('asks for the home page, its first category with four list pages, and a product of it', async () => {
    const urls: string[] = [];
    const pages: Record<string, string> = { 'http://s/': HOME, 'http://s/c/coltelli': CATEGORY };
    const asked = await warmUp('http://s', { get: async (url: string) => (urls.push(url), pages[url] ?? '<p></p>') });
    expect(asked).toEqual(['/', '/c/coltelli', '/c/coltelli?p=2', '/c/coltelli?p=3', '/c/coltelli?p=4', '/c/coltelli?p=5', '/p/COL-1/coltello-1']);
    expect(urls).toEqual(asked.map((path: string) => `http://s${path}`));
  });

  it('stops after the home page when it fails or names no category', async () => {
    expect(await warmUp('http://s', { get: async () => Promise.reject(new Error('API down')) })).toEqual(['/']);
    expect(await warmUp('http://s', { get: async () => '<p>empty shop</p>' })).toEqual(['/']);
  });

  it('skips a failing page and goes on', async () => {
    const asked = await warmUp('http://s', {
      get: async (url: string) => (url === 'http://s/' ? HOME : Promise.reject(new Error('500'))),
    });
    expect(asked).toEqual(['/', '/c/coltelli', '/c/coltelli?p=2', '/c/coltelli?p=3', '/c/coltelli?p=4', '/c/coltelli?p=5']);
  });

  it('asks for nothing more once its time is up', async () => {
    let clock = 0;
    const asked = await warmUp('http://s', {
      budgetMs: 25,
      now: () => clock,
      get: async (url: string) => ((clock += 10), url === 'http://s/' ? HOME : CATEGORY),
    });
    expect(asked).toEqual(['/', '/c/coltelli', '/c/coltelli?p=2']);
  });
});
