'use client';

import { overlayOn } from '@/lib/ui-state.ts';
import { closePanels, useUiState } from './ui-store.ts';

/** The page-dimming overlay behind open panels (shopping.md §2); a click on it closes them. */
export function Overlay() {
  const on = overlayOn(useUiState());
  return <div className="overlay" hidden={!on} aria-hidden="true" onClick={closePanels} />;
}
