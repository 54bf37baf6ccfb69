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
 * A 413; the connection is closed after it (the router reads what is left of the body first,
 * within DRAIN_LIMITS, so the answer is not lost to a reset).
 */
function tooLarge(maxBytes: number, message?: string): HttpError {
  return new HttpError(413, message ?? `Request body too large: this request accepts at most ${size(maxBytes)}`, { connection: 'close' });
}

/**
 * Refuses a request whose Content-Length is over maxBytes before anything is read: also on a
 * route that reads no body, which Node would otherwise read through to discard it.
 */
export function refuseDeclaredOversize(req: IncomingMessage, maxBytes: number, message?: string): void {
  if (Number(req.headers['content-length'] ?? 0) > maxBytes) throw tooLarge(maxBytes, message);
}

/**
 * Reads a request body's bytes, refusing more than maxBytes (a chunked body has no Content-Length
 * to check first) with `message` or the default text. Read by events, not `for await`: leaving
 * that loop destroys the request, and with it the socket the 413 must still go out on
 * (drainRefusedBody reads the rest).
 */
export function readBodyBytes(req: IncomingMessage, maxBytes = DEFAULT_MAX_BODY_BYTES, message?: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      done();
      reject(tooLarge(maxBytes, message));
    };
    const onEnd = () => {
      done();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      done();
      reject(error);
    };
    const done = () => {
      req.off('data', onData).off('end', onEnd).off('error', onError);
    };
    req.on('data', onData).on('end', onEnd).on('error', onError);
  });
}

/** Reads a request body as UTF-8 text, refusing more than maxBytes. */
export async function readTextBody(req: IncomingMessage, maxBytes = DEFAULT_MAX_BODY_BYTES): Promise<string> {
  return (await readBodyBytes(req, maxBytes)).toString('utf8');
}

/** What is read of a refused body before its 413 at most, in bytes and time; past either the connection just closes. */
export const DRAIN_LIMITS = { maxBytes: 16 * 1024 * 1024, maxMs: 10_000 };

/**
 * Reads and drops the rest of a refused body before its 413 is sent (issue #43 item 8). Closing a
 * connection with bytes of the request still unread makes the kernel reset it, and a proxy still
 * sending the body (the storefront's /api pass-through) then loses the 413 and reports the API
 * down (a 502, about half the time). A body declared larger than DRAIN_LIMITS.maxBytes, or one
 * that keeps coming past it or past maxMs, is not waited for: the connection closes as before.
 */
export function drainRefusedBody(req: IncomingMessage, limits = DRAIN_LIMITS): Promise<void> {
  if (req.complete || req.destroyed || Number(req.headers['content-length'] ?? 0) > limits.maxBytes) return Promise.resolve();
  return new Promise((resolve) => {
    let drained = 0;
    const finish = () => {
      clearTimeout(timer);
      req.off('data', onData).off('end', finish).off('close', finish).off('error', finish);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > limits.maxBytes) finish();
    };
    const timer = setTimeout(finish, limits.maxMs);
    req.on('data', onData).on('end', finish).on('close', finish).on('error', finish);
    req.resume();
  });
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
