import {
  ADMIN_IMAGE_MESSAGES as M,
  MAX_PRODUCT_IMAGES,
  uploadImagePath,
  type AdminImageEntry,
  type AdminProductImages,
  type AdminProductImagesPatch,
  type AdminProductImagesWrite,
  type ProductPatch,
} from '@shop/contracts';
import { mediaInfo, storeMedia, type Db } from '@shop/db';
import type { AuditActor } from '../admin/audit.ts';
import { prepareImage } from '../media/prepare-image.ts';
import { EditRefused } from './edits.ts';
import type { ProductFields } from './fields.ts';
import { uploadHash } from './gallery.ts';
import type { AdminProducts } from './service.ts';

/** Where the shop serves a catalogue picture: `/media` + its path. */
const shopSrc = (path: string) => `/media${path.startsWith('/') ? path : `/${path}`}`;

/** An upload added at the gallery's end (the main picture when the product had none); the same picture again only takes the new alternative text. */
export function appendUpload(current: Pick<ProductFields, 'images'>, path: string, alt: string | null): ProductPatch {
  const at = current.images.findIndex((image) => image.path === path);
  if (at >= 0) return { images: current.images.map((image, i): AdminImageEntry => (i === at && alt !== null ? { path, alt } : image)) };
  if (current.images.length >= MAX_PRODUCT_IMAGES) throw new EditRefused('images', M.tooMany.replace('{max}', String(MAX_PRODUCT_IMAGES)));
  return { images: [...current.images, { path, alt }] };
}

/**
 * A product's pictures in the back office (issue #45 point 1, ADR 0036): uploads are judged and
 * stored once by content (media table), then added to the product's gallery by an edit; order,
 * main picture, alternative texts and removals are edits too. Every edit goes through the
 * products' one write path (AdminProducts → the catalogue import): audited, the storefront's
 * pages, the search index and the edge follow as for any change.
 */
export class ProductImages {
  constructor(
    private readonly db: Db,
    private readonly products: AdminProducts,
  ) {}

  async list(sku: string): Promise<AdminProductImages> {
    return this.view(await this.products.get(sku));
  }

  /** Judges the bytes (400/413 in Italian), stores them once, adds the picture to the product. Audited as `product.images.upload`. */
  async upload(sku: string, bytes: Uint8Array, alt: string | undefined, actor: AuditActor): Promise<AdminProductImagesWrite> {
    const media = await prepareImage(bytes);
    // An unknown product is a 404 before anything is stored.
    await this.products.get(sku);
    await storeMedia(this.db, media);
    const path = uploadImagePath(media.hash, media.mimeType);
    const text = alt?.trim() ? alt.trim() : null;
    const outcome = await this.products.applyEdits([{ sku, patch: (current) => appendUpload(current, path, text) }], actor, 'product.images.upload');
    return { ...(await this.list(sku)), changed: outcome.edits[0]?.changed ?? [], cache: outcome.cache, uploaded: path };
  }

  /** The gallery's order, main picture, alternative texts, removals: an edit of the product's `images` and `image`. */
  async edit(sku: string, patch: AdminProductImagesPatch, actor: AuditActor): Promise<AdminProductImagesWrite> {
    const { product, changed, cache } = await this.products.patch(sku, patch, actor);
    return { ...(await this.view(product)), changed, cache };
  }

  private async view(product: { sku: string; name: string; image: string | null; images: readonly AdminImageEntry[] }): Promise<AdminProductImages> {
    const stored = await mediaInfo(this.db, product.images.map((image) => uploadHash(image.path)).filter((hash): hash is string => hash !== null));
    return {
      sku: product.sku,
      name: product.name,
      images: product.images.map((image) => {
        const media = stored.get(uploadHash(image.path) ?? '');
        return {
          path: image.path,
          alt: image.alt,
          main: image.path === product.image,
          src: shopSrc(image.path),
          upload: media ? { mimeType: media.mimeType, width: media.width, height: media.height, byteSize: media.byteSize } : null,
        };
      }),
    };
  }
}
