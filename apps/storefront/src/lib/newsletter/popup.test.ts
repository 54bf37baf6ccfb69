import { describe, expect, it } from 'vitest';
import { POPUP_AFTER_PAGE_VIEWS, popupWanted, type PopupConditions } from './popup.ts';

const base: PopupConditions = {
  enabled: true,
  alreadyShown: false,
  subscribedHere: false,
  consentChosen: true,
  bannerThisVisit: false,
  refusedAll: false,
  pageViews: POPUP_AFTER_PAGE_VIEWS,
  path: '/c/coltelli',
};

describe('popupWanted', () => {
  it('opens once, after the cookie choice, for a browser not subscribed', () => {
    expect(popupWanted(base)).toBe(true);
    expect(popupWanted({ ...base, alreadyShown: true })).toBe(false);
    expect(popupWanted({ ...base, consentChosen: false })).toBe(false);
    expect(popupWanted({ ...base, subscribedHere: true })).toBe(false);
  });

  it('stays closed when switched off and on the newsletter pages', () => {
    expect(popupWanted({ ...base, enabled: false })).toBe(false);
    expect(popupWanted({ ...base, path: '/newsletter' })).toBe(false);
    expect(popupWanted({ ...base, path: '/my-account/newsletter' })).toBe(false);
  });

  it('never in the visit of the cookie banner, never after "Rifiuta tutti", not before the third page view (issue #42 point 15)', () => {
    expect(popupWanted({ ...base, bannerThisVisit: true, pageViews: 10 })).toBe(false);
    expect(popupWanted({ ...base, refusedAll: true, pageViews: 10 })).toBe(false);
    expect(popupWanted({ ...base, pageViews: POPUP_AFTER_PAGE_VIEWS - 1 })).toBe(false);
    expect(POPUP_AFTER_PAGE_VIEWS).toBe(3);
  });
});
