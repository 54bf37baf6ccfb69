'use client';

/**
 * Product gallery: the 453×453 picture (catalogue.md §9), thumbnails, and a zoom dialog (native
 * <dialog>: modal, Escape closes it, focus returns to the picture; arrow keys browse). Image
 * attributes come from next/image's getImageProps on the server, so the browser loads no image
 * component code. Follows the variant the purchase island chooses.
 */
import { useEffect, useRef, useState, type ImgHTMLAttributes } from 'react';
import { VARIANT_IMAGE_EVENT } from './events.ts';
import { fill } from './fill.ts';
import type { GalleryTexts } from './text-keys.ts';
import styles from './gallery.module.css';

export type ImageAttributes = Pick<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'width' | 'height'>;

export interface GalleryImage {
  /** The catalogue image path ('/demo/coltelli/07.jpg'). */
  path: string;
  /** The seller's alternative text of this picture; else the gallery's `alt`. */
  alt?: string;
  main: ImageAttributes;
  thumb: ImageAttributes;
  zoom: ImageAttributes;
}

export interface GalleryProps {
  images: readonly GalleryImage[];
  initial: number;
  /** Alternative text of pictures without their own ("Immagine di {name}"). */
  alt: string;
  name: string;
  texts: GalleryTexts;
}

export function Gallery({ images, initial, alt, name, texts }: GalleryProps) {
  const [index, setIndex] = useState(initial);
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const closer = useRef<HTMLButtonElement>(null);
  const total = images.length;
  const current = images[index] ?? images[0];

  useEffect(() => {
    const follow = (event: Event) => {
      const found = images.findIndex((image) => image.path === (event as CustomEvent<string>).detail);
      if (found >= 0) setIndex(found);
    };
    window.addEventListener(VARIANT_IMAGE_EVENT, follow);
    return () => window.removeEventListener(VARIANT_IMAGE_EVENT, follow);
  }, [images]);

  if (!current) return null;
  const position = (n: number) => ({ n: n + 1, total });
  const step = (delta: number) => setIndex((i) => (i + delta + total) % total);
  const show = () => {
    setOpen(true);
    dialog.current?.showModal();
    closer.current?.focus();
  };
  const hide = () => dialog.current?.close();

  return (
    <div className={styles.gallery}>
      <button
        ref={opener}
        type="button"
        className={styles.main}
        onClick={show}
        aria-haspopup="dialog"
        aria-label={fill(texts.zoom, position(index))}
      >
        <img {...current.main} alt={current.alt ?? alt} className={styles.mainImage} fetchPriority="high" />
      </button>
      {total > 1 && (
        <ul className={styles.thumbs} aria-label={texts.label}>
          {images.map((image, i) => (
            <li key={image.path}>
              <button
                type="button"
                className={styles.thumb}
                aria-label={fill(texts.show, position(i))}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => setIndex(i)}
              >
                <img {...image.thumb} alt="" loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <dialog
        ref={dialog}
        className={styles.dialog}
        aria-label={fill(texts.dialog, { name })}
        onClose={() => {
          setOpen(false);
          opener.current?.focus();
        }}
        onClick={(event) => {
          if (event.target === dialog.current) hide(); // a click on the backdrop
        }}
        onKeyDown={(event) => {
          if (total > 1 && (event.key === 'ArrowRight' || event.key === 'ArrowLeft')) {
            event.preventDefault();
            step(event.key === 'ArrowRight' ? 1 : -1);
          }
        }}
      >
        <div className={styles.bar}>
          <p className={styles.position} aria-live="polite">
            {fill(texts.position, position(index))}
          </p>
          <button ref={closer} type="button" className={styles.close} onClick={hide}>
            {texts.close}
          </button>
        </div>
        <div className={styles.stage}>
          {total > 1 && (
            <button type="button" className={styles.nav} onClick={() => step(-1)} aria-label={texts.previous}>
              ‹
            </button>
          )}
          {open && <img {...current.zoom} alt={current.alt ?? alt} className={styles.zoomImage} decoding="async" />}
          {total > 1 && (
            <button type="button" className={styles.nav} onClick={() => step(1)} aria-label={texts.next}>
              ›
            </button>
          )}
        </div>
      </dialog>
    </div>
  );
}
