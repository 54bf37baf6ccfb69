/** BROWSER: the shared UI flags (lib/ui-state.ts) as a tiny external store for React. */
import { useSyncExternalStore } from 'react';
import { CLOSED_UI, withFlag, withPanelsClosed, type UiState } from '@/lib/ui-state.ts';

let state: UiState = CLOSED_UI;
const listeners = new Set<() => void>();

export function setUiFlag<K extends keyof UiState>(flag: K, value: UiState[K]): void {
  const next = withFlag(state, flag, value);
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

/** Closes every panel (a click on the overlay). */
export function closePanels(): void {
  const next = withPanelsClosed(state);
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUiState(): UiState {
  return useSyncExternalStore(subscribe, () => state, () => CLOSED_UI);
}
