import { debuglog } from 'node:util';
import type { UrlMapRequest, UrlMapResult } from '@shop/contracts';
import { findUrlTarget, type Db } from '@shop/db';
import { projectFields, type ProductDoc } from '@shop/domain';
import { withSafeContent } from '../cms/service.ts';
import type { ProductPricing } from './product-pricing.ts';

// Unknown URLs are common (bots, old links): logged only with NODE_DEBUG=shop-url-map.
const debug = debuglog('shop-url-map');

/**
 * The catalogue path a URL names (catalogue.md §2): without origin, query string, hash, and
 * leading or trailing slashes; percent-escapes decoded when they are valid.
 */
export function normaliseUrlPath(url: string): string {
  const path = url
    .replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '')
    .replace(/[?#].*$/s, '')
    .replace(/^\/+|\/+$/g, '');
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/**
 * POST /api/url/map: the product, category or CMS page a URL names, as its document (a product
 * priced as in catalogue answers, for `customerGroupId` or guests, CMS content sanitised) with the
 * requested fields; an old product path as a redirect to the product's current one (ADR 0032);
 * null when nothing matches, as VSF answered.
 */
export async function mapUrl(db: Db, pricing: ProductPricing, request: UrlMapRequest, customerGroupId?: number): Promise<UrlMapResult> {
  const path = normaliseUrlPath(request.url);
  const target = path === '' ? null : await findUrlTarget(db, path);
  if (!target) {
    debug('No mapping found for %s', path);
    return null;
  }
  if (target.type === 'redirect') return { _type: 'redirect', _source: target.doc };
  const source =
    target.type === 'product'
      ? (await pricing.price([target.doc as ProductDoc], { userGroupId: request.groupId ?? undefined, customerGroupId }))[0]!
      : target.type === 'cms_page'
        ? withSafeContent(target.doc)
        : target.doc;
  return { _type: target.type, _source: projectFields(source, request.includeFields, request.excludeFields) };
}
