/**
 * A trailing debounce (the cart quantity update waits 1 s after the last change, shopping.md
 * §4): only the last call within the delay runs. Timers are injectable for tests.
 */
export const QTY_DEBOUNCE_MS = 1000;

export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  /** Runs a pending call now. */
  flush(): void;
  cancel(): void;
  pending(): boolean;
}

export function debounce<A extends unknown[]>(
  fn: (...args: A) => void,
  delay: number,
  timers: { set: (cb: () => void, ms: number) => unknown; clear: (handle: unknown) => void } = {
    set: (cb, ms) => setTimeout(cb, ms),
    clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  },
): Debounced<A> {
  let handle: unknown = null;
  let lastArgs: A | null = null;
  const run = () => {
    const args = lastArgs;
    handle = null;
    lastArgs = null;
    if (args) fn(...args);
  };
  const debounced = (...args: A) => {
    lastArgs = args;
    if (handle !== null) timers.clear(handle);
    handle = timers.set(run, delay);
  };
  debounced.flush = () => {
    if (handle === null) return;
    timers.clear(handle);
    run();
  };
  debounced.cancel = () => {
    if (handle !== null) timers.clear(handle);
    handle = null;
    lastArgs = null;
  };
  debounced.pending = () => handle !== null;
  return debounced;
}
