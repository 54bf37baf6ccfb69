import { useState } from 'react';
import { reloadAfterChunkFailure } from '@/lib/chunk-reload.ts';
import type { SearchPanel } from './SearchPanel.tsx';

// One fetch for every search box of the page (the header's and the not-found page's).
let loading: Promise<typeof SearchPanel> | null = null;

/**
 * The search panel's code, fetched by `load()` on the first use of the field rather than with
 * every page. A failed fetch reloads the page when online (a new release replaced the chunk);
 * offline it is forgotten, so the next use tries again.
 */
export function useLazySearchPanel(): { Panel: typeof SearchPanel | null; failed: boolean; load: () => void } {
  const [Panel, setPanel] = useState<typeof SearchPanel | null>(null);
  const [failed, setFailed] = useState(false);
  const load = () => {
    if (Panel) return;
    loading ??= import('./SearchPanel.tsx').then((module) => module.SearchPanel);
    loading.then(
      (component) => setPanel(() => component),
      (error: unknown) => {
        loading = null;
        if (!reloadAfterChunkFailure(error)) setFailed(true);
      },
    );
  };
  return { Panel, failed, load };
}
