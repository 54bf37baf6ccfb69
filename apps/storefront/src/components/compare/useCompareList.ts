'use client';

import { useSyncExternalStore } from 'react';
import { getCompareList, getServerCompareList, subscribeCompareList } from '@/lib/compare/compare-storage.ts';

/** The compare list (SKUs), kept in step with localStorage in this and other tabs. */
export function useCompareList(): readonly string[] {
  return useSyncExternalStore(subscribeCompareList, getCompareList, getServerCompareList);
}
