import { createHash, timingSafeEqual } from 'node:crypto';
import { revalidateTag } from 'next/cache';
import { revalidateRequest } from '@shop/contracts';

/**
 * `POST /internal/revalidate` — the commerce API reports catalogue changes here as cache tags
 * (`{ "tags": [...] }`, header `x-revalidate-secret`). Each tag expires at once (`expire: 0`):
 * the next request for a page showing it waits for fresh data instead of getting the old copy,
 * so a changed price is never served after the invalidation.
 */
export async function POST(request: Request) {
  const secret = process.env.REVALIDATE_SECRET;
  if (!secret || !sameSecret(request.headers.get('x-revalidate-secret') ?? '', secret)) {
    return answer(401, 'Unauthorized: wrong or missing x-revalidate-secret');
  }
  const body: unknown = await request.json().catch(() => undefined);
  const parsed = revalidateRequest.safeParse(body);
  if (!parsed.success) return answer(400, 'Invalid request body: expected { "tags": [1 to 500 strings of up to 256 characters] }');
  for (const tag of parsed.data.tags) revalidateTag(tag, { expire: 0 });
  return answer(200, { revalidated: parsed.data.tags.length });
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Constant time, whatever the lengths. */
function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

function answer(code: number, result: unknown): Response {
  return Response.json({ code, result }, { status: code, headers: { 'cache-control': 'no-store' } });
}
