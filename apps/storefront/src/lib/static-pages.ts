/** The static pages of shopping.md §2, served at `/{name}` with placeholder content. */
export const STATIC_PAGES = [
  'legal',
  'magazine',
  'sale',
  'order-tracking',
  'about-us',
  'customer-service',
  'store-locator',
  'size-guide',
  'gift-card',
  'delivery',
  'returns',
  'order-from-catalog',
  'contact',
] as const;

export type StaticPageName = (typeof STATIC_PAGES)[number];

export function isStaticPage(name: string): name is StaticPageName {
  return (STATIC_PAGES as readonly string[]).includes(name);
}

export function staticPageUrl(name: StaticPageName): string {
  return `/${name}`;
}

/**
 * Static pages whose content is a CMS page (issue #42 point 11): written in the CMS with the
 * seller's data as placeholders the API fills. The others keep their placeholder text.
 */
export const STATIC_CMS_PAGES: Partial<Record<StaticPageName, string>> = {
  legal: 'note-legali',
  delivery: 'spedizioni',
  returns: 'resi',
  contact: 'contatti',
};

/** The legal pages an Italian shop must publish, as CMS pages (/i/{identifier}), linked from every footer. */
export const LEGAL_CMS_PAGES = ['condizioni-di-vendita', 'privacy-policy', 'cookie-policy', 'accessibilita'] as const;
export type LegalCmsPage = (typeof LEGAL_CMS_PAGES)[number];

/** The terms of sale the checkout's checkbox accepts (and links to), and the policies the banners link to. */
export const TERMS_PAGE_URL = '/i/condizioni-di-vendita';
export const PRIVACY_PAGE_URL = '/i/privacy-policy';
export const COOKIE_POLICY_URL = '/i/cookie-policy';

/** How the footer groups the static pages. */
export const FOOTER_GROUPS = {
  service: ['customer-service', 'order-tracking', 'delivery', 'returns', 'contact'],
  shop: ['sale', 'gift-card', 'size-guide', 'order-from-catalog', 'store-locator'],
  company: ['about-us', 'magazine', 'legal'],
} as const satisfies Record<string, readonly StaticPageName[]>;
