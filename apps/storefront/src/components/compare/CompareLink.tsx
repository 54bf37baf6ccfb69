'use client';

import type { ReactNode } from 'react';
import { useStoreHref } from '../StorePrefix.tsx';
import { useCompareList } from './useCompareList.ts';
import styles from './compare.module.css';
import { interpolate } from '@/i18n/interpolate.ts';

/**
 * Header link to /compare with the number of products in the list (updated by the compare
 * event, and from other tabs). Drawn like the other header actions; `countText` is the spoken
 * count with a `{count}` placeholder; the icon comes rendered from the server.
 */
export function CompareLink({ label, countText, icon }: { label: string; countText: string; icon: ReactNode }) {
  const count = useCompareList().length;
  const href = useStoreHref();
  return (
    <a href={href('/compare')} className={`actions__link ${styles.headerLink}`}>
      {icon}
      {count > 0 && (
        <span className="actions__badge" aria-hidden="true">
          {count}
        </span>
      )}
      <span className="actions__label">
        {label}
        {count > 0 && <span className="visually-hidden">, {interpolate(countText, { count })}</span>}
      </span>
    </a>
  );
}
