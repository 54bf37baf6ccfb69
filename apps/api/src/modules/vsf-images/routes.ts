import { imagePath } from '@shop/contracts';
import { findMedia, type Db } from '@shop/db';
import { z } from 'zod';
import { HttpError } from '../../http/errors.ts';
import { defineRoute, FileAnswer, type AnyRoute } from '../../http/route.ts';
import { IMMUTABLE } from '../media/routes.ts';
import { IMAGE_ACTIONS, render, snappedBox, type ImageAction, type Rendered } from './render.ts';

/** Rendered answers kept in this process, by snapped size, action and path (each a few KB to ~100 KB). */
const CACHE_BYTES = 32 * 1024 * 1024;
/** The storefront draws a picture in well under a second; a stuck one must not hold the request. */
const SOURCE_TIMEOUT_MS = 10_000;
const SOURCE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

const side = z.string().regex(/^\d{1,5}$/, 'must be a whole number of pixels').transform(Number);
const params = z.object({
  width: side,
  height: side,
  action: z.enum(IMAGE_ACTIONS, { error: `must be one of ${IMAGE_ACTIONS.join(', ')}` }),
  path: imagePath,
});

/**
 * A picture's original bytes through the shop's one image pipeline (ADR 0036): an upload from the
 * database, any other catalogue path from the storefront's `/media` route, which draws it.
 */
async function sourceBytes(db: Db, storefrontUrl: string | undefined, path: string): Promise<Uint8Array> {
  const upload = /^upload\/([0-9a-f]{64})\.(?:jpg|png|webp)$/.exec(path);
  if (upload) {
    const media = await findMedia(db, upload[1]!);
    if (!media) throw new HttpError(404, `No picture at /${path}`);
    return media.bytes;
  }
  if (!storefrontUrl) throw new HttpError(404, `No picture at /${path}`);
  const answer = await fetch(`${storefrontUrl}/media/${path}`, { signal: AbortSignal.timeout(SOURCE_TIMEOUT_MS) }).catch(() => {
    throw new HttpError(502, 'The picture could not be read from the storefront');
  });
  if (answer.status === 404) throw new HttpError(404, `No picture at /${path}`);
  if (!answer.ok || !SOURCE_TYPES.has(answer.headers.get('content-type') ?? '')) throw new HttpError(502, 'The picture could not be read from the storefront');
  return new Uint8Array(await answer.arrayBuffer());
}

/**
 * `GET /img/{width}/{height}/{action}/{path}`, the pictures of Vue Storefront 1 (core/helpers
 * getThumbnailPath builds `${images.baseUrl}${width}/${height}/resize${path}`) as
 * vue-storefront-api served them: sizes snapped to the storefront's widths, WebP as its
 * optimiser makes them, cached for good (a path's picture never changes: uploads are addressed
 * by their hash, drawn pictures by their path) and kept in this process.
 */
export function vsfImageRoutes(db: Db, storefrontUrl: string | undefined): AnyRoute[] {
  const cache = new Map<string, Promise<Rendered>>();
  const sizes = new Map<string, number>();
  let cachedBytes = 0;
  const rendered = (key: string, make: () => Promise<Rendered>): Promise<Rendered> => {
    const hit = cache.get(key);
    if (hit) {
      // Most recently used last: the oldest entries go first.
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    const made = make();
    cache.set(key, made);
    made.then(
      ({ bytes }) => {
        sizes.set(key, bytes.length);
        cachedBytes += bytes.length;
        for (const oldest of cache.keys()) {
          if (cachedBytes <= CACHE_BYTES) break;
          cachedBytes -= sizes.get(oldest) ?? 0;
          sizes.delete(oldest);
          cache.delete(oldest);
        }
      },
      () => cache.delete(key),
    );
    return made;
  };
  return [
    defineRoute({
      method: 'GET',
      path: '/img/:width/:height/:action/:path+',
      tag: 'media',
      summary: `A catalogue picture as Vue Storefront 1 asks for it: width and height 0–2048 (the width snapped up to the storefront's, 0 the largest), action ${IMAGE_ACTIONS.join(', ')} (identify: its description as JSON); WebP, cached for good`,
      produces: 'image/webp',
      response: z.instanceof(FileAnswer),
      handler: async (input) => {
        const parsed = params.safeParse(input.params);
        if (!parsed.success) throw new HttpError(400, `Please provide /img/<width>/<height>/<action:${IMAGE_ACTIONS.join(',')}>/<path>: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
        const { width, height, action, path } = parsed.data;
        const relative = path.replace(/^\//, '');
        const box = snappedBox(width, height);
        const picture = await rendered(`${box.width}/${box.height ?? 0}/${action}/${relative}`, async () =>
          render(await sourceBytes(db, storefrontUrl, relative), action as ImageAction, box),
        );
        return new FileAnswer(picture.bytes, { 'content-type': picture.contentType, 'cache-control': IMMUTABLE });
      },
    }),
  ];
}
