'use client';

import { useState } from 'react';
import { useAnnounce } from '../ui/Announcer.tsx';
import { COMPARE_MAX, toggleCompare } from '@/lib/compare/compare-list.ts';
import { saveCompareList } from '@/lib/compare/compare-storage.ts';
import type { CompareToggleTexts } from './compare-texts.ts';
import { useStoreHref } from '../StorePrefix.tsx';
import { useCompareList } from './useCompareList.ts';
import styles from './compare.module.css';

/**
 * "Confronta" toggle for a product tile or page, inside an Announcer: adds the SKU to the
 * compare list kept in the browser (at most 4) or takes it out again; `aria-pressed` tells
 * which. Texts come from the server (`compareToggleTexts()`), so no message catalogue ships to
 * the browser:
 *
 *   <CompareToggle sku={product.sku} name={product.name} texts={compareToggleTexts()} />
 *
 * A click refused because the list is full is said by the Announcer and, where its region is
 * for screen readers only (tiles), written under the button. It renders no element of its own
 * around the button: a list page has 48 of them.
 */
export function CompareToggle({ sku, name, texts }: { sku: string; name: string; texts: CompareToggleTexts }) {
  const list = useCompareList();
  const href = useStoreHref();
  const announce = useAnnounce();
  const [refused, setRefused] = useState(false);
  const selected = list.includes(sku);
  const full = !selected && list.length >= COMPARE_MAX;

  return (
    <>
      <button
        type="button"
        className={styles.toggle}
        aria-pressed={selected}
        aria-disabled={full || undefined}
        aria-label={`${texts.add} ${name}`}
        onClick={() => {
          const change = toggleCompare(list, sku);
          setRefused(!change.changed);
          if (change.changed) saveCompareList(change.list);
          else announce.say(texts.full);
        }}
      >
        {/* The check box is drawn by CSS (.toggle::before). */}
        {texts.add}
      </button>
      {refused && full && !announce.shown && <span className={styles.toggleNote}>{texts.full}</span>}
      {selected && (
        <a href={href('/compare')} className={styles.goCompare}>
          {texts.go}
        </a>
      )}
    </>
  );
}
