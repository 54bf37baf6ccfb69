'use client';

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import styles from './toggle.module.css';

export interface Announce {
  /** Puts `text` in the region; the same text said twice is announced twice. */
  say(text: string): void;
  /** Whether the region is on screen (product page) or for screen readers only (lists). */
  shown: boolean;
}

const AnnounceContext = createContext<Announce | null>(null);

/**
 * One polite status region for the controls inside (a list's tile toggles, a product page's):
 * what the last click did. A list of 48 tiles has one region, not one or two per tile: fewer
 * elements to style and lay out, and one place for a screen reader to watch.
 */
export function Announcer({ shown = false, children }: { shown?: boolean; children: ReactNode }) {
  const [said, setSaid] = useState({ text: '', count: 0 });
  const say = useCallback((text: string) => setSaid((last) => ({ text, count: last.count + 1 })), []);
  const announce = useMemo(() => ({ say, shown }), [say, shown]);
  return (
    <AnnounceContext value={announce}>
      {children}
      <p className={shown ? styles.note : 'visually-hidden'} role="status">
        {/* A no-break space on every other message: a repeated text is still a change to read. */}
        {said.text && said.text + (said.count % 2 ? '' : '\u00a0')}
      </p>
    </AnnounceContext>
  );
}

export function useAnnounce(): Announce {
  const announce = useContext(AnnounceContext);
  if (!announce) throw new Error('useAnnounce must be used inside an Announcer');
  return announce;
}
