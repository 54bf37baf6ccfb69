import type { AuthProvider, BaseRecord, CrudFilter, DataProvider } from '@refinedev/core';
import { api, ApiError, queryString, setCsrfToken } from './api.ts';
import type { AdminCustomerListItem, AdminOrderListItem, AdminSession } from './types.ts';

/** Filters as the API's query names them (Refine's `eq` filters, one per field). */
function filterValues(filters: CrudFilter[] | undefined): Record<string, string> {
  const values: Record<string, string> = {};
  for (const filter of filters ?? []) if ('field' in filter && filter.value !== undefined && filter.value !== '') values[filter.field] = String(filter.value);
  return values;
}

/**
 * The orders and customers lists page by cursor (keyset), Refine by page number: the cursor of
 * page n+1 is remembered when page n arrives, per list and set of filters. A page whose cursor is
 * unknown (a reload) starts again from the first.
 */
const cursors = new Map<string, string>();
const CURSOR_LISTS = ['orders', 'customers'];

async function cursorPage(resource: string, query: Record<string, string>, page: number, pageSize: number) {
  const key = `${resource}${queryString({ ...query, limit: pageSize })}`;
  const cursor = page > 1 ? cursors.get(`${key}#${page}`) : undefined;
  const answer = await api<{ items: (AdminOrderListItem | AdminCustomerListItem)[]; total: number; nextCursor?: string }>('GET', `/${resource}${queryString({ ...query, limit: pageSize, cursor })}`);
  if (answer.nextCursor) cursors.set(`${key}#${page + 1}`, answer.nextCursor);
  return { data: answer.items.map((item) => ({ ...item, id: 'incrementId' in item ? item.incrementId : String(item.id) })), total: answer.total };
}

/** Resources: orders and customers (list, one), users (list), api-keys (list, create, delete), coupons (create, update); anything else through `custom`. */
export const dataProvider: DataProvider = {
  getApiUrl: () => '/api/admin',
  async getList({ resource, pagination, filters, sorters }) {
    if (CURSOR_LISTS.includes(resource)) {
      const sort = sorters?.[0];
      const query = { ...filterValues(filters), ...(sort ? { sort: `${sort.order === 'desc' ? '-' : ''}${sort.field}` } : {}) };
      return (await cursorPage(resource, query, pagination?.currentPage ?? 1, pagination?.pageSize ?? 25)) as never;
    }
    const data = await api<BaseRecord[]>('GET', `/${resource}`);
    return { data, total: data.length } as never;
  },
  async getOne({ resource, id }) {
    return { data: await api('GET', `/${resource}/${encodeURIComponent(String(id))}`) } as never;
  },
  async create({ resource, variables }) {
    return { data: await api('POST', `/${resource}`, variables) } as never;
  },
  async deleteOne({ resource, id }) {
    return { data: await api('DELETE', `/${resource}/${encodeURIComponent(String(id))}`) } as never;
  },
  /** A PATCH of the fields given (coupons); the order's actions are POSTs of their own. */
  async update({ resource, id, variables }) {
    return { data: await api('PATCH', `/${resource}/${encodeURIComponent(String(id))}`, variables) } as never;
  },
  async custom({ url, method, payload }) {
    const verb = method === 'delete' ? 'DELETE' : method === 'get' ? 'GET' : 'POST';
    return { data: await api(verb, url, verb === 'POST' ? (payload ?? {}) : undefined) } as never;
  },
};

export interface SignInInput {
  email: string;
  password: string;
  otp?: string;
}

/** The staff session (ADR 0027): a cookie the browser keeps, the CSRF token kept here in memory. */
export const authProvider: AuthProvider = {
  async login(input: SignInInput) {
    try {
      const session = await api<AdminSession>('POST', '/session', input);
      setCsrfToken(session.csrfToken);
      return { success: true };
    } catch (error) {
      return { success: false, error: error as ApiError };
    }
  },
  async logout() {
    try {
      await api('DELETE', '/session');
    } catch {
      // An ended session is signed out already.
    }
    setCsrfToken(null);
    return { success: true };
  },
  async check() {
    return (await authProvider.getIdentity?.()) ? { authenticated: true } : { authenticated: false, logout: true };
  },
  async onError(error: { statusCode?: number }) {
    return error?.statusCode === 401 ? { logout: true } : {};
  },
  /** The session, or null when signed out (401). */
  async getIdentity() {
    try {
      const session = await api<AdminSession>('GET', '/session');
      setCsrfToken(session.csrfToken);
      return session;
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 401) {
        setCsrfToken(null);
        return null;
      }
      throw error;
    }
  },
};
