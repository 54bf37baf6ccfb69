import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Lets parallel work trees of one checkout build side by side (e.g. NEXT_DIST_DIR=.next-b).
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  // The page and data cache lives in this process's memory only: a restart starts cold, so a
  // catalogue changed while the storefront was down (an import, another database) can never be
  // served from a stale copy on disk. Sized for a 50,000-product catalogue's hot pages.
  cacheMaxMemorySize: Number(process.env.PAGE_CACHE_MB ?? 256) * 1024 * 1024,
  experimental: { isrFlushToDisk: false },
  // Workspace packages export TypeScript source (with explicit `.ts` import extensions).
  transpilePackages: ['@shop/domain', '@shop/contracts'],
  images: {
    formats: ['image/webp'],
    qualities: [75],
    localPatterns: [{ pathname: '/media/**', search: '' }],
    // Fewer candidate widths than the defaults: shorter srcset attributes on pages with many
    // tiles (246 px, spec §9) while still covering 1x–3x screens.
    imageSizes: [128, 256, 384],
    deviceSizes: [640, 828, 1080, 1280, 1920],
  },
};

export default nextConfig;
