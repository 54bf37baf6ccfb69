import localFont from 'next/font/local';

/**
 * Inter (Latin subset, variable weight 400-800, kerning only), cut from @fontsource-variable/inter
 * by scripts/subset-inter.sh (SIL OFL 1.1, see OFL-LICENSE.txt). next/font/local self-hosts it:
 * no network at build or run. Styles may use weights 400 to 800 only.
 */
export const inter = localFont({
  src: './inter-latin-400-800.woff2',
  weight: '400 800',
  style: 'normal',
  display: 'swap',
  variable: '--font-inter',
  fallback: ['system-ui', 'Segoe UI', 'Roboto', 'Helvetica Neue', 'Arial', 'sans-serif'],
});
