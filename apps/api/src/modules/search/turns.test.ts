import { describe, expect, it } from 'vitest';
import { Turns } from './turns.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('Turns', () => {
  it('runs at most its limit at once, in arrival order, and answers every caller', async () => {
    const turns = new Turns(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const answers = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        turns.run(async () => {
          started.push(i);
          most = Math.max(most, ++running);
          await tick();
          running--;
          return i * 10;
        }),
      ),
    );
    expect(answers).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(most).toBe(2);
  });

  it('lets what else is waiting on the event loop run between two turns', async () => {
    const turns = new Turns(1);
    const log: string[] = [];
    const work = (name: string) => turns.run(async () => void log.push(name));
    const all = Promise.all([work('search 1'), work('search 2'), work('search 3')]);
    setImmediate(() => log.push('another request'));
    await all;
    expect(log).toEqual(['search 1', 'another request', 'search 2', 'search 3']);
  });

  it('passes the turn on when a search fails', async () => {
    const turns = new Turns(1);
    const failed = turns.run(async () => {
      throw new Error('refused');
    });
    const next = turns.run(async () => 'answered');
    await expect(failed).rejects.toThrow('refused');
    await expect(next).resolves.toBe('answered');
  });
});
