import { describe, expect, it } from 'vitest';
import { cartButtonsShown, CLOSED_UI, overlayOn, withFlag, withPanelsClosed } from './ui-state.ts';

describe('UI state flags', () => {
  it('turns the overlay on while any panel is open', () => {
    expect(overlayOn(CLOSED_UI)).toBe(false);
    const search = withFlag(CLOSED_UI, 'searchpanel', true);
    expect(overlayOn(search)).toBe(true);
    expect(overlayOn(withFlag(search, 'microcart', true))).toBe(true);
    expect(overlayOn(withFlag(search, 'searchpanel', false))).toBe(false);
  });
  it('keeps the same state object when a flag does not change', () => {
    expect(withFlag(CLOSED_UI, 'sidebar', false)).toBe(CLOSED_UI);
  });
});

describe('the other UI flags of shopping §2', () => {
  it('starts with every flag of the spec, authElem on login', () => {
    expect(CLOSED_UI).toMatchObject({ newsletterPopup: false, loader: false, authElem: 'login', checkoutMode: false, openMyAccount: false, submenu: { depth: 0, path: [] } });
  });

  it('hides the cart buttons in checkout mode, and keeps the overlay to the panels', () => {
    const checkout = withFlag(CLOSED_UI, 'checkoutMode', true);
    expect(cartButtonsShown(CLOSED_UI)).toBe(true);
    expect(cartButtonsShown(checkout)).toBe(false);
    expect(overlayOn(withFlag(checkout, 'loader', true))).toBe(false);
  });

  it('closes the panels and keeps the other flags', () => {
    const open = withFlag(withFlag(CLOSED_UI, 'checkoutMode', true), 'wishlist', true);
    expect(withPanelsClosed(open)).toEqual({ ...CLOSED_UI, checkoutMode: true });
    expect(withPanelsClosed(CLOSED_UI)).toBe(CLOSED_UI);
  });
});
