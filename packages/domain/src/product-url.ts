/** Where a product page lives. */
export interface ProductUrlParts {
  parentSku: string;
  slug: string;
  /** The selected configurable child, if any. */
  childSku?: string | null;
  /** Store code prefix, only when store codes are appended to URLs. */
  storeCode?: string | null;
}

function storePrefix(storeCode: string | null | undefined): string {
  return storeCode ? `/${encodeURIComponent(storeCode)}` : '';
}

/** Product page path: '[/{storeCode}]/p/{parentSku}/{slug}[/{childSku}]', parts URI-encoded. */
export function productUrl({ parentSku, slug, childSku, storeCode }: ProductUrlParts): string {
  const child = childSku ? `/${encodeURIComponent(childSku)}` : '';
  return `${storePrefix(storeCode)}/p/${encodeURIComponent(parentSku)}/${encodeURIComponent(slug)}${child}`;
}

/** Category page path: '[/{storeCode}]/c/{slug}'. */
export function categoryUrl(slug: string, storeCode?: string | null): string {
  return `${storePrefix(storeCode)}/c/${encodeURIComponent(slug)}`;
}

/** CMS page path: '[/{storeCode}]/i/{identifier}'. */
export function cmsPageUrl(identifier: string, storeCode?: string | null): string {
  return `${storePrefix(storeCode)}/i/${encodeURIComponent(identifier)}`;
}
