/**
 * Which link clicks the app router may take over (a soft navigation: only the changed part of
 * the page is fetched and rendered). Links are plain `<a>` elements — no link component per
 * anchor to ship and hydrate (a category page has over a hundred) — and one listener
 * (components/SoftNavigation.tsx) asks this. Pure: unit-tested.
 */

/** What the decision needs to know of a click and its anchor. */
export interface LinkClick {
  button: number;
  modified: boolean;
  defaultPrevented: boolean;
  /** The anchor's resolved URL, its `target` and whether it has `download`. */
  url: URL;
  target: string;
  download: boolean;
}

/** Where to navigate softly, or null to leave the click to the browser. */
export function softNavigationTarget(click: LinkClick, current: URL): string | null {
  if (click.defaultPrevented || click.button !== 0 || click.modified) return null;
  if ((click.target !== '' && click.target !== '_self') || click.download) return null;
  const { url } = click;
  if (url.origin !== current.origin) return null;
  // A jump within the page (the skip link, a FAQ anchor) stays with the browser.
  if (url.hash !== '' && url.pathname === current.pathname && url.search === current.search) return null;
  // Files and the API are not pages: /media/…jpg, /sitemap.xml, /robots.txt, /api/….
  if (url.pathname.startsWith('/api/') || /\.(?!html$)[a-z0-9]+$/i.test(url.pathname)) return null;
  return url.pathname + url.search + url.hash;
}
