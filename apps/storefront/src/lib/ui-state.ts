/**
 * The UI state flags of shopping.md §2: sidebar, microcart, wishlist, searchpanel,
 * accessorypanel, newsletterPopup, overlay, loader, authElem (default login), checkoutMode,
 * openMyAccount, submenu; and the overlay rule: "The overlay is on whenever microcart, sidebar,
 * search panel, wishlist or accessory panel is open" (so the overlay is derived, not stored).
 * Pure.
 */
export const PANEL_FLAGS = ['sidebar', 'microcart', 'wishlist', 'searchpanel', 'accessorypanel'] as const;
export type PanelFlag = (typeof PANEL_FLAGS)[number];

/** Which form the account panel shows. */
export type AuthElem = 'login' | 'register' | 'forgot-pass';

export interface UiState extends Readonly<Record<PanelFlag, boolean>> {
  readonly newsletterPopup: boolean;
  /** A blocking operation runs (placing an order): the page shows it is busy. */
  readonly loader: boolean;
  readonly authElem: AuthElem;
  /** The checkout is open: the cart's buttons (cart link, microcart, "proceed to checkout") are hidden. */
  readonly checkoutMode: boolean;
  readonly openMyAccount: boolean;
  /** The open submenu of the mobile menu: its depth and the category path to it. */
  readonly submenu: { readonly depth: number; readonly path: readonly string[] };
}

export const CLOSED_UI: UiState = Object.freeze({
  sidebar: false,
  microcart: false,
  wishlist: false,
  searchpanel: false,
  accessorypanel: false,
  newsletterPopup: false,
  loader: false,
  authElem: 'login',
  checkoutMode: false,
  openMyAccount: false,
  submenu: Object.freeze({ depth: 0, path: [] }),
});

export function overlayOn(state: UiState): boolean {
  return PANEL_FLAGS.some((flag) => state[flag]);
}

/** The state with one flag set; the same object when nothing changes (a stable store snapshot). */
export function withFlag<K extends keyof UiState>(state: UiState, flag: K, value: UiState[K]): UiState {
  return state[flag] === value ? state : { ...state, [flag]: value };
}

/** Every panel closed (a click on the overlay); the other flags stay. */
export function withPanelsClosed(state: UiState): UiState {
  return PANEL_FLAGS.some((flag) => state[flag]) ? { ...state, ...Object.fromEntries(PANEL_FLAGS.map((flag) => [flag, false])) } : state;
}

/** shopping §2: the cart's buttons are hidden in checkout mode. */
export const cartButtonsShown = (state: UiState): boolean => !state.checkoutMode;
