/**
 * BROWSER: the compare list in localStorage, as an external store for React
 * (`useSyncExternalStore`). Changes in this tab dispatch COMPARE_EVENT on window (the header
 * count listens); changes in other tabs arrive through the `storage` event.
 */
import { COMPARE_EVENT, COMPARE_STORAGE_KEY, parseCompareList } from './compare-list.ts';

const EMPTY: readonly string[] = Object.freeze([]);
let lastRaw: string | null = null;
let lastList: readonly string[] = EMPTY;

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(COMPARE_STORAGE_KEY);
  } catch {
    return null; // storage disabled (privacy mode): the list stays empty
  }
}

/** The current list; the same array while storage is unchanged (a stable snapshot). */
export function getCompareList(): readonly string[] {
  const raw = readRaw();
  if (raw !== lastRaw) {
    lastRaw = raw;
    lastList = Object.freeze(parseCompareList(raw));
  }
  return lastList;
}

/** The server has no compare list: pages render with an empty one, then hydrate. */
export function getServerCompareList(): readonly string[] {
  return EMPTY;
}

export function saveCompareList(list: readonly string[]): void {
  try {
    if (list.length === 0) window.localStorage.removeItem(COMPARE_STORAGE_KEY);
    else window.localStorage.setItem(COMPARE_STORAGE_KEY, JSON.stringify(list));
  } catch {
    // quota or privacy mode: nothing to keep
  }
  window.dispatchEvent(new CustomEvent(COMPARE_EVENT, { detail: [...list] }));
}

export function subscribeCompareList(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === COMPARE_STORAGE_KEY) onChange();
  };
  window.addEventListener(COMPARE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(COMPARE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}
