/**
 * SERVER ONLY. Pictures the back office uploaded (ADR 0036): `/media/upload/<sha256>.<ext>`, read
 * from the commerce API, which keeps them in the database. Their address is the hash of their
 * bytes, so the answer is cached for good, like every other picture of /media; pages show them
 * through next/image, which resizes them as it does every catalogue picture.
 */
import { apiInternalUrl } from '@/lib/api/client.ts';
import { markApiDown } from '@/lib/api/api-instances.ts';
import { apiRequestHeaders } from '@/lib/observability.ts';

const UPLOAD_FILE = /^[0-9a-f]{64}\.(?:jpg|png|webp)$/;
const TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The API reads one row; a picture is at most a few MB. */
const TIMEOUT_MS = 10_000;

const plain = (status: number, text: string) => new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

/** Whether a /media path (split on '/') names an uploaded picture. */
export const isUploadPath = (segments: readonly string[]) => segments[0] === 'upload';

export async function uploadedImage(segments: readonly string[]): Promise<Response> {
  const file = segments[1];
  if (segments.length !== 2 || !file || !UPLOAD_FILE.test(file)) return plain(404, 'Not found');
  const api = apiInternalUrl();
  let answer: Response;
  try {
    answer = await fetch(`${api}/api/media/upload/${file}`, { cache: 'no-store', headers: apiRequestHeaders(), signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    markApiDown(api);
    return plain(503, 'Service unavailable');
  }
  const type = answer.headers.get('content-type') ?? '';
  if (answer.status === 404) return plain(404, 'Not found');
  if (!answer.ok || !TYPES.has(type) || !answer.body) return plain(502, 'Bad gateway');
  const length = answer.headers.get('content-length');
  return new Response(answer.body, { headers: { 'content-type': type, ...(length ? { 'content-length': length } : {}), 'cache-control': IMMUTABLE } });
}
