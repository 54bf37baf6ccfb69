// Next's cache entries as bytes for the shared cache (Redis), and back. Entries hold Buffers (a
// page's RSC payload, a route's body), a Map of Buffers (a page's prefetch segments) and long
// texts (a page's HTML). As JSON a category page's entry was ~700 KB of escaped text and base64,
// stringified and encoded on the render's own thread; framed instead (a small JSON head naming
// parts, then the parts' raw bytes) and Brotli-compressed on libuv's thread pool it is ~46 KB
// (ADR 0024): the same Redis memory holds about ten times the pages.
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants } from 'node:zlib';

const compress = promisify(brotliCompress);
const decompress = promisify(brotliDecompress);
/**
 * Brotli quality 1: a category page (560 KB framed) in 0.8 ms to 46 KB; quality 4 saves 6 KB
 * more for three times the CPU, which a busy two-core machine spends while rendering the next page.
 */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } };
/** The first byte of every entry: what an entry written by another format starts with is not read. */
const FORMAT = 1;
/** Texts from this length go as a part of their own (HTML, a route's body), not escaped into the head. */
const PART_TEXT_LENGTH = 1024;

/** @param {unknown} value @param {Buffer[]} parts */
function encodeValue(value, parts) {
  const part = (bytes) => parts.push(bytes) - 1;
  if (ArrayBuffer.isView(value)) return { $bytes: part(Buffer.from(value.buffer, value.byteOffset, value.byteLength)) };
  if (typeof value === 'string' && value.length >= PART_TEXT_LENGTH) return { $text: part(Buffer.from(value)) };
  if (value instanceof Map) return { $map: [...value].map(([key, item]) => [key, encodeValue(item, parts)]) };
  if (Array.isArray(value)) return value.map((item) => encodeValue(item, parts));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined).map(([key, item]) => [key, encodeValue(item, parts)]));
  }
  return value;
}

/** @param {unknown} value @param {Buffer[]} parts */
function decodeValue(value, parts) {
  if (Array.isArray(value)) return value.map((item) => decodeValue(item, parts));
  if (value === null || typeof value !== 'object') return value;
  if (typeof value.$bytes === 'number') return parts[value.$bytes];
  if (typeof value.$text === 'number') return parts[value.$text].toString('utf8');
  if (Array.isArray(value.$map)) return new Map(value.$map.map(([key, item]) => [key, decodeValue(item, parts)]));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, decodeValue(item, parts)]));
}

/**
 * An entry as stored: FORMAT, then compressed [head length (4 bytes)][head: JSON of the entry
 * with parts as indices, and the parts' lengths][the parts, in order].
 * @param {{ lastModified: number, value: unknown, cacheControl?: unknown, tags: string[] }} entry
 * @returns {Promise<Buffer>}
 */
export async function encodeEntry(entry) {
  const parts = [];
  const head = Buffer.from(JSON.stringify({ entry: encodeValue(entry, parts), lengths: parts.map((bytes) => bytes.length) }));
  const headLength = Buffer.alloc(4);
  headLength.writeUInt32BE(head.length);
  const packed = await compress(Buffer.concat([headLength, head, ...parts]), BROTLI);
  return Buffer.concat([Buffer.of(FORMAT), packed]);
}

/**
 * The entry back, or null for bytes of another format (from a build that wrote them otherwise).
 * @param {Buffer} stored
 */
export async function decodeEntry(stored) {
  if (stored[0] !== FORMAT) return null;
  const framed = await decompress(stored.subarray(1));
  const headEnd = 4 + framed.readUInt32BE(0);
  const { entry, lengths } = JSON.parse(framed.toString('utf8', 4, headEnd));
  let at = headEnd;
  const parts = lengths.map((length) => framed.subarray(at, (at += length)));
  return decodeValue(entry, parts);
}

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
