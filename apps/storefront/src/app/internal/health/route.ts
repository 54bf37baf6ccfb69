/**
 * `GET /internal/health` — this storefront process answers (the edge cache's probe, ADR 0024;
 * a load balancer's). Its own liveness only: whether the API answers is `/api/health`.
 */
export const dynamic = 'force-dynamic';

export function GET() {
  return Response.json({ code: 200, result: { status: 'ok', uptimeSeconds: Math.round(process.uptime()) } }, { headers: { 'cache-control': 'no-store' } });
}
