/**
 * When the newsletter popup (shopping.md §2 `newsletterPopup`) opens: once per browser, never to
 * an address already subscribed here, only after the cookie choice (the banner comes first and
 * must not be covered), and never on the newsletter's own pages. The checkout's minimal layout
 * does not mount it at all. Pure.
 */
export const POPUP_SHOWN_KEY = 'shop/newsletter/popup-shown/v1';

export interface PopupConditions {
  enabled: boolean;
  alreadyShown: boolean;
  subscribedHere: boolean;
  consentChosen: boolean;
  /** The public path without the store prefix. */
  path: string;
}

export function popupWanted(c: PopupConditions): boolean {
  const newsletterPage = c.path === '/newsletter' || c.path === '/my-account/newsletter';
  return c.enabled && !c.alreadyShown && !c.subscribedHere && c.consentChosen && !newsletterPage;
}
