import { readFileSync } from 'node:fs';

/**
 * The order and user calls of an unchanged Vue Storefront 1.12.3 PWA, as its sources build them:
 * bodies kept in fixtures/order-*.json and user-*.json (each naming the VSF source it comes from),
 * URLs from its config/default.json (fixtures/user-config.json), `{{placeholders}}` filled as
 * VSF's task queue fills `{{token}}` (core/lib/sync/task.ts).
 */
const fixture = (name: string) => JSON.parse(readFileSync(new URL(`fixtures/${name}.json`, import.meta.url), 'utf8'));

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));

/** A fixture's request body with its placeholders filled. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a client's JSON, read as the client reads it
export function vsfBody(name: string, values: Record<string, string | number> = {}): any {
  return JSON.parse(fill(JSON.stringify(fixture(name).body), values));
}

/** A fixture's list of the shop SKUs its lines were given. */
export const vsfSkus = (name: string): string[] => fixture(name).skus;

const config = fixture('user-config') as { users: Record<string, string>; orders: { endpoint: string } };

/** The URL VSF calls for an endpoint of its config (`users.me_endpoint`, `orders.endpoint`). */
export function vsfUrl(endpoint: `users.${string}` | 'orders.endpoint', values: Record<string, string | number> = {}): string {
  const [section, key] = endpoint.split('.') as ['users' | 'orders', string];
  const template = section === 'users' ? config.users[key] : config.orders.endpoint;
  if (!template) throw new Error(`VSF config has no ${endpoint}`);
  return fill(template, values);
}

/** The headers of VSF's user calls (UserService.ts); its order call sends only the content type. */
export const VSF_HEADERS = { accept: 'application/json, text/plain, */*', 'content-type': 'application/json' };
