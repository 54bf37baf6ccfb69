import { fileURLToPath } from 'node:url';
import type { NextConfig } from 'next';
import { withSerwist } from '@serwist/turbopack';
import { DEVICE_SIZES, IMAGE_SIZES } from '../../packages/contracts/src/image-widths.ts';
import { STATIC_SECURITY_HEADERS } from './src/lib/security-headers.ts';
// @ts-expect-error -- plain ESM shared with the scripts that start the storefront
import { pageCacheMb } from './memory.mjs';

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // The front server sets a cached page's ETag from its bytes with a native hash; Next's own
  // (FNV in JavaScript over the whole HTML) cost 4.5 ms of every category render (front-server.mjs).
  generateEtags: false,
  // No experimental.inlineCss: it writes the ~41 KB of CSS into every HTML document and twice
  // into its RSC payload, doubling the HTML for no gain in first paint (ADR 0011).

  // Lets parallel work trees of one checkout build side by side (e.g. NEXT_DIST_DIR=.next-b).
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  // Memory for the hot pages of a 50,000-product catalogue. The page and data cache on disk is
  // emptied at every start (src/instrumentation.ts); optimised images keep their disk cache.
  // With the shared page cache (REDIS_URL) this memory is only the near copy of what Redis holds
  // for every instance, so it is smaller (32 MB; a 30-minute soak showed a 256 MB one still
  // filling: Next sizes entries below their heap cost). The process's heap limit is sized from it
  // (memory.mjs, ADR 0024).
  cacheMaxMemorySize: pageCacheMb() * 1024 * 1024,
  // Next's file-system cache, which also hands each answer's cache tags to the front server for
  // the edge cache's tag purge, and shares entries between instances through Redis when
  // REDIS_URL is set (ADR 0024).
  cacheHandler: fileURLToPath(new URL('./cache/cache-handler.mjs', import.meta.url)),
  // Workspace packages export TypeScript source (with explicit `.ts` import extensions).
  transpilePackages: ['@shop/domain', '@shop/contracts'],
  images: {
    formats: ['image/webp'],
    qualities: [75],
    localPatterns: [{ pathname: '/media/**', search: '' }],
    // Fewer candidate widths than the defaults (why: image-widths.ts), shared with the API's /img/.
    imageSizes: [...IMAGE_SIZES],
    deviceSizes: [...DEVICE_SIZES],
  },
  // nosniff, referrer policy, no framing and no device features on every answer but the API's
  // (which sets its own); each page's CSP and HSTS depend on the request and the running
  // configuration, so proxy.ts sets them (src/lib/security-headers.ts).
  async headers() {
    return [{ source: '/:path((?!api/).*)', headers: [...STATIC_SECURITY_HEADERS] }];
  },
  // The service worker (catalogue.md §1) is built by the route app/serwist/[path] (ADR 0020).
  async rewrites() {
    return { beforeFiles: [{ source: '/service-worker.js', destination: '/serwist/sw.js' }], afterFiles: [], fallback: [] };
  },
};

export default withSerwist(nextConfig);
