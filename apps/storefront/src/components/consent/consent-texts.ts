import { lookUpTexts, type MessageKey, type Messages } from '@/i18n/index.ts';
import it from '../../../messages/it.json';
import type { ConsentTexts } from './ConsentBanner.tsx';

const CONSENT_KEYS = (Object.keys(it) as (keyof Messages)[]).filter((key) => key.startsWith('consent.'));

/** SERVER: the banner's texts by short name (every `consent.*` message without its prefix). */
export function consentTexts(): ConsentTexts {
  return lookUpTexts(Object.fromEntries(CONSENT_KEYS.map((key) => [key.slice('consent.'.length), key])) as Record<string, MessageKey>);
}
