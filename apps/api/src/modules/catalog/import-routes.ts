import { CATALOG_IMPORT_MAX_BODY_BYTES, catalogImportRequest, catalogImportResult } from '@shop/contracts';
import { defineRoute } from '../../http/route.ts';
import { requireBearer } from '../../http/admin-token.ts';
import type { CatalogImportService } from './import.ts';

/** Routes for shop operators' tools, behind `Authorization: Bearer <ADMIN_TOKEN>`. */
export function adminRoutes(imports: CatalogImportService, adminToken: string) {
  return [
    defineRoute({
      method: 'POST',
      path: '/api/admin/catalog/import',
      tag: 'admin',
      summary:
        'Upsert one batch (up to 500) of Vue Storefront 1 documents of one entity; answers counts and skipped documents, and invalidates the affected storefront cache tags',
      authorize: requireBearer(adminToken),
      limitWrites: false,
      maxBodyBytes: CATALOG_IMPORT_MAX_BODY_BYTES,
      body: catalogImportRequest,
      response: catalogImportResult,
      handler: ({ body }) => imports.importBatch(body.entity, body.docs),
    }),
  ];
}
