import { ACCOUNT_MESSAGES } from '@shop/contracts/account-messages';
import { apiCall, type Answer } from '../cart/cart-api.ts';

/**
 * The customer's session in the browser (ADR 0017): the access token in memory only, the refresh
 * token and the customer's name in localStorage (VSF1's storage, which later requests and the
 * offline queue need). shopping.md §4 "Session and tokens": a 401 takes the refresh lock; calls
 * arriving meanwhile wait for it (VSF1 polls every 1000 ms; awaiting the one refresh is the same
 * wait without the polling) and retry once (max network task attempts 1). A refresh that fails
 * sets the lock to -1: the session ends silently, the sign-up modal is asked for, and every
 * call as the customer answers 401 with the token error until the next sign-in.
 */
export interface SignedInCustomer {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  /** The customer group: it selects tier/group prices and the tax class (shopping.md §3 User). */
  group_id: number;
}

interface Stored {
  refreshToken: string;
  customer: SignedInCustomer;
}

/** Why a session ended: the customer's logout, or a refresh the server refused (lock -1). */
export type SessionEnd = 'logout' | 'expired';

const KEY = 'shop/account/v1';
let accessToken: string | null = null;
let refreshing: Promise<boolean> | null = null;
/** Lock -1 of §4: the refresh failed; calls as the customer abort until a new sign-in. */
let refreshFailed = false;
/** Why the last refresh failed: the tokens were refused (401), or something else went wrong (shopping §8). */
let refreshFailure: 'unauthorized' | 'internal' = 'unauthorized';
const listeners = new Set<() => void>();
const endListeners = new Set<(reason: SessionEnd) => void>();

function read(): Stored | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Stored) : null;
  } catch {
    return null;
  }
}

let snapshot: SignedInCustomer | null | undefined;
function write(stored: Stored | null): void {
  if (stored) localStorage.setItem(KEY, JSON.stringify(stored));
  else localStorage.removeItem(KEY);
  snapshot = stored?.customer ?? null;
  listeners.forEach((listener) => listener());
}

const pickCustomer = ({ id, email, firstname, lastname, group_id }: SignedInCustomer): SignedInCustomer => ({ id, email, firstname, lastname, group_id });

/** For useSyncExternalStore: the signed-in customer, null when signed out. */
export function currentCustomer(): SignedInCustomer | null {
  if (snapshot === undefined) snapshot = read()?.customer ?? null;
  return snapshot;
}

let watching = false;
/** Another tab signed in or out: this one follows (its access token belonged to the old session). */
function watchOtherTabs(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  window.addEventListener('storage', (event) => {
    if (event.key !== KEY && event.key !== null) return;
    const customer = read()?.customer ?? null;
    if (customer?.id !== snapshot?.id) accessToken = null;
    snapshot = customer;
    listeners.forEach((listener) => listener());
  });
}

export function subscribe(listener: () => void): () => void {
  watchOtherTabs();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called when the session ends (logout, or an expired session): what §4 says to clear. */
export function onSessionEnd(listener: (reason: SessionEnd) => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

function end(reason: SessionEnd): void {
  accessToken = null;
  write(null);
  endListeners.forEach((listener) => listener(reason));
}

/** Refreshes one tab at a time across the browser's tabs: each then reads the token the last one stored. */
const REFRESH_LOCK = 'shop/account/refresh';

async function refresh(): Promise<boolean> {
  // Two tabs presenting the same refresh token would look like a stolen one (the family is
  // revoked): the Web Locks API makes them take turns, each with the latest stored token.
  const exclusive = async <T>(run: () => Promise<T>): Promise<T> => (typeof navigator !== 'undefined' && navigator.locks ? await navigator.locks.request(REFRESH_LOCK, run) : run());
  refreshing ??= exclusive(async () => {
    const stored = read();
    if (!stored) return false;
    const answer = await apiCall<string>('POST', '/api/user/refresh', {}, { refreshToken: stored.refreshToken });
    const next = answer.meta?.['refreshToken'];
    if (answer.code === 0) return false; // offline or the server unreachable: the session stays
    if (answer.code !== 200 || typeof answer.result !== 'string' || typeof next !== 'string') {
      refreshFailed = true;
      refreshFailure = answer.code >= 400 && answer.code < 500 ? 'unauthorized' : 'internal';
      end('expired');
      return false;
    }
    accessToken = answer.result;
    write({ ...stored, refreshToken: next });
    return true;
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

const notAuthorized = <T>(): Answer<T> => ({
  code: 401,
  result: !refreshFailed ? ACCOUNT_MESSAGES.loginRequired : refreshFailure === 'internal' ? ACCOUNT_MESSAGES.refreshFailed : ACCOUNT_MESSAGES.notAuthorized,
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Sends as the signed-in customer with the access token; a 401 refreshes once and sends again. */
async function asCustomer<R extends { code: number }>(send: (token: string) => Promise<R>, refused: () => R): Promise<R> {
  if (refreshFailed || !read()) return refused();
  if (!accessToken && !(await refresh())) return refused();
  const sentWith = accessToken ?? '';
  const answer = await send(sentWith);
  if (answer.code !== 401) return answer;
  // Another call refreshed the token while this one was on its way: send again with that one, no second refresh.
  if (accessToken && accessToken !== sentWith) return send(accessToken);
  return (await refresh()) ? send(accessToken ?? '') : refused();
}

/** A call as the signed-in customer (Bearer); an expired access token is refreshed once. */
export function accountCall<T>(method: Method, path: string, query: Record<string, string> = {}, body?: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
  return asCustomer((token) => apiCall<T>(method, path, query, body, { ...headers, authorization: `Bearer ${token}` }), notAuthorized<T>);
}

/** A file of the signed-in customer (an invoice PDF): its bytes, or null when refused or unreachable. */
export async function accountFile(path: string): Promise<Blob | null> {
  const answer = await asCustomer(
    async (token) => {
      try {
        const response = await fetch(path, { cache: 'no-store', headers: { authorization: `Bearer ${token}` } });
        return { code: response.status, file: response.ok ? await response.blob() : null };
      } catch {
        return { code: 0, file: null };
      }
    },
    () => ({ code: 401, file: null }),
  );
  return answer.file;
}

/** A call as whoever uses the shop: the customer when signed in (cart, checkout), else a guest. */
export function sessionCall<T>(method: Method, path: string, query: Record<string, string> = {}, body?: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
  return currentCustomer() ? accountCall<T>(method, path, query, body, headers) : apiCall<T>(method, path, query, body, headers);
}

/** Signs in; the server's message when it refuses. */
export async function signIn(email: string, password: string, altcha?: string): Promise<string | null> {
  // `altcha`: the solved challenge, when the shop asked for one (issue #43).
  const answer = await apiCall<string>('POST', '/api/user/login', {}, { username: email, password, ...(altcha ? { altcha } : {}) });
  const refreshToken = answer.meta?.['refreshToken'];
  if (answer.code !== 200 || typeof answer.result !== 'string' || typeof refreshToken !== 'string') return typeof answer.result === 'string' ? answer.result : '';
  return adoptSession(answer.result, refreshToken);
}

/** Starts the session of these tokens (a sign-in, or an account made with a purchase); the server's text when refused. */
export async function adoptSession(token: string, refreshToken: string): Promise<string | null> {
  const me = await apiCall<SignedInCustomer>('GET', '/api/user/me', {}, undefined, { authorization: `Bearer ${token}` });
  if (me.code !== 200 || typeof me.result === 'string') return typeof me.result === 'string' ? me.result : '';
  accessToken = token;
  refreshFailed = false;
  write({ refreshToken, customer: pickCustomer(me.result) });
  return null;
}

/** Signs this device out: the refresh token's family is revoked, the session forgotten. */
export async function signOut(): Promise<void> {
  const stored = read();
  end('logout');
  if (stored) await apiCall('POST', '/api/user/logout', {}, { refreshToken: stored.refreshToken });
}

/**
 * Changes the password (§5: not offline). The server ends every other session and answers this
 * one's new tokens in `meta`, which the session adopts. Null when changed, else the server's text.
 */
export async function changePassword(currentPassword: string, newPassword: string): Promise<string | null> {
  if (!navigator.onLine) return ACCOUNT_MESSAGES.offlinePassword;
  const answer = await accountCall<string>('POST', '/api/user/change-password', {}, { currentPassword, newPassword });
  const token = answer.meta?.['token'];
  const refreshToken = answer.meta?.['refreshToken'];
  const stored = read();
  if (answer.code !== 200 || typeof token !== 'string' || typeof refreshToken !== 'string' || !stored) return String(answer.result);
  accessToken = token;
  write({ ...stored, refreshToken });
  return null;
}

/** The stored customer after a profile change. */
export function rememberCustomer(customer: SignedInCustomer): void {
  const stored = read();
  if (stored) write({ ...stored, customer: pickCustomer(customer) });
}
