import type { MetadataRoute } from 'next';
import { t } from '@/i18n/index.ts';

/** The web app manifest (/manifest.webmanifest): makes the shop installable (issue #18, ADR 0020). */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: t('site.name'),
    short_name: t('pwa.shortName'),
    description: t('site.description'),
    lang: 'it-IT',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#1f2933',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
