/**
 * The panel flags of shopping.md §2 ("UI state flags") and the overlay rule: "The overlay is on
 * whenever microcart, sidebar, search panel, wishlist or accessory panel is open". The other
 * flags of the list (loader, authElem, …) belong to their own issues. Pure.
 */
export const PANEL_FLAGS = ['sidebar', 'microcart', 'wishlist', 'searchpanel', 'accessorypanel'] as const;
export type PanelFlag = (typeof PANEL_FLAGS)[number];
export type UiState = Readonly<Record<PanelFlag, boolean>>;

export const CLOSED_UI: UiState = Object.freeze({ sidebar: false, microcart: false, wishlist: false, searchpanel: false, accessorypanel: false });

export function overlayOn(state: UiState): boolean {
  return PANEL_FLAGS.some((flag) => state[flag]);
}

/** The state with one flag set; the same object when nothing changes (a stable store snapshot). */
export function withFlag(state: UiState, flag: PanelFlag, on: boolean): UiState {
  return state[flag] === on ? state : { ...state, [flag]: on };
}
