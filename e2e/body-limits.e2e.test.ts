import { describe, expect, inject, it } from 'vitest';

/*
 * Issue #43 item 8: an over-size body sent to the shop's public port (the front server, which
 * passes /api on to the API) is answered 413 with the API's envelope every time, never the 502 of
 * an API that seems down: the API reads what is left of a refused body before it closes.
 */
const baseUrl = inject('baseUrl');

describe('request bodies over the limit through the public port', () => {
  it('answers 20 of them 413 with the envelope, declared or streamed, on small and large routes', async () => {
    const cases = [
      { path: '/api/cart/create', bytes: 200 * 1024, limit: '64 KiB' },
      { path: '/api/user/create', bytes: 1024 * 1024, limit: '64 KiB' },
      { path: '/api/order', bytes: 2 * 1024 * 1024, limit: '1 MiB' },
      { path: '/api/user/login', bytes: 4 * 1024 * 1024, limit: '64 KiB' },
    ];
    const answers: { path: string; status: number; body: unknown }[] = [];
    for (let i = 0; i < 20; i++) {
      const { path, bytes } = cases[i % cases.length]!;
      const payload = new TextEncoder().encode(`{"x":"${'a'.repeat(bytes)}"}`);
      // Odd rounds stream the body (no Content-Length: the limit is met while reading).
      const body =
        i % 2 === 0
          ? payload
          : new ReadableStream<Uint8Array>({
              start(controller) {
                for (let at = 0; at < payload.length; at += 64 * 1024) controller.enqueue(payload.subarray(at, at + 64 * 1024));
                controller.close();
              },
            });
      const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit);
      answers.push({ path, status: response.status, body: await response.json().catch(() => null) });
    }
    expect(answers).toEqual(
      answers.map(({ path }, i) => ({
        path,
        status: 413,
        body: { code: 413, result: `Request body too large: this request accepts at most ${cases[i % cases.length]!.limit}` },
      })),
    );
  }, 180_000);
});
