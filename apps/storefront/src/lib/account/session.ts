import { apiCall, type Answer } from '../cart/cart-api.ts';

/**
 * The customer's session in the browser (ADR 0017): the access token in memory only, the refresh
 * token and the customer's name in localStorage (VSF1's storage, which later requests and the
 * offline queue need). A 401 refreshes once, behind one lock shared by concurrent calls; a refresh
 * that fails signs the customer out silently (shopping.md §4 "Session and tokens").
 */
export interface SignedInCustomer {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
}

interface Stored {
  refreshToken: string;
  customer: SignedInCustomer;
}

const KEY = 'shop/account/v1';
let accessToken: string | null = null;
let refreshing: Promise<boolean> | null = null;
const listeners = new Set<() => void>();

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

/** For useSyncExternalStore: the signed-in customer, null when signed out. */
export function currentCustomer(): SignedInCustomer | null {
  if (snapshot === undefined) snapshot = read()?.customer ?? null;
  return snapshot;
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function refresh(): Promise<boolean> {
  refreshing ??= (async () => {
    const stored = read();
    if (!stored) return false;
    const answer = await apiCall<string>('POST', '/api/user/refresh', {}, { refreshToken: stored.refreshToken });
    const next = answer.meta?.['refreshToken'];
    if (answer.code !== 200 || typeof answer.result !== 'string' || typeof next !== 'string') {
      // The session is over (expired, revoked, reused): signed out without a fuss.
      accessToken = null;
      write(null);
      return false;
    }
    accessToken = answer.result;
    write({ ...stored, refreshToken: next });
    return true;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** A call as the signed-in customer (Bearer); an expired access token is refreshed once. */
export async function accountCall<T>(method: 'GET' | 'POST', path: string, query: Record<string, string> = {}, body?: unknown): Promise<Answer<T>> {
  if (!accessToken && !(await refresh())) return { code: 401, result: 'You must have to login' };
  const answer = await apiCall<T>(method, path, query, body, { authorization: `Bearer ${accessToken}` });
  if (answer.code !== 401 || !(await refresh())) return answer;
  return apiCall<T>(method, path, query, body, { authorization: `Bearer ${accessToken}` });
}

/** Signs in; the server's message when it refuses. */
export async function signIn(email: string, password: string): Promise<string | null> {
  const answer = await apiCall<string>('POST', '/api/user/login', {}, { username: email, password });
  const refreshToken = answer.meta?.['refreshToken'];
  if (answer.code !== 200 || typeof answer.result !== 'string' || typeof refreshToken !== 'string') return typeof answer.result === 'string' ? answer.result : '';
  accessToken = answer.result;
  const me = await apiCall<SignedInCustomer>('GET', '/api/user/me', {}, undefined, { authorization: `Bearer ${accessToken}` });
  if (me.code !== 200 || typeof me.result === 'string') return typeof me.result === 'string' ? me.result : '';
  const { id, email: address, firstname, lastname } = me.result;
  write({ refreshToken, customer: { id, email: address, firstname, lastname } });
  return null;
}

/** Signs this device out: the refresh token's family is revoked, the session forgotten. */
export async function signOut(): Promise<void> {
  const stored = read();
  accessToken = null;
  write(null);
  if (stored) await apiCall('POST', '/api/user/logout', {}, { refreshToken: stored.refreshToken });
}

/** The stored customer after a profile change. */
export function rememberCustomer(customer: SignedInCustomer): void {
  const stored = read();
  if (stored) write({ ...stored, customer: { id: customer.id, email: customer.email, firstname: customer.firstname, lastname: customer.lastname } });
}
