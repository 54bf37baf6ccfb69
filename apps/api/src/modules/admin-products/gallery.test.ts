import { ADMIN_IMAGE_MESSAGES as M, MAX_PRODUCT_IMAGES } from '@shop/contracts';
import type { ProductDoc } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { EditRefused } from './edits.ts';
import { addedImages, galleryOf, galleryProblems, uploadHash, writeImages } from './gallery.ts';
import { appendUpload } from './images.ts';

const UP = `/upload/${'c'.repeat(64)}.webp`;
const doc = (extra: Partial<ProductDoc> = {}): ProductDoc => ({ id: 1, sku: 'S', name: 'Coltello', type_id: 'simple', status: 1, visibility: 4, price: 10, ...extra });

describe('galleryOf', () => {
  it('orders by position, lists each picture once with its alternative text, puts a main picture the gallery lacks first', () => {
    const imported = doc({
      image: '/m/h/main.jpg',
      media_gallery: [
        { image: '/m/h/b.jpg', pos: 2, typ: 'image', lab: '  Di lato ' },
        { image: '/m/h/a.jpg', pos: 1, typ: 'image', lab: '' },
        { image: '/m/h/a.jpg', pos: 3, typ: 'image', lab: 'doppione' },
        { image: '/m/h/video.jpg', pos: 0, typ: 'external-video', lab: null, vid: { url: 'https://example.com/v' } },
      ],
    });
    expect(galleryOf(imported)).toEqual([
      { path: '/m/h/main.jpg', alt: null },
      { path: '/m/h/a.jpg', alt: null },
      { path: '/m/h/b.jpg', alt: 'Di lato' },
    ]);
    expect(galleryOf(doc({ image: 'no_selection' }))).toEqual([]);
    expect(galleryOf(doc({ image: '/u/g/ug05-gr-0.jpg' }))).toEqual([{ path: '/u/g/ug05-gr-0.jpg', alt: null }]);
  });
});

describe('writeImages', () => {
  it('writes the gallery in order after which other media stay, and the main picture in every image role', () => {
    const d = doc({ image: '/a.jpg', small_image: '/a.jpg', thumbnail: '/a.jpg', media_gallery: [{ image: '/a.jpg', pos: 0, typ: 'image' }, { image: '/v.jpg', pos: 1, typ: 'external-video', vid: {} }] });
    writeImages(d, { images: [{ path: UP, alt: 'Nuova' }, { path: '/a.jpg', alt: null }], image: UP });
    expect(d.media_gallery).toEqual([
      { image: UP, pos: 0, typ: 'image', lab: 'Nuova', vid: null },
      { image: '/a.jpg', pos: 1, typ: 'image', lab: null, vid: null },
      { image: '/v.jpg', pos: 1, typ: 'external-video', vid: {} },
    ]);
    expect([d.image, d.small_image, d.thumbnail]).toEqual([UP, UP, UP]);
  });

  it('keeps the main picture while listed, else takes the first; no pictures, no roles', () => {
    const d = doc({ image: '/a.jpg', media_gallery: [{ image: '/a.jpg', pos: 0 }, { image: '/b.jpg', pos: 1 }] });
    writeImages(d, { images: [{ path: '/b.jpg', alt: null }, { path: '/a.jpg', alt: null }] });
    expect(d.image).toBe('/a.jpg');
    writeImages(d, { images: [{ path: '/b.jpg', alt: null }] });
    expect(d.image).toBe('/b.jpg');
    writeImages(d, { images: [] });
    expect(['image', 'small_image', 'thumbnail'].filter((role) => role in d)).toEqual([]);
  });
});

describe('galleryProblems and addedImages', () => {
  const before = [{ path: '/a.jpg', alt: null }];
  it('names a picture twice, a main picture not listed, a missing main picture', () => {
    expect(galleryProblems({ images: [{ path: '/a.jpg', alt: null }, { path: '/a.jpg', alt: 'x' }] }, before)).toEqual([{ field: 'images', message: M.duplicate.replace('{path}', '/a.jpg') }]);
    expect(galleryProblems({ image: '/b.jpg' }, before)).toEqual([{ field: 'image', message: M.mainNotListed.replace('{path}', '/b.jpg') }]);
    expect(galleryProblems({ image: null }, before)).toEqual([{ field: 'image', message: M.mainRequired }]);
    expect(galleryProblems({ images: [], image: null }, before)).toEqual([]);
    expect(galleryProblems({}, before)).toEqual([]);
  });
  it('lists only pictures the product did not have', () => {
    expect(addedImages({ images: [{ path: '/a.jpg', alt: 'x' }, { path: UP, alt: null }] }, before)).toEqual([UP]);
    expect(addedImages({ image: '/a.jpg' }, before)).toEqual([]);
    expect([uploadHash(UP), uploadHash('/demo/a/1.jpg')]).toEqual(['c'.repeat(64), null]);
  });
});

describe('appendUpload', () => {
  it('adds at the end, once; the same picture again only changes its alternative text; a full gallery refuses', () => {
    expect(appendUpload({ images: [{ path: '/a.jpg', alt: null }] }, UP, null)).toEqual({ images: [{ path: '/a.jpg', alt: null }, { path: UP, alt: null }] });
    expect(appendUpload({ images: [{ path: UP, alt: 'Vecchio' }] }, UP, null)).toEqual({ images: [{ path: UP, alt: 'Vecchio' }] });
    expect(appendUpload({ images: [{ path: UP, alt: 'Vecchio' }] }, UP, 'Nuovo')).toEqual({ images: [{ path: UP, alt: 'Nuovo' }] });
    const full = Array.from({ length: MAX_PRODUCT_IMAGES }, (_, i) => ({ path: `/p/${i}.jpg`, alt: null }));
    expect(() => appendUpload({ images: full }, UP, null)).toThrow(new EditRefused('images', M.tooMany.replace('{max}', String(MAX_PRODUCT_IMAGES))));
  });
});
