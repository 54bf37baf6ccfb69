import { notFound } from 'next/navigation';

/*
 * Safety net: proxy.ts already sends unknown URLs to /page-not-found, so this catch-all only sees
 * requests the proxy does not handle (paths with a file extension such as /a/b.png). It answers
 * 404 per request rather than ISR-caching one entry per random URL.
 */
export const dynamic = 'force-dynamic';

export default function CatchAll(): never {
  notFound();
}
