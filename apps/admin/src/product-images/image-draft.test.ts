import type { AdminProductImage } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { draftOf, isChanged, move, patchOf, remove, setAlt, setMain, thumbnailSrc, withUploaded } from './image-draft.ts';

const image = (path: string, main = false, alt: string | null = null): AdminProductImage => ({ path, alt, main, src: `/media${path}`, upload: null });
const answer = (...images: AdminProductImage[]) => ({ sku: 'S', name: 'Tegame', images });
const paths = (draft: { images: { path: string }[] }) => draft.images.map((i) => i.path);

describe('the image draft', () => {
  const saved = draftOf(answer(image('/a.jpg', true, 'Fronte'), image('/b.jpg'), image('/c.jpg')));

  it('moves a picture up and down, not past the ends', () => {
    expect(paths(move(saved, 2, -1))).toEqual(['/a.jpg', '/c.jpg', '/b.jpg']);
    expect(paths(move(saved, 0, 1))).toEqual(['/b.jpg', '/a.jpg', '/c.jpg']);
    expect(move(saved, 0, -1)).toBe(saved);
    expect(move(saved, 2, 1)).toBe(saved);
  });

  it('chooses the main picture, sets alternative texts, and saves them trimmed, blank as none', () => {
    const draft = setAlt(setAlt(setMain(saved, '/c.jpg'), '/b.jpg', '  Di lato '), '/a.jpg', '   ');
    expect(patchOf(draft)).toEqual({ images: [{ path: '/a.jpg', alt: null }, { path: '/b.jpg', alt: 'Di lato' }, { path: '/c.jpg', alt: null }], image: '/c.jpg' });
    expect(setMain(saved, '/z.jpg')).toBe(saved);
    expect(isChanged(draft, saved)).toBe(true);
    expect(isChanged(setAlt(saved, '/a.jpg', 'Fronte '), saved)).toBe(false);
  });

  it('removing the main picture makes the first left main; removing all leaves none', () => {
    const without = remove(saved, '/a.jpg');
    expect([paths(without), without.main]).toEqual([['/b.jpg', '/c.jpg'], '/b.jpg']);
    expect(remove(remove(without, '/b.jpg'), '/c.jpg')).toEqual({ images: [], main: null });
  });

  it('an upload joins the draft at the end without undoing unsaved changes', () => {
    const arranged = move(setAlt(saved, '/b.jpg', 'Nuovo testo'), 1, -1);
    const next = withUploaded(arranged, answer(image('/a.jpg', true), image('/b.jpg'), image('/c.jpg'), image('/upload/x.webp')));
    expect(paths(next)).toEqual(['/b.jpg', '/a.jpg', '/c.jpg', '/upload/x.webp']);
    expect(next.images[0]!.alt).toBe('Nuovo testo');
    expect(withUploaded({ images: [], main: null }, answer(image('/upload/x.webp', true))).main).toBe('/upload/x.webp');
  });

  it('thumbnails come from the shop’s image optimiser', () => {
    expect(thumbnailSrc('/media/upload/ab.jpg')).toBe('/_next/image?url=%2Fmedia%2Fupload%2Fab.jpg&w=128&q=75');
  });
});
