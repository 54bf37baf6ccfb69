import { describe, expect, it } from 'vitest';
import { HashQueue } from './hash-queue.ts';

/** A hash that ends when told to, recording when it started. */
function gate(log: string[], name: string) {
  let open!: () => void;
  const done = new Promise<void>((resolve) => (open = resolve));
  return { work: async () => (log.push(name), await done, name), open };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('HashQueue', () => {
  it('serves waiting sources in turn: a third customer waits behind one hash of a burst, not all of it', async () => {
    const queue = new HashQueue({ concurrency: 1, maxQueued: 8 });
    const log: string[] = [];
    const first = gate(log, 'burst-0');
    const running = queue.run('address:a', first.work);
    const burst = Array.from({ length: 5 }, (_, i) => queue.run('address:a', async () => (log.push(`burst-${i + 1}`), 'b')));
    const third = queue.run('account:terzo', async () => (log.push('terzo'), 't'));
    first.open();
    await Promise.all([running, third, ...burst]);
    expect(log).toEqual(['burst-0', 'burst-1', 'terzo', 'burst-2', 'burst-3', 'burst-4', 'burst-5']);
  });

  it('when full, a newcomer takes the place of the newest hash of the source holding the most', async () => {
    const queue = new HashQueue({ concurrency: 1, maxQueued: 3 });
    const log: string[] = [];
    const first = gate(log, 'attack-0');
    const running = queue.run('account:victim', first.work);
    const attack = [1, 2, 3].map((i) => queue.run('account:victim', async () => `attack-${i}`).catch((error: { status?: number }) => error.status));
    const third = queue.run('account:terzo', async () => 'terzo');
    await settle();
    expect(await attack[2]).toBe(503);
    expect(queue.stats()).toMatchObject({ queued: 3, shed: 1 });
    first.open();
    expect(await third).toBe('terzo');
    expect(await Promise.all([running, attack[0], attack[1]])).toEqual(['attack-0', 'attack-1', 'attack-2']);
  });

  it('sheds the newcomer when every source holds no more than its own share would', async () => {
    const queue = new HashQueue({ concurrency: 1, maxQueued: 2 });
    const log: string[] = [];
    const first = gate(log, 'a');
    const running = queue.run('address:a', first.work);
    const waiting = [queue.run('address:b', async () => 'b'), queue.run('address:c', async () => 'c')];
    await expect(queue.run('address:d', async () => 'd')).rejects.toMatchObject({ status: 503 });
    expect(queue.stats()).toMatchObject({ running: 1, queued: 2, shed: 1 });
    first.open();
    expect(await Promise.all([running, ...waiting])).toEqual(['a', 'b', 'c']);
    expect(queue.stats()).toMatchObject({ running: 0, queued: 0, peakQueued: 2 });
  });
});
