/** BROWSER: the shared UI flags (lib/ui-state.ts) as a tiny external store for React. */
import { useSyncExternalStore } from 'react';
import { CLOSED_UI, withFlag, type PanelFlag, type UiState } from '@/lib/ui-state.ts';

let state: UiState = CLOSED_UI;
const listeners = new Set<() => void>();

export function setUiFlag(flag: PanelFlag, on: boolean): void {
  const next = withFlag(state, flag, on);
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

/** Closes every panel (a click on the overlay). */
export function closePanels(): void {
  state = CLOSED_UI;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUiState(): UiState {
  return useSyncExternalStore(subscribe, () => state, () => CLOSED_UI);
}
