import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM shared with the scripts that start the storefront
import { heapLimitMb, pageCacheMb, storefrontNodeArgs } from './memory.mjs';

describe('the storefront memory budget', () => {
  it('sizes the page cache small beside the shared cache, larger alone, or as told', () => {
    expect(pageCacheMb({})).toBe(256);
    expect(pageCacheMb({ REDIS_URL: 'redis://127.0.0.1:6379' })).toBe(32);
    expect(pageCacheMb({ PAGE_CACHE_MB: '32', REDIS_URL: 'redis://127.0.0.1:6379' })).toBe(32);
  });

  it('caps the heap at what the live heap can reach: 128 MB and twice the page cache', () => {
    expect(heapLimitMb({ REDIS_URL: 'redis://127.0.0.1:6379' })).toBe(192);
    expect(heapLimitMb({})).toBe(640);
    expect(heapLimitMb({ STOREFRONT_HEAP_MB: '1024' })).toBe(1024);
  });

  it('refuses a size that is not a positive number, naming the setting', () => {
    expect(() => heapLimitMb({ PAGE_CACHE_MB: 'lots' })).toThrow('PAGE_CACHE_MB must be a positive number of megabytes, not "lots"');
    expect(() => heapLimitMb({ STOREFRONT_HEAP_MB: '0' })).toThrow('STOREFRONT_HEAP_MB must be a positive number');
  });

  it('starts Node with that heap limit, unless NODE_OPTIONS sets one', () => {
    const args: string[] = storefrontNodeArgs({ REDIS_URL: 'redis://127.0.0.1:6379' });
    const limit = execFileSync(process.execPath, [...args, '-p', 'require("node:v8").getHeapStatistics().heap_size_limit'], { encoding: 'utf8' });
    // V8's limit is the old generation's plus the young generation's reserve.
    expect(Number(limit) / 1024 / 1024).toBeGreaterThanOrEqual(192);
    expect(Number(limit) / 1024 / 1024).toBeLessThan(256);
    expect(storefrontNodeArgs({ NODE_OPTIONS: '--max-old-space-size=900' })).toEqual([]);
    expect(storefrontNodeArgs({ NODE_OPTIONS: '--max_old_space_size=900' })).toEqual([]);
  });
});
