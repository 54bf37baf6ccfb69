import { healthResult } from '@shop/contracts';
import { countProducts, type Database } from '@shop/db';
import { defineRoute } from './route.ts';

export function healthRoutes(database: Database, startedAt: number) {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/health',
      tag: 'system',
      summary: 'Liveness and database readiness',
      response: healthResult,
      handler: async () => ({
        status: 'ok' as const,
        database: database.kind,
        products: await countProducts(database.db),
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      }),
    }),
  ];
}
