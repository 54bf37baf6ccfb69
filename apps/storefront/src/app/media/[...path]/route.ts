import sharp from 'sharp';
import { renderImageSvg } from '@/lib/media/draw.ts';
import { isValidImagePath, pickImageTheme } from '@/lib/media/theme.ts';
import { isUploadPath, uploadedImage } from '@/lib/media/uploaded.ts';

/**
 * Product images: `/media{image}`, e.g. /media/demo/coltelli/07.jpg. Pictures the back office
 * uploaded (/media/upload/<sha256>.<ext>) come from the API (lib/media/uploaded.ts); there are no
 * other image files: every other picture is drawn deterministically from its path (see
 * lib/media/theme.ts) and sent as PNG. Tiles and product pages load these through next/image,
 * whose optimiser resizes them to WebP and caches the result for as long as these headers allow.
 */

/** Source size: enough for the 453 px gallery image at 2x after downscaling. */
const SOURCE_SIZE = 960;

const IMMUTABLE = 'public, max-age=31536000, immutable';

export async function GET(_request: Request, { params }: { params: Promise<{ path: string[] }> }) {
  const { path } = await params;
  // Params arrive decoded; only plain file-name characters are accepted.
  const segments = path;
  if (isUploadPath(segments)) return uploadedImage(segments);
  if (!isValidImagePath(segments)) {
    return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  const svg = renderImageSvg(pickImageTheme(segments), SOURCE_SIZE);
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer();
  return new Response(new Uint8Array(png), {
    headers: {
      'content-type': 'image/png',
      'content-length': String(png.length),
      'cache-control': IMMUTABLE,
    },
  });
}
