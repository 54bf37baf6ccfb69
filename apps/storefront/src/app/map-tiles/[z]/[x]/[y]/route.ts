import { storeMap, tileUrl } from '@/lib/store-locator/map.ts';
import { STORES } from '@/lib/store-locator/stores.ts';
import { tileProvider } from '@/lib/store-locator/tile-config.ts';

/**
 * `/map-tiles/{z}/{x}/{y}.png`: the store locator's map tiles, fetched from the configured
 * provider by the server (lib/store-locator/tile-config.ts) and cached a week. Only the tiles of
 * the locator's own map are served, so this is no open proxy to the provider.
 */
const WEEK_SECONDS = 7 * 86400;
const notFound = () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });

export async function GET(_request: Request, { params }: { params: Promise<{ z: string; x: string; y: string }> }) {
  const provider = tileProvider();
  if (!provider) return notFound();
  const { z, x, y } = await params;
  const tile = storeMap(STORES)?.tiles.find((t) => String(t.z) === z && String(t.x) === x && `${t.y}.png` === y);
  if (!tile) return notFound();
  try {
    const upstream = await fetch(tileUrl(provider.urlTemplate, tile), {
      // Tile providers' usage policies ask for an identifying User-Agent.
      headers: { 'user-agent': `BottegaPro-store-locator (+${process.env.SHOP_URL ?? 'http://localhost'})` },
      signal: AbortSignal.timeout(5000),
      next: { revalidate: WEEK_SECONDS },
    });
    const type = upstream.headers.get('content-type') ?? '';
    if (!upstream.ok || !type.startsWith('image/')) return new Response('Tile provider unavailable', { status: 502 });
    return new Response(await upstream.arrayBuffer(), { headers: { 'content-type': type, 'cache-control': `public, max-age=${WEEK_SECONDS}` } });
  } catch {
    return new Response('Tile provider unavailable', { status: 502 });
  }
}
