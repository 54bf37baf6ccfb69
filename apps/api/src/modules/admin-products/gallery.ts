import { ADMIN_IMAGE_MESSAGES as M, UPLOAD_IMAGE_PATH, type AdminImageEntry, type ProductPatch } from '@shop/contracts';
import type { MediaGalleryEntry, ProductDoc } from '@shop/domain';

/**
 * A product's pictures as the back office edits them (ADR 0036), read from and written into the
 * VSF document: `media_gallery` holds the pictures in order (`pos`) with their alternative text
 * (`lab`); `image`, `small_image` and `thumbnail` name the main one, which tiles, the product
 * page's first picture and the feeds show. Pure.
 */

/** The image roles of a VSF document, all three set to the main picture. */
const ROLES = ['image', 'small_image', 'thumbnail'] as const;

const isPicture = (entry: MediaGalleryEntry | null | undefined): entry is MediaGalleryEntry =>
  typeof entry?.image === 'string' && entry.image !== '' && (entry.typ ?? 'image') === 'image';

/** The main picture's path, or null (Magento writes `no_selection` for none). */
export function mainImageOf(doc: ProductDoc): string | null {
  return typeof doc.image === 'string' && doc.image !== '' && doc.image !== 'no_selection' ? doc.image : null;
}

/**
 * The gallery in its order, each picture once with its alternative text; a main picture the
 * gallery lacks (imported documents often have only `image`) comes first, as the shop shows it.
 */
export function galleryOf(doc: ProductDoc): AdminImageEntry[] {
  const main = mainImageOf(doc);
  const entries = (Array.isArray(doc.media_gallery) ? doc.media_gallery : []).filter(isPicture);
  const ordered = entries.map((entry, at) => ({ entry, at })).sort((a, b) => (Number(a.entry.pos) || 0) - (Number(b.entry.pos) || 0) || a.at - b.at);
  const seen = new Set<string>();
  const images: AdminImageEntry[] = [];
  for (const { entry } of ordered) {
    if (seen.has(entry.image)) continue;
    seen.add(entry.image);
    images.push({ path: entry.image, alt: typeof entry.lab === 'string' && entry.lab.trim() ? entry.lab.trim() : null });
  }
  if (main !== null && !seen.has(main)) images.unshift({ path: main, alt: null });
  return images;
}

/**
 * Writes a patch's pictures into `doc`: the gallery in the patch's order (other media, videos,
 * kept after it), the main picture in every image role. Without `image` the main picture stays
 * while listed, else the first picture becomes it; no pictures, no roles.
 */
export function writeImages(doc: ProductDoc, patch: Pick<ProductPatch, 'images' | 'image'>): void {
  const images = patch.images ?? galleryOf(doc);
  const current = mainImageOf(doc);
  const main = patch.image !== undefined ? patch.image : current !== null && images.some((i) => i.path === current) ? current : (images[0]?.path ?? null);
  const others = (Array.isArray(doc.media_gallery) ? doc.media_gallery : []).filter((entry) => entry && (entry.typ ?? 'image') !== 'image');
  doc.media_gallery = [...images.map((image, pos): MediaGalleryEntry => ({ image: image.path, pos, typ: 'image', lab: image.alt, vid: null })), ...others];
  for (const role of ROLES) {
    if (main === null) delete doc[role];
    else doc[role] = main;
  }
}

/** What is wrong with a patch's pictures against the product's gallery before it: a picture twice, a main picture not listed or missing. */
export function galleryProblems(patch: Pick<ProductPatch, 'images' | 'image'>, before: readonly AdminImageEntry[]): { field: string; message: string }[] {
  if (patch.images === undefined && patch.image === undefined) return [];
  const problems: { field: string; message: string }[] = [];
  const images = patch.images ?? before;
  const seen = new Set<string>();
  for (const { path } of images) {
    if (seen.has(path)) problems.push({ field: 'images', message: M.duplicate.replace('{path}', path) });
    seen.add(path);
  }
  if (patch.image !== undefined && patch.image !== null && !seen.has(patch.image)) problems.push({ field: 'image', message: M.mainNotListed.replace('{path}', patch.image) });
  if (patch.image === null && images.length > 0) problems.push({ field: 'image', message: M.mainRequired });
  return problems;
}

/** The pictures a patch adds to the gallery: each must be an upload the shop stores (or the edit is refused). */
export function addedImages(patch: Pick<ProductPatch, 'images' | 'image'>, before: readonly AdminImageEntry[]): string[] {
  const had = new Set(before.map((image) => image.path));
  return [...new Set((patch.images ?? []).map((image) => image.path).filter((path) => !had.has(path)))];
}

/** An upload's content hash from its path, or null for any other picture. */
export function uploadHash(path: string): string | null {
  return UPLOAD_IMAGE_PATH.exec(path)?.[1] ?? null;
}
