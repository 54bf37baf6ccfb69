import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM module of the front server
import { firstLink, warmUp, warmUpCategories } from './warm-up.mjs';

const HOME = '<nav class="menu__nav"><a href="/c/coltelli">Coltelli</a><a href="/c/guanti">Guanti</a></nav>';
const CATEGORY = '<a href="/p/COL-1/coltello-1?x=1">Coltello</a><a href="/p/COL-2/coltello-2">Coltello 2</a>';
const GLOVES = '<a href="/p/GUA-1/guanto-1">Guanto</a>';

describe('firstLink', () => {
  it('finds the first link under a prefix, without its query string', () => {
    expect(firstLink(CATEGORY, '/p/')).toBe('/p/COL-1/coltello-1');
    expect(firstLink('<p>no links</p>', '/p/')).toBeUndefined();
  });
});

describe('warmUpCategories', () => {
  it('names the distinct categories the home page links to, the first eight, without query strings', () => {
    const menu = Array.from({ length: 10 }, (_, i) => `<a href="/c/c${i}?x=1&amp;y=2">C${i}</a><a href="/c/c${i}">again</a>`).join('');
    expect(warmUpCategories(menu)).toEqual(['/c/c0', '/c/c1', '/c/c2', '/c/c3', '/c/c4', '/c/c5', '/c/c6', '/c/c7']);
    expect(warmUpCategories('<p>empty shop</p>')).toEqual([]);
  });
});

describe('warmUp', () => {
  it('asks for the home page, list page 2 of each menu category, then a product of each', async () => {
    const urls: string[] = [];
    const pages: Record<string, string> = { 'http://s/': HOME, 'http://s/c/coltelli?p=2': CATEGORY, 'http://s/c/guanti?p=2': GLOVES };
    const asked = await warmUp('http://s', { get: async (url: string) => (urls.push(url), pages[url] ?? '<p></p>') });
    expect(asked).toEqual(['/', '/c/coltelli?p=2', '/c/guanti?p=2', '/p/COL-1/coltello-1', '/p/GUA-1/guanto-1']);
    expect(urls).toEqual(asked.map((path: string) => `http://s${path}`));
  });

  it('stops after the home page when it fails or names no category', async () => {
    expect(await warmUp('http://s', { get: async () => Promise.reject(new Error('API down')) })).toEqual(['/']);
    expect(await warmUp('http://s', { get: async () => '<p>empty shop</p>' })).toEqual(['/']);
  });

  it('skips a failing page and goes on', async () => {
    const asked = await warmUp('http://s', {
      get: async (url: string) => (url === 'http://s/' ? HOME : url === 'http://s/c/guanti?p=2' ? GLOVES : Promise.reject(new Error('500'))),
    });
    expect(asked).toEqual(['/', '/c/coltelli?p=2', '/c/guanti?p=2', '/p/GUA-1/guanto-1']);
  });

  it('asks for nothing more once its time is up', async () => {
    let clock = 0;
    const asked = await warmUp('http://s', {
      budgetMs: 25,
      now: () => clock,
      get: async (url: string) => ((clock += 10), url === 'http://s/' ? HOME : CATEGORY),
    });
    expect(asked).toEqual(['/', '/c/coltelli?p=2', '/c/guanti?p=2']);
  });
});
