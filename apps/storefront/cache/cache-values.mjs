// Next's cache entries as text for the shared cache (Redis), and back. Entries hold Buffers (a
// page's RSC payload, a route's body) and a Map of Buffers (a page's prefetch segments), which
// JSON alone would turn into arrays of numbers.

/** @param {unknown} value */
function encodeValue(value) {
  if (ArrayBuffer.isView(value)) return { $bytes: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64') };
  if (value instanceof Map) return { $map: [...value].map(([key, item]) => [key, encodeValue(item)]) };
  if (Array.isArray(value)) return value.map(encodeValue);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined).map(([key, item]) => [key, encodeValue(item)]));
  }
  return value;
}

/** @param {unknown} value */
function decodeValue(value) {
  if (Array.isArray(value)) return value.map(decodeValue);
  if (value === null || typeof value !== 'object') return value;
  if (typeof value.$bytes === 'string') return Buffer.from(value.$bytes, 'base64');
  if (Array.isArray(value.$map)) return new Map(value.$map.map(([key, item]) => [key, decodeValue(item)]));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, decodeValue(item)]));
}

/** @param {{ lastModified: number, value: unknown, cacheControl?: unknown, tags: string[] }} entry */
export const encodeEntry = (entry) => JSON.stringify(encodeValue(entry));

/** @param {string} text */
export const decodeEntry = (text) => decodeValue(JSON.parse(text));

/** The cache tags Next keeps with a page or route answer (`x-next-cache-tags`). */
export function answerTagsOf(value) {
  const tags = value?.headers?.['x-next-cache-tags'];
  return typeof tags === 'string' && tags ? tags.split(',') : [];
}

/**
 * Whether a tag expired after an entry was made: `expiredAt` as Next keeps it in its tags
 * manifest (tags-manifest.external.js `areTagsExpired`), read from the shared cache.
 */
export const expiredSince = (expiredAt, lastModified, now = Date.now()) => expiredAt <= now && expiredAt > lastModified;
