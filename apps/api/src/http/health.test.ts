import { describe, expect, it } from 'vitest';
import { recentCount } from './health.ts';

/** A count that answers when told to, and tells how often it was asked. */
function slowCount() {
  let asked = 0;
  const pending: ((n: number) => void)[] = [];
  const count = () => {
    asked++;
    return new Promise<number>((resolve) => pending.push(resolve));
  };
  return { count, asked: () => asked, answer: (n: number) => pending.shift()!(n) };
}

describe('the health probe’s product count', () => {
  it('is counted once for probes that arrive together, and not again while it is fresh', async () => {
    const c = slowCount();
    let clock = 0;
    const products = recentCount(c.count, 30_000, () => clock);
    const probes = Array.from({ length: 20 }, () => products());
    expect(c.asked()).toBe(1);
    c.answer(400);
    expect(await Promise.all(probes)).toEqual(Array(20).fill(400));
    clock = 30_000;
    expect(await products()).toBe(400);
    expect(c.asked()).toBe(1);
  });

  it('answers a stale count at once and counts again behind it, once', async () => {
    const c = slowCount();
    let clock = 0;
    const products = recentCount(c.count, 30_000, () => clock);
    const first = products();
    c.answer(400);
    await first;
    clock = 30_001;
    expect(await products()).toBe(400);
    expect(await products()).toBe(400);
    expect(c.asked()).toBe(2);
    c.answer(401);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await products()).toBe(401);
  });

  it('counts again after a failed count', async () => {
    let fail = true;
    const products = recentCount(async () => {
      if (fail) throw new Error('database down');
      return 7;
    }, 30_000);
    await expect(products()).rejects.toThrow('database down');
    fail = false;
    expect(await products()).toBe(7);
  });
});
