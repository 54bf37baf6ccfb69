/** SERVER: the texts the product page's client islands show, looked up once on the server. */
import { t } from '@/i18n/index.ts';
import { GALLERY_TEXTS, PURCHASE_TEXTS, type GalleryTexts, type PurchaseTexts } from './text-keys.ts';

function lookUp<K extends string>(keys: Readonly<Record<K, Parameters<typeof t>[0]>>): Record<K, string> {
  return Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, t(key as Parameters<typeof t>[0])])) as Record<K, string>;
}

export function purchaseTexts(): PurchaseTexts {
  return lookUp(PURCHASE_TEXTS);
}

export function galleryTexts(): GalleryTexts {
  return lookUp(GALLERY_TEXTS);
}
