/**
 * The route pattern a page request is logged and counted under (ADR 0033): `/c/:slug`, never
 * `/c/coltelli` — slugs, SKUs, order numbers and whatever a shopper types into a URL never reach
 * the log, and the metrics keep a bounded set of labels. Pure; proxy.ts sends it to the front
 * server in the internal `x-shop-route` answer header.
 */
import type { DispatchResult } from './dispatch.ts';
import { matchShopRoute, stripStorePrefix, type ShopRoute } from './routing.ts';

/** The answer header carrying the label from the proxy to the front server, which drops it. */
export const ROUTE_LABEL_HEADER = 'x-shop-route';

function patternOf(route: ShopRoute): string {
  switch (route.kind) {
    case 'home':
      return '/';
    case 'category':
      return '/c/:slug';
    case 'product':
      return route.childSku === undefined ? '/p/:sku/:slug' : '/p/:sku/:slug/:childSku';
    case 'cms':
      return '/i/:identifier';
    case 'static':
      return `/${route.name}`;
    case 'checkout':
      return `/${route.page}`;
    case 'account':
      return route.page === 'order' ? '/my-account/orders/:number' : route.page === 'my-account' || route.page === 'reset-password' ? `/${route.page}` : `/my-account/${route.page}`;
    case 'cart':
      return '/shoppingcart';
    case 'quote':
      return '/quote-request';
    case 'quick-order':
      return '/ordine-rapido';
    case 'cutting-board':
      return '/tagliere-in-polietilene-su-misura.html';
    default:
      return `/${route.kind}`;
  }
}

/**
 * The label of a page request from what the dispatcher decided: its internal target's route
 * (a filtered category view is its category's), `redirect`, or `not-found`.
 */
export function routeLabel(result: DispatchResult): string {
  if (result.type === 'redirect') return 'redirect';
  if (result.status === 404) return 'not-found';
  const path = stripStorePrefix(result.pathname).replace(/^(\/c\/[^/]+)\/filtered$/, '$1').replace(/^\/sitemap\/[^/]+$/, '/sitemap');
  const route = matchShopRoute(path);
  return route ? patternOf(route) : 'other';
}
