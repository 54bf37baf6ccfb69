import { createHash } from 'node:crypto';
import { ADMIN_IMAGE_MESSAGES as M, MAX_IMAGE_UPLOAD_BYTES } from '@shop/contracts';
import type { MediaType, StoredMedia } from '@shop/db';
import sharp, { type FormatEnum, type OutputInfo } from 'sharp';
import { HttpError } from '../../http/errors.ts';

/**
 * An uploaded picture judged by its bytes and stored in the shop's own form (ADR 0036): only what
 * sharp reads as JPEG, PNG or WebP (never by name or declared type), of sensible dimensions, its
 * header read before anything is decoded (a small file may declare a huge picture); then turned
 * upright, scaled down to STORED_MAX_SIDE, and encoded again in its format, which drops every
 * metadata block (a phone's GPS position, the camera's serial) and whatever else the file carried.
 * The stored bytes' SHA-256 is the picture's address.
 */
export const IMAGE_LIMITS = {
  /** Smaller pictures look broken in a 453 px gallery. */
  minSide: 100,
  maxSide: 12_000,
  /** 60 megapixels: any camera's photo; decoding more is a memory risk. */
  maxPixels: 60_000_000,
  /** Twice the largest the shop shows (the 960 px zoom), and room for sharper screens. */
  storedMaxSide: 2048,
};

const TYPES: Partial<Record<keyof FormatEnum, MediaType>> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

const fill = (template: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((text, [name, value]) => text.replaceAll(`{${name}}`, typeof value === 'number' ? value.toLocaleString('it-IT') : value), template);

export async function prepareImage(bytes: Uint8Array, limits = IMAGE_LIMITS): Promise<StoredMedia> {
  if (bytes.length === 0) throw new HttpError(400, M.empty);
  if (bytes.length > MAX_IMAGE_UPLOAD_BYTES) throw new HttpError(413, M.tooLarge);
  let format: string | undefined;
  let width = 0;
  let height = 0;
  try {
    ({ format, width, height } = await sharp(bytes).metadata());
  } catch {
    throw new HttpError(400, M.notImage);
  }
  const mimeType = format ? TYPES[format as keyof FormatEnum] : undefined;
  if (!mimeType) throw new HttpError(400, format ? fill(M.format, { format: format.toUpperCase() }) : M.notImage);
  if (!width || !height) throw new HttpError(400, M.notImage);
  if (Math.max(width, height) > limits.maxSide || width * height > limits.maxPixels) {
    throw new HttpError(400, fill(M.tooBig, { width, height, max: limits.maxSide, megapixels: limits.maxPixels / 1_000_000 }));
  }
  if (Math.min(width, height) < limits.minSide) throw new HttpError(400, fill(M.tooSmall, { width, height, min: limits.minSide }));
  // failOn 'error': a truncated or damaged file is refused rather than stored half grey.
  const pipeline = sharp(bytes, { failOn: 'error', limitInputPixels: limits.maxPixels })
    .autoOrient()
    .resize({ width: limits.storedMaxSide, height: limits.storedMaxSide, fit: 'inside', withoutEnlargement: true });
  const encoded = mimeType === 'image/jpeg' ? pipeline.jpeg({ quality: 90 }) : mimeType === 'image/png' ? pipeline.png() : pipeline.webp({ quality: 90 });
  let stored: { data: Buffer; info: OutputInfo };
  try {
    stored = await encoded.toBuffer({ resolveWithObject: true });
  } catch {
    throw new HttpError(400, M.damaged);
  }
  return {
    hash: createHash('sha256').update(stored.data).digest('hex'),
    mimeType,
    width: stored.info.width,
    height: stored.info.height,
    byteSize: stored.data.length,
    bytes: stored.data,
  };
}
