import { ADMIN_IMAGE_MESSAGES as M, IMAGE_UPLOAD_TYPES, uploadImagePath } from '@shop/contracts';
import { findMedia, type Db } from '@shop/db';
import { z } from 'zod';
import { HttpError } from '../../http/errors.ts';
import { defineRoute, FileAnswer, type AnyRoute } from '../../http/route.ts';

/** A picture's bytes never change under its address (the hash of those bytes): any cache may keep them for good. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The pictures the back office uploaded (ADR 0036), public as the catalogue is: the storefront
 * serves them at /media/upload/… by reading them here, and resizes them for pages as every picture.
 */
export function mediaRoutes(db: Db): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/media/upload/:file',
      summary: `An uploaded product picture by its address \`<sha256>.<jpg|png|webp>\` (${IMAGE_UPLOAD_TYPES.join(', ')}); cached for good`,
      tag: 'media',
      produces: 'image/*',
      response: z.instanceof(FileAnswer),
      handler: async ({ params }) => {
        const file = params['file']!;
        const hash = /^([0-9a-f]{64})\.(?:jpg|png|webp)$/.exec(file)?.[1];
        const media = hash ? await findMedia(db, hash) : undefined;
        // The extension is part of the address: another one names nothing.
        if (!media || uploadImagePath(media.hash, media.mimeType) !== `/upload/${file}`) throw new HttpError(404, M.notFound);
        return new FileAnswer(media.bytes, { 'content-type': media.mimeType, 'cache-control': IMMUTABLE, etag: `"${media.hash}"` });
      },
    }),
  ];
}
