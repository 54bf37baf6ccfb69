/**
 * The widths the shop draws its pictures at, in pixels: the storefront's next/image optimiser
 * (apps/storefront/next.config.ts, `imageSizes` for pictures narrower than the screen, then
 * `deviceSizes`) and the API's `/img/` route for Vue Storefront 1 PWAs (modules/vsf-images), which
 * snaps any width asked to the next of these. Fewer than Next's defaults: shorter srcset
 * attributes on pages with many tiles (246 px, spec §9) while covering 1x–3x screens; no picture
 * of the shop is shown wider than 453 px (the gallery, spec §9). No imports: next.config.ts reads
 * this file directly.
 */
export const IMAGE_SIZES = [128, 256, 384] as const;
export const DEVICE_SIZES = [640, 828, 1080] as const;
