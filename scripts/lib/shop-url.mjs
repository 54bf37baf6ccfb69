// The shop's public address, checked at start (issue 13 item 1): absolute URLs in canonical
// links, JSON-LD and the sitemap come from SHOP_URL; without it they name what `npm start` serves.

/**
 * `{ url }` for a valid configuration, plus `warning` when SHOP_URL is missing (fine on a laptop,
 * wrong in production), or `{ error }` when SHOP_URL is not an http(s) URL.
 */
export function checkShopUrl(env, port) {
  const configured = env.SHOP_URL?.trim();
  if (!configured) {
    const url = `http://localhost:${port}`;
    return {
      url,
      warning:
        `SHOP_URL is not set: canonical links, JSON-LD and the sitemap will name ${url}. ` +
        'Set SHOP_URL to the public address (e.g. https://www.example.it) before search engines see this shop.',
    };
  }
  let parsed;
  try {
    parsed = new URL(configured);
  } catch {
    return { error: `SHOP_URL is not a URL: ${JSON.stringify(configured)}` };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { error: `SHOP_URL must be an http(s) URL, not ${parsed.protocol}` };
  return { url: configured.replace(/\/+$/, '') };
}
