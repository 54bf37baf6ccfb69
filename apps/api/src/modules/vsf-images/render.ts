import { DEVICE_SIZES, IMAGE_SIZES } from '@shop/contracts';
import sharp, { type Sharp } from 'sharp';
import { HttpError } from '../../http/errors.ts';

/** vue-storefront-api's actions, and `crop`, which its URL form had no offsets for: here the middle of the picture. */
export const IMAGE_ACTIONS = ['resize', 'fit', 'crop', 'identify'] as const;
export type ImageAction = (typeof IMAGE_ACTIONS)[number];

/**
 * The widths the storefront's next/image optimiser makes (IMAGE_SIZES then DEVICE_SIZES): a PWA
 * asking for any other width gets the next one up, so the shop keeps a handful of sizes per
 * picture, not one per pixel a client can name.
 */
export const ALLOWED_WIDTHS = [...IMAGE_SIZES, ...DEVICE_SIZES] as const;
/** Larger requests are refused (vue-storefront-api's `imageSizeLimit`): no picture is stored wider (ADR 0036). */
export const MAX_REQUESTED_SIDE = 2048;

/** The box a request draws into: its width snapped up to an allowed one (0: the largest), its height scaled alike. */
export function snappedBox(width: number, height: number): { width: number; height: number | undefined } {
  if (width > MAX_REQUESTED_SIDE || height > MAX_REQUESTED_SIDE) throw new HttpError(400, `Width and height must have a value between 0 and ${MAX_REQUESTED_SIDE}`);
  const largest: number = ALLOWED_WIDTHS[ALLOWED_WIDTHS.length - 1]!;
  const asked = width || height || largest;
  const snapped: number = ALLOWED_WIDTHS.find((allowed) => allowed >= asked) ?? largest;
  if (!width) return height ? { width: snapped, height: snapped } : { width: snapped, height: undefined };
  return { width: snapped, height: height ? Math.max(1, Math.round((height * snapped) / width)) : undefined };
}

export interface Rendered {
  bytes: Buffer;
  contentType: string;
}

/** Same output as the storefront's optimiser (next.config.ts: WebP, quality 75). */
const encode = async (pipeline: Sharp): Promise<Rendered> => ({ bytes: await pipeline.webp({ quality: 75 }).toBuffer(), contentType: 'image/webp' });

/** One action on a picture's bytes; `identify` answers its description as JSON, as vue-storefront-api did (sharp's metadata). */
export async function render(source: Uint8Array, action: ImageAction, box: { width: number; height: number | undefined }): Promise<Rendered> {
  // Sources are upright already: uploads are stored turned (ADR 0036), drawn pictures have no EXIF.
  const picture = () => sharp(source, { failOn: 'error' });
  const { format, width = 0, height = 0, space, channels, depth, density, hasAlpha, hasProfile } = await picture().metadata();
  switch (action) {
    case 'identify':
      return { bytes: Buffer.from(JSON.stringify({ format, width, height, space, channels, depth, density, hasAlpha, hasProfile })), contentType: 'application/json; charset=utf-8' };
    case 'resize':
      return encode(picture().resize({ width: box.width, height: box.height, fit: 'inside', withoutEnlargement: true }));
    case 'fit':
      return encode(picture().resize({ width: box.width, height: box.height, fit: 'cover', withoutEnlargement: true }));
    case 'crop': {
      const cropWidth = Math.min(box.width, width);
      const cropHeight = Math.min(box.height ?? box.width, height);
      const region = { left: Math.floor((width - cropWidth) / 2), top: Math.floor((height - cropHeight) / 2), width: cropWidth, height: cropHeight };
      return encode(picture().extract(region));
    }
  }
}
