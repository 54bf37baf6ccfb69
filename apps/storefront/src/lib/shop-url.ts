/**
 * The shop's public origin for absolute URLs (XML sitemap, robots.txt, canonical links,
 * JSON-LD): `SHOP_URL`, default http://localhost:3000. Read at request time, not at build.
 */
export const DEFAULT_SHOP_URL = 'http://localhost:3000';

export function shopUrl(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const configured = env.SHOP_URL?.trim();
  try {
    const url = new URL(configured || DEFAULT_SHOP_URL);
    return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  } catch {
    return DEFAULT_SHOP_URL;
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
