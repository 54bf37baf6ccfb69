'use client';

import { openConsentSettings } from '@/lib/consent/consent-store.ts';
import styles from './consent.module.css';

/** The footer's way back to the cookie choices (the Garante asks for one on every page). */
export function ConsentSettingsLink({ label }: { label: string }) {
  return (
    <button type="button" className={styles.settingsLink} onClick={openConsentSettings}>
      {label}
    </button>
  );
}
