/**
 * When the newsletter popup (shopping.md §2 `newsletterPopup`) opens: once per browser, never to
 * an address already subscribed here, never on the newsletter's own pages, and (issue #42 point
 * 15) never in a visit that showed the cookie banner, never to a shopper who refused all cookies,
 * and only from the third page view of visits without the banner. The checkout's minimal layout
 * does not mount it at all. Pure, with the browser-storage keys it reads.
 */
export const POPUP_SHOWN_KEY = 'shop/newsletter/popup-shown/v1';
/** Page views counted towards the popup (localStorage: across visits). */
export const POPUP_PAGE_VIEWS_KEY = 'shop/newsletter/page-views/v1';
/** Set for the visit (sessionStorage) in which the cookie banner was shown. */
export const BANNER_VISIT_KEY = 'shop/consent/banner-this-visit/v1';
/** The popup opens on this page view at the earliest. */
export const POPUP_AFTER_PAGE_VIEWS = 3;

export interface PopupConditions {
  enabled: boolean;
  alreadyShown: boolean;
  subscribedHere: boolean;
  consentChosen: boolean;
  /** The cookie banner was shown in this visit (first visit, or the choice expired). */
  bannerThisVisit: boolean;
  /** The cookie choice refuses everything ("Rifiuta tutti"). */
  refusedAll: boolean;
  /** Page views of visits without the banner, this one included. */
  pageViews: number;
  /** The public path without the store prefix. */
  path: string;
}

export function popupWanted(c: PopupConditions): boolean {
  const newsletterPage = c.path === '/newsletter' || c.path === '/my-account/newsletter';
  const later = !c.bannerThisVisit && c.pageViews >= POPUP_AFTER_PAGE_VIEWS;
  return c.enabled && !c.alreadyShown && !c.subscribedHere && c.consentChosen && !c.refusedAll && later && !newsletterPage;
}

/** The banner marks its visit, so the popup waits for another one. */
export function markBannerVisit(): void {
  try {
    sessionStorage.setItem(BANNER_VISIT_KEY, '1');
  } catch {
    // no storage: the popup's own "once" check keeps it closed too
  }
}

export function bannerThisVisit(): boolean {
  try {
    return sessionStorage.getItem(BANNER_VISIT_KEY) !== null;
  } catch {
    return true;
  }
}

/** Counts one page view of a visit without the banner; answers the count. */
export function countPageView(): number {
  try {
    const views = (Number(localStorage.getItem(POPUP_PAGE_VIEWS_KEY)) || 0) + 1;
    localStorage.setItem(POPUP_PAGE_VIEWS_KEY, String(views));
    return views;
  } catch {
    return 0;
  }
}
