import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

describe('TtlCache', () => {
  const counter = () => {
    let loads = 0;
    return { load: (value: string) => () => Promise.resolve(`${value}#${++loads}`), loads: () => loads };
  };

  it('loads a key once and serves it until it expires', async () => {
    let now = 0;
    const cache = new TtlCache<string>(10, 1000, () => now);
    const c = counter();
    expect(await cache.getOrLoad('a', c.load('a'))).toBe('a#1');
    now = 999;
    expect(await cache.getOrLoad('a', c.load('a'))).toBe('a#1');
    now = 1000;
    expect(await cache.getOrLoad('a', c.load('a'))).toBe('a#2');
  });

  it('shares one load between concurrent callers', async () => {
    const cache = new TtlCache<string>(10, 1000);
    const c = counter();
    const [x, y] = await Promise.all([cache.getOrLoad('a', c.load('a')), cache.getOrLoad('a', c.load('a'))]);
    expect([x, y, c.loads()]).toEqual(['a#1', 'a#1', 1]);
  });

  it('drops the least recently used entry when full', async () => {
    const cache = new TtlCache<string>(2, 1000);
    const c = counter();
    await cache.getOrLoad('a', c.load('a'));
    await cache.getOrLoad('b', c.load('b'));
    await cache.getOrLoad('a', c.load('a')); // a is now more recent than b
    await cache.getOrLoad('c', c.load('c'));
    expect(await cache.getOrLoad('a', c.load('a'))).toBe('a#1');
    expect(await cache.getOrLoad('b', c.load('b'))).toBe('b#4');
  });

  it('lets go of the expired entries it has not been asked for again', async () => {
    let now = 0;
    const cache = new TtlCache<string>(10, 1000, () => now);
    const c = counter();
    for (const key of ['a', 'b']) await cache.getOrLoad(key, c.load(key));
    now = 600;
    await cache.getOrLoad('c', c.load('c'));
    now = 1200;
    await cache.getOrLoad('d', c.load('d'));
    // a and b expired unasked and went; c is still fresh and kept.
    expect(cache.size).toBe(2);
    expect(await cache.getOrLoad('c', c.load('c'))).toBe('c#3');
  });

  it('does not keep a failed load, and forgets everything on clear', async () => {
    const cache = new TtlCache<string>(10, 1000);
    await expect(cache.getOrLoad('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.getOrLoad('a', () => Promise.resolve('up'))).toBe('up');
    cache.clear();
    expect(await cache.getOrLoad('a', () => Promise.resolve('again'))).toBe('again');
  });
});
