'use client';

import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { withStorePrefix } from '@/lib/store.ts';

/**
 * The configured store-code prefix ('/it' or '') for client components, which cannot read the
 * server's configuration: the store layout provides it (see lib/store.ts `storePrefix`).
 */
const StorePrefixContext = createContext('');

export function StorePrefixProvider({ prefix, children }: { prefix: string; children: ReactNode }) {
  return <StorePrefixContext.Provider value={prefix}>{children}</StorePrefixContext.Provider>;
}

/** `href('/compare')` → the public path under the configured prefix. */
export function useStoreHref(): (path: string) => string {
  const prefix = useContext(StorePrefixContext);
  return useCallback((path: string) => withStorePrefix(path, prefix), [prefix]);
}
