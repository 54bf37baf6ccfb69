'use client';

import { useRef, type ReactNode } from 'react';
import { useDialogFocus } from '../cart/useDialogFocus.ts';
import styles from './side-panel.module.css';

/**
 * A sidebar dialog opened from the header (microcart, wishlist; the overlay is the page's):
 * title, close button and the content, focus kept inside while open, Escape closes.
 */
export function SidePanel({ id, title, closeLabel, onClose, children }: { id: string; title: string; closeLabel: string; onClose: () => void; children: ReactNode }) {
  const panel = useRef<HTMLElement>(null);
  useDialogFocus(panel, true, onClose);
  const titleId = `${id}-title`;
  return (
    <aside ref={panel} id={id} className={styles.panel} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
      <div className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <button type="button" className={styles.close} onClick={onClose} aria-label={closeLabel}>
          ×
        </button>
      </div>
      {children}
    </aside>
  );
}
