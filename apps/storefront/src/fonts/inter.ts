import localFont from 'next/font/local';

/**
 * Inter (variable weight, Latin subset) shipped with the app from @fontsource-variable/inter
 * (SIL OFL 1.1, see OFL-LICENSE.txt). next/font/local self-hosts it: no network at build or run.
 */
export const inter = localFont({
  src: './inter-latin-wght-normal.woff2',
  weight: '100 900',
  style: 'normal',
  display: 'swap',
  variable: '--font-inter',
  fallback: ['system-ui', 'Segoe UI', 'Roboto', 'Helvetica Neue', 'Arial', 'sans-serif'],
});
