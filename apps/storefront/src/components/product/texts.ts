/** SERVER: the texts the product page's client islands show, looked up once on the server. */
import { lookUpTexts } from '@/i18n/index.ts';
import { GALLERY_TEXTS, PURCHASE_TEXTS, type GalleryTexts, type PurchaseTexts } from './text-keys.ts';

export function purchaseTexts(): PurchaseTexts {
  return lookUpTexts(PURCHASE_TEXTS);
}

export function galleryTexts(): GalleryTexts {
  return lookUpTexts(GALLERY_TEXTS);
}
