import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { inter } from '@/fonts/inter.ts';
import { t } from '@/i18n/index.ts';
import { CONSENT_HINT_SCRIPT } from '@/lib/consent/consent-hint.ts';
import './globals.css';

export const metadata: Metadata = {
  // Pages set their own titles; the bare shop name only shows where none applies.
  title: { default: t('site.name'), template: `%s | ${t('site.name')}` },
  description: t('site.description'),
  applicationName: t('site.name'),
  formatDetection: { telephone: false, email: false, address: false },
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#1f2933',
};

/**
 * Root layout: the document shell shared by every page (Italian, self-hosted Inter), with the
 * consent hint (lib/consent/consent-hint.ts). The hint comes last: an inline script waits for
 * the stylesheets before it, and in the head it would hold the whole body's parsing until they
 * have loaded; at the end it holds nothing, and it still runs before the first frame, which
 * waits for the same stylesheets. It sets an attribute on <html>, hence suppressHydrationWarning
 * there, and there only.
 */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="it" className={inter.variable} suppressHydrationWarning>
      <body>
        {children}
        <script dangerouslySetInnerHTML={{ __html: CONSENT_HINT_SCRIPT }} />
      </body>
    </html>
  );
}
