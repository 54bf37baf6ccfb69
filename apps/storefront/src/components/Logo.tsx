import { t } from '@/i18n/index.ts';
import { storeHref } from '@/lib/store.ts';
import { LogoMark } from './LogoMark.tsx';

/** The shop logo with its texts from the catalogue (server component). */
export function Logo() {
  return <LogoMark name={t('site.name')} label={t('header.homeLink')} href={storeHref('/')} />;
}
