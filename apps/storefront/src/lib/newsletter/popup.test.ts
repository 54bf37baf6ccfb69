import { describe, expect, it } from 'vitest';
import { popupWanted, type PopupConditions } from './popup.ts';

const base: PopupConditions = { enabled: true, alreadyShown: false, subscribedHere: false, consentChosen: true, path: '/c/coltelli' };

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
});
