import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fillPlaceholders, processQueue, TaskQueue, type Placeholders, type SyncTask, type TaskAnswer } from './task-queue.ts';

let queue: TaskQueue;
let dbCount = 0;

beforeEach(async () => {
  queue = await TaskQueue.open(`test-${++dbCount}`);
});
afterEach(() => queue.close());

const values = { token: 'tok', cartId: 'cart-1' };

describe('fillPlaceholders', () => {
  it('fills the token and cart id, encoded', () => {
    expect(fillPlaceholders('/api/cart/update?token={{token}}&cartId={{cartId}}', { token: 'a b', cartId: 'c/d' })).toBe('/api/cart/update?token=a%20b&cartId=c%2Fd');
  });
  it('answers null when a needed value is missing, and leaves other URLs alone', () => {
    expect(fillPlaceholders('/api/cart/pull?cartId={{cartId}}', { token: 'x', cartId: null })).toBeNull();
    expect(fillPlaceholders('/api/order', { token: null, cartId: null })).toBe('/api/order');
  });
});

describe('TaskQueue', () => {
  it('keeps tasks as the sync-task entity, oldest first, and survives a reopen', async () => {
    const first = await queue.enqueue({ url: '/api/order', method: 'POST', callback_event: 'order', payload: { a: 1 }, headers: { 'idempotency-key': 'k1' } }, 1000);
    await queue.enqueue({ url: '/api/cart/update?cartId={{cartId}}', method: 'POST', callback_event: 'cart', silent: true }, 2000);
    expect(first).toMatchObject({ transmited: false, transmited_at: null, created_at: 1000, updated_at: 1000, acknowledged: false, silent: false, result: null, code: null });
    queue.close();
    queue = await TaskQueue.open(`test-${dbCount}`);
    const tasks = await queue.list();
    expect(tasks.map((t) => t.callback_event)).toEqual(['order', 'cart']);
    expect(await queue.list('order')).toHaveLength(1);
    expect(tasks[0]!.headers).toEqual({ 'idempotency-key': 'k1' });
  });

  it('clears untransmitted tasks only', async () => {
    const sent = await queue.enqueue({ url: '/a', method: 'POST', callback_event: 'x' });
    await queue.enqueue({ url: '/b', method: 'POST', callback_event: 'x' });
    await queue.update(sent.task_id, { transmited: true });
    await queue.clearUntransmitted();
    expect((await queue.list()).map((t) => t.url)).toEqual(['/a']);
  });
});

describe('processQueue', () => {
  const run = (send: (task: SyncTask, url: string) => Promise<TaskAnswer>, placeholders: Placeholders = values) => processQueue(queue, { placeholders: () => placeholders, send, now: () => 5000 });

  it('sends pending tasks in order and keeps each answer', async () => {
    await queue.enqueue({ url: '/api/one?token={{token}}', method: 'POST', callback_event: 'x' });
    await queue.enqueue({ url: '/api/two', method: 'POST', callback_event: 'x' });
    const urls: string[] = [];
    const result = await run(async (_, url) => {
      urls.push(url);
      return url === '/api/two' ? { code: 409, result: 'changed' } : { code: 200, result: { ok: true } };
    });
    expect(urls).toEqual(['/api/one?token=tok', '/api/two']);
    expect(result.answered.map((t) => [t.transmited, t.code, t.result, t.transmited_at])).toEqual([
      [true, 200, { ok: true }, 5000],
      [true, 409, 'changed', 5000],
    ]);
    expect(await queue.pending()).toHaveLength(0);
    // A second round sends nothing again.
    const again = await run(async () => ({ code: 200, result: null }));
    expect(again.answered).toHaveLength(0);
  });

  it('stops at a network failure and keeps that task and the later ones for the next reconnect', async () => {
    await queue.enqueue({ url: '/a', method: 'POST', callback_event: 'x' });
    await queue.enqueue({ url: '/b', method: 'POST', callback_event: 'x' });
    const result = await run(async () => ({ code: 0, result: 'TypeError: Failed to fetch' }));
    expect(result.interrupted).toBe(true);
    expect((await queue.pending()).map((t) => t.url)).toEqual(['/a', '/b']);
  });

  it('leaves a task that needs a missing cart id waiting, and sends the others', async () => {
    await queue.enqueue({ url: '/api/cart/pull?cartId={{cartId}}', method: 'GET', callback_event: 'cart' });
    await queue.enqueue({ url: '/api/order', method: 'POST', callback_event: 'order' });
    const result = await run(async () => ({ code: 200, result: null }), { token: null, cartId: null });
    expect(result.waiting.map((t) => t.url)).toEqual(['/api/cart/pull?cartId={{cartId}}']);
    expect(result.answered.map((t) => t.url)).toEqual(['/api/order']);
  });

  it('sends only the kind asked for', async () => {
    await queue.enqueue({ url: '/a', method: 'POST', callback_event: 'cart' });
    await queue.enqueue({ url: '/b', method: 'POST', callback_event: 'order' });
    const result = await processQueue(queue, { event: 'order', placeholders: () => values, send: async () => ({ code: 200, result: null }) });
    expect(result.answered.map((t) => t.url)).toEqual(['/b']);
    expect((await queue.pending()).map((t) => t.url)).toEqual(['/a']);
  });
});
