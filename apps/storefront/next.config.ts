import type { NextConfig } from 'next';

/**
 * The commerce API runs in its own process. The browser only ever talks to this server; `/api/*`
 * is forwarded to the API. Note: rewrites are resolved when `next build` runs (they are written
 * into the routes manifest), so API_INTERNAL_URL must be set at build time to change the target.
 */
const apiInternalUrl = (process.env.API_INTERNAL_URL ?? 'http://127.0.0.1:3001').replace(/\/+$/, '');

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Workspace packages export TypeScript source (with explicit `.ts` import extensions).
  transpilePackages: ['@shop/domain', '@shop/contracts'],
  images: {
    formats: ['image/webp'],
    qualities: [75],
    localPatterns: [{ pathname: '/media/**', search: '' }],
  },
  async rewrites() {
    return [{ source: '/api/:path*', destination: `${apiInternalUrl}/api/:path*` }];
  },
};

export default nextConfig;
