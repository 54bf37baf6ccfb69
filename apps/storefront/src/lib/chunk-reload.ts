/**
 * BROWSER. catalogue.md §2: "A failed page chunk load reloads the page when online." Code the
 * page loads later (a page reached by a soft navigation, the search panel, the microcart, the
 * cart engine) can be gone after a new release: the fresh page brings the current chunks.
 * Offline the page stays as it is (each widget says it cannot work offline), and a chunk still
 * missing right after a reload is not reloaded for again (no reload loop).
 */

/** Turbopack's (and webpack's) error for a script chunk that could not be loaded. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || /Failed to load chunk|Loading (CSS )?chunk .* failed|dynamically imported module/i.test(error.message);
}

/** What the decision needs of the browser. */
export interface ReloadEnvironment {
  online: () => boolean;
  url: () => string;
  now: () => number;
  /** The last reload this rule made in this tab, as written by `remember`. */
  recall: () => string | null;
  remember: (value: string) => void;
  reload: () => void;
}

/** A page reloaded this long ago and failing again is not reloaded again. */
const LOOP_WINDOW_MS = 30_000;
const STORAGE_KEY = 'shop/chunk-reload';

const browser: ReloadEnvironment = {
  online: () => navigator.onLine,
  url: () => window.location.href,
  now: () => Date.now(),
  recall: () => {
    try {
      return sessionStorage.getItem(STORAGE_KEY);
    } catch {
      return null; // storage blocked: the loop guard is off, which the reload itself bounds
    }
  },
  remember: (value) => {
    try {
      sessionStorage.setItem(STORAGE_KEY, value);
    } catch {
      // as above
    }
  },
  reload: () => window.location.reload(),
};

/** Reloads the page for a failed chunk load when online; true when it does. */
export function reloadAfterChunkFailure(error: unknown, env: ReloadEnvironment = browser): boolean {
  if (!isChunkLoadError(error) || !env.online()) return false;
  const [at, url] = splitOnce(env.recall() ?? '');
  if (url === env.url() && env.now() - Number(at) < LOOP_WINDOW_MS) return false;
  env.remember(`${env.now()} ${env.url()}`);
  env.reload();
  return true;
}

function splitOnce(value: string): [string, string] {
  const space = value.indexOf(' ');
  return space < 0 ? [value, ''] : [value.slice(0, space), value.slice(space + 1)];
}
