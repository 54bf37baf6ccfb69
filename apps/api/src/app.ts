import { createServer, type Server } from 'node:http';
import type { Database } from '@shop/db';
import { buildOpenApi } from './http/openapi.ts';
import type { AnyRoute } from './http/route.ts';
import { createRouter, send, type Logger } from './http/router.ts';
import { catalogRoutes } from './routes/catalog.ts';
import { healthRoutes } from './routes/health.ts';
import { CatalogService } from './services/catalog-service.ts';

export interface AppOptions {
  database: Database;
  defaultCountry: string;
  logger?: Logger;
  logRequests?: boolean;
}

export interface App {
  server: Server;
  routes: AnyRoute[];
  catalog: CatalogService;
}

const API_VERSION = '0.1.0';

/** Wires services to routes and returns the HTTP server (not yet listening). */
export function createApp(options: AppOptions): App {
  const startedAt = Date.now();
  const catalog = new CatalogService(options.database.db, { defaultCountry: options.defaultCountry });
  const routes: AnyRoute[] = [...healthRoutes(options.database, startedAt), ...catalogRoutes(catalog)];
  const openApi = JSON.stringify(buildOpenApi(routes, API_VERSION));
  const handle = createRouter(routes, options.logger);

  const server = createServer((req, res) => {
    const started = options.logRequests ? performance.now() : 0;
    if (options.logRequests) {
      res.on('finish', () =>
        options.logger?.info(`${req.method} ${req.url} ${res.statusCode} ${(performance.now() - started).toFixed(1)}ms`),
      );
    }
    const path = (req.url ?? '/').split('?')[0];
    // The OpenAPI document is served raw: it is a standard document, not an envelope.
    if (req.method === 'GET' && path === '/api/openapi.json') {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache' });
      res.end(openApi);
      return;
    }
    if (!path?.startsWith('/api/')) {
      send(res, 404, `Not found: ${path}`);
      return;
    }
    void handle(req, res);
  });
  server.keepAliveTimeout = 65_000;
  return { server, routes, catalog };
}
