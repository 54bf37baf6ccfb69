import { createSerwistRoute } from '@serwist/turbopack';

/*
 * Builds the service worker (worker/sw.ts) with its precache manifest at build time and serves
 * it as /serwist/sw.js; next.config.ts rewrites /service-worker.js here (catalogue.md §1).
 * The offline page gets a new revision with every build: its HTML names the build's chunks.
 */
export const { dynamic, dynamicParams, revalidate, generateStaticParams, GET } = createSerwistRoute({
  swSrc: 'src/worker/sw.ts',
  useNativeEsbuild: true,
  additionalPrecacheEntries: [{ url: '/offline', revision: String(Date.now()) }],
  // The build's scripts, styles and fonts: the app shell. Pictures are cached when shown.
  globPatterns: [`${process.env.NEXT_DIST_DIR ?? '.next'}/static/**/*.{js,css,woff2}`],
});
