import {
  ADMIN_IMAGE_MESSAGES as M,
  adminImageUploadQuery,
  adminProductImages,
  adminProductImagesPatch,
  adminProductImagesWrite,
  IMAGE_UPLOAD_TYPES,
  MAX_IMAGE_UPLOAD_BYTES,
} from '@shop/contracts';
import type { AnyRoute } from '../../http/route.ts';
import type { AdminGuard } from '../admin/guard.ts';
import type { ProductImages } from './images.ts';

/**
 * A product's pictures (issue #45 point 1, ADR 0036), for staff and for programs with a
 * `catalog:write` key, as the product's other fields. The upload is the one route whose body may
 * be 10 MiB: the picture's bytes as they are (not multipart: one file, nothing to parse).
 */
export function adminProductImageRoutes(images: ProductImages, guard: AdminGuard): AnyRoute[] {
  const access = { role: 'staff', scope: 'catalog:write' } as const;
  return [
    guard.route(access, {
      method: 'GET',
      path: '/api/admin/products/:sku/images',
      summary: 'The product’s pictures in order, the main one marked, each with its alternative text, the address the shop serves it at, and an upload’s stored size',
      response: adminProductImages,
      handler: ({ params }) => images.list(params['sku']!),
    }),
    guard.route(access, {
      method: 'POST',
      path: '/api/admin/products/:sku/images',
      summary: 'Uploads a picture (the body is the file: JPEG, PNG or WebP by its bytes, at most 10 MiB, 100 to 12,000 px a side); stored upright without metadata, at most 2,048 px a side, once per content, and added at the end of the gallery (the main picture if the product had none); `alt` its alternative text. Audited',
      query: adminImageUploadQuery,
      binaryBody: [...IMAGE_UPLOAD_TYPES, 'application/octet-stream'],
      maxBodyBytes: MAX_IMAGE_UPLOAD_BYTES,
      tooLargeMessage: M.tooLarge,
      response: adminProductImagesWrite,
      status: 201,
      handler: ({ params, query, bytes, req }) => images.upload(params['sku']!, bytes, query.alt, guard.actor(req)),
    }),
    guard.route(access, {
      method: 'PATCH',
      path: '/api/admin/products/:sku/images',
      summary: 'The gallery in its new order (`images`: path and alt; a picture left out is removed) and the main picture (`image`), through the catalogue import as any edit. Audited',
      body: adminProductImagesPatch,
      response: adminProductImagesWrite,
      handler: ({ params, body, req }) => images.edit(params['sku']!, body, guard.actor(req)),
    }),
  ];
}
