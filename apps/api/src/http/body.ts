import type { IncomingMessage } from 'node:http';
import { HttpError } from './errors.ts';

/**
 * The largest request body a route takes unless it says otherwise (Route.maxBodyBytes): a cart,
 * account or checkout call is a few KiB, so 64 KiB leaves room and keeps a flood of large
 * bodies cheap to refuse.
 */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

const size = (bytes: number) => (bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} bytes`);

/**
 * A 413; the connection is closed after it, so the rest of an oversized upload is not read.
 */
function tooLarge(maxBytes: number): HttpError {
  return new HttpError(413, `Request body too large: this request accepts at most ${size(maxBytes)}`, { connection: 'close' });
}

/**
 * Refuses a request whose Content-Length is over maxBytes before anything is read: also on a
 * route that reads no body, which Node would otherwise read through to discard it.
 */
export function refuseDeclaredOversize(req: IncomingMessage, maxBytes: number): void {
  if (Number(req.headers['content-length'] ?? 0) > maxBytes) throw tooLarge(maxBytes);
}

/** Reads a request body as text, refusing more than maxBytes (a chunked body has no Content-Length to check first). */
export async function readTextBody(req: IncomingMessage, maxBytes = DEFAULT_MAX_BODY_BYTES): Promise<string> {
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of req) {
    received += (chunk as Buffer).length;
    if (received > maxBytes) throw tooLarge(maxBytes);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads a JSON request body; an empty body is `undefined`. */
export async function readJsonBody(req: IncomingMessage, maxBytes = DEFAULT_MAX_BODY_BYTES): Promise<unknown> {
  const text = await readTextBody(req, maxBytes);
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new HttpError(400, `Malformed JSON body: ${(error as Error).message}`);
  }
}
