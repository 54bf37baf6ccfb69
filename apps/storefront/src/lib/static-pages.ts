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

/** How the footer groups the static pages. */
export const FOOTER_GROUPS = {
  service: ['customer-service', 'order-tracking', 'delivery', 'returns', 'contact'],
  shop: ['sale', 'gift-card', 'size-guide', 'order-from-catalog', 'store-locator'],
  company: ['about-us', 'magazine', 'legal'],
} as const satisfies Record<string, readonly StaticPageName[]>;
