import { ACCOUNT_MESSAGES } from '@shop/contracts/account-messages';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Answer } from '../cart/cart-api.ts';

/** The API as the session sees it: login and profile answer, /api/user/refresh answers `refreshAnswer`, any other call 401. */
let refreshAnswer: Answer<string>;
let refreshes = 0;
/** Held open by a test: the slow call's answer comes only after it. */
let slowGate: Promise<void> = Promise.resolve();
vi.mock('../cart/cart-api.ts', () => ({
  apiCall: async (_method: string, path: string, _query?: unknown, _body?: unknown, headers: Record<string, string> = {}): Promise<Answer<unknown>> => {
    if (path === '/api/user/login') return { code: 200, result: 'access', meta: { refreshToken: 'refresh' } };
    if (path === '/api/user/me') return { code: 200, result: { id: 1, email: 'a@example.it', firstname: 'A', lastname: 'B', group_id: 1 } };
    if (path === '/api/user/refresh') return (refreshes++, refreshAnswer);
    if (path === '/api/slow') await slowGate;
    if (headers['authorization'] === 'Bearer fresh') return { code: 200, result: path };
    return { code: 401, result: ACCOUNT_MESSAGES.notAuthorized };
  },
}));

const storage = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (key: string) => storage.get(key) ?? null,
  setItem: (key: string, value: string) => void storage.set(key, value),
  removeItem: (key: string) => void storage.delete(key),
});

const { accountCall, signIn } = await import('./session.ts');

describe('a refresh that fails (shopping §8, issue 42)', () => {
  beforeEach(async () => {
    expect(await signIn('a@example.it', 'x')).toBeNull();
  });

  it('answers the token error when the server refused the tokens', async () => {
    refreshAnswer = { code: 401, result: ACCOUNT_MESSAGES.notAuthorized };
    expect((await accountCall('GET', '/api/user/order-history')).result).toBe(ACCOUNT_MESSAGES.notAuthorized);
  });

  it('answers the internal error when the refresh failed otherwise', async () => {
    refreshAnswer = { code: 500, result: 'Internal server error' };
    expect((await accountCall('GET', '/api/user/order-history')).result).toBe(ACCOUNT_MESSAGES.refreshFailed);
    expect(ACCOUNT_MESSAGES.refreshFailed).toBe('Internal Application error while refreshing the tokens. Please clear the storage and refresh page.');
  });
});

describe('an expired access token (shopping §8)', () => {
  it('is refreshed once: a call answered 401 after another call refreshed it sends again with the new token', async () => {
    expect(await signIn('a@example.it', 'x')).toBeNull();
    refreshAnswer = { code: 200, result: 'fresh', meta: { refreshToken: 'refresh-2' } };
    refreshes = 0;
    let open!: () => void;
    slowGate = new Promise((resolve) => (open = resolve));
    const slow = accountCall('POST', '/api/slow');
    expect((await accountCall('GET', '/api/fast')).result).toBe('/api/fast');
    open();
    expect((await slow).result).toBe('/api/slow');
    expect(refreshes).toBe(1);
  });
});
