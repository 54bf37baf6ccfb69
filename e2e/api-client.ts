import { expect } from 'vitest';

/**
 * A JSON caller of the shop's API for the browser tests' setup and checks: sends `body` as JSON
 * and the bearer `token` when given, expects the envelope's code 200 and returns its result.
 */
export function apiClient(baseUrl: string) {
  return async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = (await res.json()) as { code: number; result: T };
    expect(answer.code, `${path}: ${JSON.stringify(answer.result)}`).toBe(200);
    return answer.result;
  };
}
