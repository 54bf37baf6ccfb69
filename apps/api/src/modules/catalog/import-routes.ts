import { CATALOG_IMPORT_MAX_BODY_BYTES, catalogImportRequest, catalogImportResult } from '@shop/contracts';
import type { AnyRoute } from '../../http/route.ts';
import { recordAudit } from '../admin/audit.ts';
import type { AdminGuard } from '../admin/guard.ts';
import type { CatalogImportService } from './import.ts';

/**
 * The VSF import endpoint, behind the back office's guard: the shop's tools send the admin token
 * (`npm run catalog:import` on a running shop), a program (an ERP keeping the catalogue in step)
 * an API key with `catalog:write`, a person the owner's session. One guard decides all three, and
 * each batch is in the audit log with who sent it (`cli`, `chiave API …`, the owner's e-mail).
 */
export function adminRoutes(imports: CatalogImportService, adminToken: string, guard: AdminGuard, now: () => Date): AnyRoute[] {
  return [
    guard.route({ role: 'owner', scope: 'catalog:write', toolToken: adminToken }, {
      method: 'POST',
      path: '/api/admin/catalog/import',
      summary:
        'Upsert one batch (up to 500) of Vue Storefront 1 documents of one entity; answers counts and skipped documents, and invalidates the affected storefront cache tags. `Authorization: Bearer <ADMIN_TOKEN>` (the shop’s tools), an API key with catalog:write or the owner’s session. Audited',
      maxBodyBytes: CATALOG_IMPORT_MAX_BODY_BYTES,
      body: catalogImportRequest,
      response: catalogImportResult,
      handler: ({ body, req }) => {
        // Which documents came, for the log: their ids as sent (nothing else of them).
        const ids = body.docs.map(({ id }) => (typeof id === 'number' ? id : typeof id === 'string' ? id.slice(0, 64) : null));
        return imports.importBatch(body.entity, body.docs, (trx) =>
          recordAudit(trx, guard.actor(req), { action: 'catalog.import', objectType: 'catalog', objectId: body.entity, before: null, after: { received: body.docs.length, ids } }, now()),
        );
      },
    }),
  ];
}
