import { describe, expect, it, vi } from 'vitest';
import { TtlLru, cachedLookup } from './ttl-lru.ts';

describe('TtlLru', () => {
  it('forgets entries after the TTL', () => {
    let now = 1000;
    const lru = new TtlLru<number>(10, 30_000, () => now);
    lru.set('a', 1);
    expect(lru.get('a')).toBe(1);
    now += 29_999;
    expect(lru.get('a')).toBe(1);
    now += 1;
    expect(lru.get('a')).toBeUndefined();
    expect(lru.size).toBe(0);
  });

  it('evicts the least recently used entry beyond its size', () => {
    const lru = new TtlLru<number>(2, 60_000);
    lru.set('a', 1);
    lru.set('b', 2);
    lru.get('a');
    lru.set('c', 3);
    expect(lru.has('a')).toBe(true);
    expect(lru.has('b')).toBe(false);
    expect(lru.has('c')).toBe(true);
    expect(lru.size).toBe(2);
  });
});

describe('cachedLookup', () => {
  it('remembers answers including null, shares concurrent calls, and does not keep failures', async () => {
    const lru = new TtlLru<{ result: string | null }>(10, 60_000);
    const lookup = vi.fn(async (arg: string) => {
      if (arg === 'boom') throw new Error('down');
      return arg === 'none' ? null : arg.toUpperCase();
    });
    const cached = cachedLookup(lookup, lru, 'x');
    const [a, b] = await Promise.all([cached('a'), cached('a')]);
    expect([a, b]).toEqual(['A', 'A']);
    expect(await cached('a')).toBe('A');
    expect(await cached('none')).toBeNull();
    expect(await cached('none')).toBeNull();
    expect(lookup).toHaveBeenCalledTimes(2);
    await expect(cached('boom')).rejects.toThrow('down');
    await expect(cached('boom')).rejects.toThrow('down');
    expect(lookup).toHaveBeenCalledTimes(4);
  });
});
