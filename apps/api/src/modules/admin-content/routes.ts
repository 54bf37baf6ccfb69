import {
  adminCmsBlock,
  adminCmsBlockCreateBody,
  adminCmsBlockPatchBody,
  adminCmsList,
  adminCmsListQuery,
  adminCmsPage,
  adminCmsPageCreateBody,
  adminCmsPagePatchBody,
  adminCmsPreview,
  adminCmsPreviewBody,
  adminSellerSettings,
} from '@shop/contracts';
import type { AnyRoute } from '../../http/route.ts';
import type { AdminGuard } from '../admin/guard.ts';
import { cmsIdOf, type AdminContent } from './content.ts';
import { sellerSettings, type SellerConfiguration } from './seller-settings.ts';

/** A CMS page's HTML may be long (a legal page with its tables): more than the default 64 KiB body. */
const CONTENT_BODY_BYTES = 1024 * 1024;

/**
 * The shop's content in the back office (issue #45 point 4): staff read and write CMS pages and
 * blocks, a program writes them with a `catalog:write` key; reads declare no scope, so they stay a
 * person's. The seller's settings are the configuration's, read only.
 */
export function adminContentRoutes(content: AdminContent, seller: SellerConfiguration, guard: AdminGuard): AnyRoute[] {
  const kinds = [
    { kind: 'page', path: 'pages', noun: 'page', response: adminCmsPage, create: adminCmsPageCreateBody, patch: adminCmsPagePatchBody },
    { kind: 'block', path: 'blocks', noun: 'block', response: adminCmsBlock, create: adminCmsBlockCreateBody, patch: adminCmsBlockPatchBody },
  ] as const;
  return [
    ...kinds.flatMap(({ kind, path, noun, response, create, patch }) => [
      guard.route({ role: 'staff' }, {
        method: 'GET',
        path: `/api/admin/content/${path}`,
        summary: `CMS ${noun}s by identifier, searched in identifier and title (any case), with the active filter, in pages`,
        query: adminCmsListQuery,
        response: adminCmsList,
        handler: ({ query }) => content.list(kind, query),
      }),
      guard.route({ role: 'staff' }, {
        method: 'GET',
        path: `/api/admin/content/${path}/:id`,
        summary: `One CMS ${noun}, active or not, with its HTML as stored`,
        response,
        handler: ({ params }) => content.get(kind, cmsIdOf(kind, params['id'])),
      }),
      guard.route({ role: 'staff', scope: 'catalog:write' }, {
        method: 'POST',
        path: `/api/admin/content/${path}`,
        summary: `Creates a CMS ${noun}, in the shop at once; HTML that could run script is refused (400, naming the field), other markup stored sanitised; an identifier taken is 409. Audited`,
        body: create,
        response,
        status: 201,
        maxBodyBytes: CONTENT_BODY_BYTES,
        handler: ({ body, req }) => content.create(kind, body, guard.actor(req)),
      }),
      guard.route({ role: 'staff', scope: 'catalog:write' }, {
        method: 'PATCH',
        path: `/api/admin/content/${path}/:id`,
        summary: `Changes the fields given of a CMS ${noun}: the shop's pages and the edge show it at once; HTML checked as on creation. Audited`,
        body: patch,
        response,
        maxBodyBytes: CONTENT_BODY_BYTES,
        handler: ({ params, body, req }) => content.update(kind, cmsIdOf(kind, params['id']), body, guard.actor(req)),
      }),
    ]),
    guard.route({ role: 'staff', scope: 'catalog:write' }, {
      method: 'POST',
      path: '/api/admin/content/preview',
      summary: "HTML as the shop would render it (sanitised, the seller's data filled in), and the refusal saving it would meet; writes nothing",
      body: adminCmsPreviewBody,
      response: adminCmsPreview,
      maxBodyBytes: CONTENT_BODY_BYTES,
      handler: ({ body }) => content.preview(body.content),
    }),
    guard.route({ role: 'staff' }, {
      method: 'GET',
      path: '/api/admin/settings/seller',
      summary: "The seller's identity, VAT regime and delivery promise as the configuration sets them, each with its variable and where the value came from (read only)",
      response: adminSellerSettings,
      handler: () => sellerSettings(seller),
    }),
  ];
}
