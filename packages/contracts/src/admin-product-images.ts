import { z } from 'zod';
import { cacheInvalidationOutcome } from './catalog-import.ts';
import { text } from './strings.ts';

/**
 * A product's pictures in the back office (issue #45 point 1, ADR 0036): uploads, their order,
 * the main picture and each one's alternative text. A picture is named by its catalogue path, as
 * VSF documents name them (`/demo/coltelli/07.jpg`); an upload's path is `/upload/<sha256>.<ext>`,
 * which the shop serves at `/media/upload/…` and resizes for pages like every other picture.
 */
export const ADMIN_IMAGE_MESSAGES = {
  // An upload: the bytes are judged, never the name or the declared type.
  empty: 'Il file è vuoto: scegli un’immagine JPEG, PNG o WebP.',
  tooLarge: 'Il file supera i 10 MB: riduci l’immagine e riprova.',
  notImage: 'Il file non è un’immagine JPEG, PNG o WebP: scegli una foto salvata in uno di questi formati.',
  format: 'Le immagini {format} non sono ammesse: carica un’immagine JPEG, PNG o WebP.',
  damaged: 'L’immagine è danneggiata o incompleta: salvala di nuovo e riprova.',
  tooSmall: 'L’immagine è troppo piccola ({width} × {height} px): servono almeno {min} px per lato.',
  tooBig: 'L’immagine è troppo grande ({width} × {height} px): al massimo {max} px per lato e {megapixels} milioni di pixel.',
  tooMany: 'images: il prodotto ha già {max} immagini, il massimo: rimuovine una prima di caricarne un’altra.',
  // Zod messages: the answer names the field before them.
  path: 'il percorso di un’immagine è quello del catalogo, per esempio /upload/<impronta>.jpg.',
  alt: 'il testo alternativo può avere al massimo 255 caratteri, oppure null.',
  list: 'le immagini sono un elenco di al massimo 50, ciascuna con path e alt.',
  // Checked with the product: each names its field.
  duplicate: 'images: l’immagine «{path}» compare più volte.',
  unknown: 'images: l’immagine «{path}» non è del prodotto e non è stata caricata.',
  mainNotListed: 'image: l’immagine principale «{path}» non è tra le immagini del prodotto.',
  mainRequired: 'image: scegli l’immagine principale tra le immagini del prodotto.',
  notFound: 'Immagine non trovata.',
} as const;
const M = ADMIN_IMAGE_MESSAGES;

/** The largest file an upload takes (10 MiB; the storefront's proxy passes up to that much). */
export const MAX_IMAGE_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Pictures one product may have. */
export const MAX_PRODUCT_IMAGES = 50;
/** The media types an upload may be; the bytes decide. */
export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The file extension of each stored type. */
export const IMAGE_EXTENSION = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const satisfies Record<(typeof IMAGE_UPLOAD_TYPES)[number], string>;

/** An uploaded picture's path: `/upload/<sha256 of its stored bytes>.<jpg|png|webp>`. */
export const UPLOAD_IMAGE_PATH = /^\/upload\/([0-9a-f]{64})\.(jpg|png|webp)$/;
export const uploadImagePath = (hash: string, mimeType: keyof typeof IMAGE_EXTENSION) => `/upload/${hash}.${IMAGE_EXTENSION[mimeType]}`;

/** A catalogue picture's path as the shop draws it (1–8 segments of letters, digits, '.', '_', '-'; never '.' or '..'). */
export const imagePath = text({ error: M.path })
  .regex(/^\/?[\w.-]{1,120}(?:\/[\w.-]{1,120}){0,7}$/, M.path)
  .refine((path) => path.split('/').every((segment) => segment !== '.' && segment !== '..'), M.path);

/** One picture of a product as the seller orders it: its path and alternative text (blank: none). */
export const adminImageEntry = z.strictObject(
  {
    path: imagePath,
    alt: text({ error: M.alt })
      .max(255, M.alt)
      .nullable()
      .default(null)
      .transform((alt) => (alt?.trim() ? alt.trim() : null)),
  },
  { error: M.list },
);
export type AdminImageEntry = z.infer<typeof adminImageEntry>;

/**
 * The picture fields of a product edit (`PATCH /api/admin/products/:sku` and
 * `PATCH /api/admin/products/:sku/images`): `images` the whole gallery in its order (a picture left
 * out is removed), `image` the main one (one of them; it becomes the document's image, small_image
 * and thumbnail). Left out, the main picture stays if still listed, else the first one becomes it.
 */
export const productImageFields = {
  images: z.array(adminImageEntry, { error: M.list }).max(MAX_PRODUCT_IMAGES, M.list),
  image: imagePath.nullable(),
};

/** PATCH /api/admin/products/:sku/images. */
export const adminProductImagesPatch = z.strictObject(productImageFields, { error: M.list }).partial();
export type AdminProductImagesPatch = z.infer<typeof adminProductImagesPatch>;

/** POST /api/admin/products/:sku/images?alt=…: the picture's bytes are the body. */
export const adminImageUploadQuery = z.object({ alt: text({ error: M.alt }).max(255, M.alt).optional() });

export const adminProductImage = z
  .object({
    path: z.string(),
    alt: z.string().nullable(),
    main: z.boolean(),
    /** Where the shop serves it (`/media` + path); pages load it resized through the image optimiser. */
    src: z.string(),
    /** An uploaded picture's stored form; null for a catalogue picture from an import. */
    upload: z.object({ mimeType: z.string(), width: z.number().int(), height: z.number().int(), byteSize: z.number().int() }).nullable(),
  })
  .meta({ id: 'AdminProductImage' });
export type AdminProductImage = z.infer<typeof adminProductImage>;

/** GET /api/admin/products/:sku/images: the product's pictures in order, the main one marked. */
export const adminProductImages = z
  .object({ sku: z.string(), name: z.string(), images: z.array(adminProductImage) })
  .meta({ id: 'AdminProductImages' });
export type AdminProductImages = z.infer<typeof adminProductImages>;

/** An upload's or an edit's answer: the pictures now, what changed, the cache invalidation's outcome; an upload names its picture. */
export const adminProductImagesWrite = adminProductImages
  .extend({ changed: z.array(z.string()), cache: cacheInvalidationOutcome, uploaded: z.string().optional() })
  .meta({ id: 'AdminProductImagesWrite' });
export type AdminProductImagesWrite = z.infer<typeof adminProductImagesWrite>;
