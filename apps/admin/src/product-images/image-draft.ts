import type { AdminProductImage, AdminProductImages, AdminProductImagesPatch } from '@shop/contracts';

/**
 * The gallery as the seller rearranges it before saving (pure): order, main picture, alternative
 * texts and removals are made here and sent as one edit (PATCH …/images); an upload is written at
 * once and joins the draft without undoing what was not saved yet.
 */
export interface DraftImage extends Omit<AdminProductImage, 'alt' | 'main'> {
  /** As typed; blank means none. */
  alt: string;
}

export interface ImageDraft {
  images: DraftImage[];
  main: string | null;
}

const toDraftImage = ({ alt, main: _main, ...image }: AdminProductImage): DraftImage => ({ ...image, alt: alt ?? '' });

export function draftOf(answer: AdminProductImages): ImageDraft {
  return { images: answer.images.map(toDraftImage), main: answer.images.find((image) => image.main)?.path ?? null };
}

/** The picture at `index` one place up (-1) or down (+1); at an end, nothing moves. */
export function move(draft: ImageDraft, index: number, delta: -1 | 1): ImageDraft {
  const to = index + delta;
  if (index < 0 || to < 0 || to >= draft.images.length) return draft;
  const images = [...draft.images];
  [images[index], images[to]] = [images[to]!, images[index]!];
  return { ...draft, images };
}

export function setMain(draft: ImageDraft, path: string): ImageDraft {
  return draft.images.some((image) => image.path === path) ? { ...draft, main: path } : draft;
}

export function setAlt(draft: ImageDraft, path: string, alt: string): ImageDraft {
  return { ...draft, images: draft.images.map((image) => (image.path === path ? { ...image, alt } : image)) };
}

/** Without the picture; the main one removed, the first left becomes main (as the shop would decide). */
export function remove(draft: ImageDraft, path: string): ImageDraft {
  const images = draft.images.filter((image) => image.path !== path);
  return { images, main: draft.main === path || draft.main === null ? (images[0]?.path ?? null) : draft.main };
}

/** After an upload: the pictures the answer has and the draft lacks, at the end; the main one the answer chose if the draft had none. */
export function withUploaded(draft: ImageDraft, answer: AdminProductImages): ImageDraft {
  const known = new Set(draft.images.map((image) => image.path));
  const added = answer.images.filter((image) => !known.has(image.path)).map(toDraftImage);
  const images = [...draft.images, ...added];
  return { images, main: draft.main ?? answer.images.find((image) => image.main)?.path ?? images[0]?.path ?? null };
}

/** The edit that saves the draft. */
export function patchOf(draft: ImageDraft): Required<AdminProductImagesPatch> {
  return { images: draft.images.map((image) => ({ path: image.path, alt: image.alt.trim() || null })), image: draft.main };
}

/** Whether saving would change anything. */
export function isChanged(draft: ImageDraft, saved: ImageDraft): boolean {
  return JSON.stringify(patchOf(draft)) !== JSON.stringify(patchOf(saved));
}

/** The picture as the shop's image optimiser serves it at `width` px (next/image: one of its sizes, 75 % quality). */
export function thumbnailSrc(src: string, width: 128 | 256 = 128): string {
  return `/_next/image?url=${encodeURIComponent(src)}&w=${width}&q=75`;
}
