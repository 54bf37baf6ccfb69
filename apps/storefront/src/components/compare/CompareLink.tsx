'use client';

import Link from 'next/link';
import { useStoreHref } from '../StorePrefix.tsx';
import { useCompareList } from './useCompareList.ts';
import styles from './compare.module.css';

/**
 * Header link to /compare with the number of products in the list (updated by the compare
 * event, and from other tabs). Drawn like the other header actions; `countText` is the spoken
 * count with a `{count}` placeholder.
 */
export function CompareLink({ label, countText }: { label: string; countText: string }) {
  const count = useCompareList().length;
  const href = useStoreHref();
  return (
    <Link href={href('/compare')} className={`actions__link ${styles.headerLink}`} prefetch={false}>
      <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
        <path d="M8 3v18M16 3v18M3 8h5M16 16h5M3 16l5-8M21 8l-5 8" />
      </svg>
      {count > 0 && (
        <span className={styles.headerCount} aria-hidden="true">
          {count}
        </span>
      )}
      <span className="actions__label">
        {label}
        {count > 0 && <span className="visually-hidden">, {countText.replace('{count}', String(count))}</span>}
      </span>
    </Link>
  );
}
