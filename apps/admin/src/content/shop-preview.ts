/**
 * The preview of CMS content as the shop renders it: the storefront's own stylesheets (its global
 * one and the CMS module's, read from its sources when the back office is built) around the HTML
 * the API has sanitised, in the markup each place of the shop wraps it in. The document goes into
 * an iframe with `sandbox=""` and `srcdoc`: no script runs in it and it has no origin of its own.
 */
import storefrontCss from '../../../storefront/src/app/globals.css?raw';
import cmsModuleCss from '../../../storefront/src/components/cms/cms.module.css?raw';

/** Where content is shown: a page (/i/…), a category's block, the home's hero or its points (apps/storefront: CmsContent and its callers). */
export const PLACES = ['page', 'category', 'hero', 'points'] as const;
export type Place = (typeof PLACES)[number];

/** The CMS module's classes under names of their own (the storefront's build hashes them: `content` becomes `cms_content__x1y2`). */
const CMS_CSS = cmsModuleCss.replace(/\.(content|block|page|heading)\b/g, '.cms-$1');

const escapeText = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The wrapping of each place, as the storefront's pages write it, with `{html}` where the content goes. */
function body(place: Place, html: string, heading: string): string {
  switch (place) {
    case 'page':
      return `<main><article class="container page cms-page"><h1>${escapeText(heading)}</h1><div class="cms-content">${html}</div></article></main>`;
    case 'category':
      return `<main class="container page"><div class="cms-content cms-block">${html}</div></main>`;
    case 'hero':
      return `<main><section class="hero"><div class="container"><h1 class="hero__title">${escapeText(heading)}</h1><div class="cms-content hero__cms">${html}</div></div></section></main>`;
    case 'points':
      return `<main><section class="container home-b2b"><div class="cms-content home-b2b__content">${html}</div></section></main>`;
  }
}

/** The whole document of the preview frame: `html` must be what the API's preview answered (sanitised). */
export function previewDocument(place: Place, html: string, heading: string, title: string): string {
  return `<!DOCTYPE html><html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeText(title)}</title><style>${storefrontCss}\n${CMS_CSS}</style></head><body>${body(place, html, heading)}</body></html>`;
}
