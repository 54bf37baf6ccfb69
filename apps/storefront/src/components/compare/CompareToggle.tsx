'use client';

import { useState } from 'react';
import { COMPARE_MAX, toggleCompare } from '@/lib/compare/compare-list.ts';
import { saveCompareList } from '@/lib/compare/compare-storage.ts';
import type { CompareToggleTexts } from './compare-texts.ts';
import { useStoreHref } from '../StorePrefix.tsx';
import { useCompareList } from './useCompareList.ts';
import styles from './compare.module.css';

/**
 * "Confronta" toggle for a product tile or page: adds the SKU to the compare list kept in the
 * browser (at most 4) or takes it out again; `aria-pressed` tells which. Texts come from the
 * server (`compareToggleTexts()`), so no message catalogue ships to the browser:
 *
 *   <CompareToggle sku={product.sku} name={product.name} texts={compareToggleTexts()} />
 */
export function CompareToggle({ sku, name, texts }: { sku: string; name: string; texts: CompareToggleTexts }) {
  const list = useCompareList();
  const href = useStoreHref();
  const [refused, setRefused] = useState(false);
  const selected = list.includes(sku);
  const full = !selected && list.length >= COMPARE_MAX;

  return (
    <div className={styles.toggleWrap}>
      <button
        type="button"
        className={styles.toggle}
        aria-pressed={selected}
        aria-disabled={full || undefined}
        onClick={() => {
          const change = toggleCompare(list, sku);
          setRefused(!change.changed);
          if (change.changed) saveCompareList(change.list);
        }}
      >
        {/* The check box is drawn by CSS (.toggle::before): a tile is 3 elements lighter. */}
        {texts.add}
        <span className="visually-hidden"> {name}</span>
      </button>
      <span className={styles.toggleNote} role="status">
        {refused && full ? texts.full : ''}
      </span>
      {selected && (
        <a href={href('/compare')} className={styles.goCompare}>
          {texts.go}
        </a>
      )}
    </div>
  );
}
