import type { CategoryDoc, ProductDoc } from './catalog/types.ts';

// Letters that Unicode does not decompose into a base letter plus accent.
const LETTERS: Record<string, string> = {
  Ø: 'O', ø: 'o', Æ: 'AE', æ: 'ae', Œ: 'OE', œ: 'oe', ß: 'ss', Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ð: 'D', ð: 'd', Þ: 'TH', þ: 'th',
};

function removeAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ØøÆæŒœßŁłĐđÐðÞþ]/g, (letter) => LETTERS[letter] ?? letter);
}

/**
 * VSF slugify: accents removed, lower case, whitespace runs to '-', '&' to 'and', other
 * non-word characters dropped, repeated '-' collapsed. Ends are not trimmed ("  Teglia  " → "-teglia-").
 */
export function slugify(text: string): string {
  return removeAccents(text)
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/&/g, '-and-')
    .replace(/[^\w-]+/g, '')
    .replace(/--+/g, '-');
}

/** A product's URL slug: `slug`, else `url_key`, else slugify(name) + '-' + id. */
export function productSlug(doc: Pick<ProductDoc, 'slug' | 'url_key' | 'name' | 'id'>): string {
  return doc.slug || doc.url_key || `${slugify(doc.name)}-${doc.id}`;
}

/** A category's URL slug, by the same rule as products. */
export function categorySlug(doc: Pick<CategoryDoc, 'slug' | 'url_key' | 'name' | 'id'>): string {
  return doc.slug || doc.url_key || `${slugify(doc.name)}-${doc.id}`;
}
