import { API_KEY_MESSAGES as K, adminApiKey, adminApiKeyCreateBody, adminApiKeyCreated } from '@shop/contracts';
import { z } from 'zod';
import { HttpError } from '../../http/errors.ts';
import type { AnyRoute } from '../../http/route.ts';
import type { ApiKeys } from './api-keys.ts';
import type { AdminGuard } from './guard.ts';

/** The owner's API keys (ADR 0030): no scope, so a key never manages keys. */
export function apiKeyRoutes(keys: ApiKeys, guard: AdminGuard): AnyRoute[] {
  return [
    guard.route({ role: 'owner' }, {
      method: 'GET',
      path: '/api/admin/api-keys',
      summary: 'The API keys (owner only): name, visible prefix, scopes, created, last used (to the minute), revoked; never the secret',
      response: z.array(adminApiKey),
      handler: () => keys.list(),
    }),
    guard.route({ role: 'owner' }, {
      method: 'POST',
      path: '/api/admin/api-keys',
      summary: 'Creates an API key `{name, scopes}` for a program (scopes orders:read, orders:write, catalog:write); the whole key `bpk_<prefix>_<secret>` is answered this once. Audited',
      body: adminApiKeyCreateBody,
      response: adminApiKeyCreated,
      status: 201,
      handler: ({ body, req }) => keys.create(body, guard.actor(req)),
    }),
    guard.route({ role: 'owner' }, {
      method: 'DELETE',
      path: '/api/admin/api-keys/:id',
      summary: 'Revokes an API key at once (its next request is 401); audited',
      response: adminApiKey,
      handler: ({ params, req }) => {
        const id = params['id'] ?? '';
        if (!/^\d{1,9}$/.test(id)) throw new HttpError(404, K.notFound);
        return keys.revoke(Number(id), guard.actor(req));
      },
    }),
  ];
}
