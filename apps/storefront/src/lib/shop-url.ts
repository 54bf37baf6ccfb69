type Env = Readonly<Record<string, string | undefined>>;

/** What `npm start` serves when no public address is configured: this process's own port. */
export const defaultShopUrl = (env: Env) => `http://localhost:${env.PORT?.trim() || '3000'}`;

/**
 * The shop's public origin for absolute URLs (XML sitemap, robots.txt, canonical links,
 * JSON-LD): `SHOP_URL`, else http://localhost:$PORT. Read at request time, not at build. The
 * start script refuses an invalid SHOP_URL and warns when it is missing (scripts/lib/shop-url.mjs).
 */
export function shopUrl(env: Env = process.env): string {
  const configured = env.SHOP_URL?.trim();
  try {
    const url = new URL(configured || defaultShopUrl(env));
    return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  } catch {
    return defaultShopUrl(env);
  }
}

/** `/c/coltelli` → `https://shop.example/c/coltelli`. */
export function absoluteUrl(path: string, base: string = shopUrl()): string {
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}

/** A route parameter as text: percent-decoded when it is still encoded, else unchanged. */
export function decodeParam(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
