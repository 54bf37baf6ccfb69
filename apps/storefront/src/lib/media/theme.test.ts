import { describe, expect, it } from 'vitest';
import { renderImageSvg } from './draw.ts';
import { DEPARTMENTS, PLACEHOLDER_IMAGE, SHAPES, hashString, isValidImagePath, mediaSrc, pickImageTheme } from './theme.ts';

describe('pickImageTheme', () => {
  it('draws each demo department with its own silhouette and colours', () => {
    expect(pickImageTheme(['demo', 'coltelli', '01.jpg']).shape).toBe('knife');
    expect(pickImageTheme(['demo', 'guanti', '01.jpg']).shape).toBe('glove');
    expect(pickImageTheme(['demo', 'stivali', '01.jpg']).shape).toBe('boot');
    expect(pickImageTheme(['demo', 'bilance', '01.jpg']).shape).toBe('scale');
    expect(pickImageTheme(['demo', 'termometri', '01.jpg']).shape).toBe('thermometer');
    expect(pickImageTheme(['demo', 'tritacarne', '01.jpg']).shape).toBe('grinder');
    expect(pickImageTheme(['demo', 'macchine-sottovuoto', '01.jpg']).shape).toBe('vacuum');
    expect(pickImageTheme(['demo', 'refrigerazione', '01.jpg']).shape).toBe('fridge');
    expect(pickImageTheme(['demo', 'tavoli-inox', '01.jpg']).shape).toBe('table');
    expect(pickImageTheme(['demo', 'pentolame', '01.jpg']).shape).toBe('pot');
    expect(pickImageTheme(['demo', 'detergenti', '01.jpg']).shape).toBe('bottle');
    const backgrounds = Object.keys(DEPARTMENTS).map((key) => pickImageTheme(['demo', key, '00.jpg']).background);
    expect(new Set(backgrounds).size).toBe(backgrounds.length);
  });

  it('varies the picture with the image number', () => {
    const themes = Array.from({ length: 12 }, (_, n) => pickImageTheme(['demo', 'coltelli', `${String(n).padStart(2, '0')}.jpg`]));
    const looks = new Set(themes.map((t) => `${t.background}|${t.accent}|${t.rotation}|${t.scale}`));
    expect(looks.size).toBe(themes.length);
    for (const theme of themes) {
      expect(theme.rotation).toBeGreaterThanOrEqual(-15);
      expect(theme.rotation).toBeLessThanOrEqual(15);
      expect(theme.scale).toBeGreaterThanOrEqual(0.85);
      expect(theme.scale).toBeLessThanOrEqual(1.1);
    }
  });

  it('is deterministic', () => {
    expect(pickImageTheme(['demo', 'guanti', '07.jpg'])).toEqual(pickImageTheme(['demo', 'guanti', '07.jpg']));
    expect(pickImageTheme(['u', 'g', 'ug05-gr-0.jpg'])).toEqual(pickImageTheme(['u', 'g', 'ug05-gr-0.jpg']));
  });

  it('gives other paths a neutral placeholder varied by a hash', () => {
    const a = pickImageTheme(['u', 'g', 'ug05-gr-0.jpg']);
    expect(a.shape).toBe('picture');
    expect(a.department).toBeNull();
    const many = Array.from({ length: 20 }, (_, i) => pickImageTheme(['x', `${i}.jpg`]));
    expect(new Set(many.map((t) => `${t.background}|${t.accent}|${t.rotation}`)).size).toBeGreaterThan(5);
  });

  it('draws unknown demo departments as a box', () => {
    expect(pickImageTheme(['demo', 'ricambi', '03.jpg'])).toMatchObject({ shape: 'box', department: 'ricambi' });
  });
});

describe('isValidImagePath', () => {
  it('accepts catalogue image paths', () => {
    expect(isValidImagePath(['demo', 'coltelli', '01.jpg'])).toBe(true);
    expect(isValidImagePath(['u', 'g', 'ug05-gr-0.jpg'])).toBe(true);
  });
  it('refuses empty, traversal, odd characters and deep paths', () => {
    expect(isValidImagePath([])).toBe(false);
    expect(isValidImagePath(['..', 'etc'])).toBe(false);
    expect(isValidImagePath(['a b.jpg'])).toBe(false);
    expect(isValidImagePath(['<svg>'])).toBe(false);
    expect(isValidImagePath(Array.from({ length: 9 }, () => 'a'))).toBe(false);
  });
});

describe('hashString', () => {
  it('is the 32-bit FNV-1a hash', () => {
    expect(hashString('')).toBe(0x811c9dc5);
    expect(hashString('a')).toBe(0xe40c292c);
  });
});

describe('renderImageSvg', () => {
  it('draws every shape as a text-free SVG of the requested size', () => {
    for (const shape of SHAPES) {
      const svg = renderImageSvg({ ...pickImageTheme(['demo', 'coltelli', '01.jpg']), shape }, 500);
      expect(svg).toMatch(/^<svg [^>]*width="500" height="500"/);
      expect(svg).not.toMatch(/<text|font/);
      expect(svg.endsWith('</svg>')).toBe(true);
    }
  });
});

describe('mediaSrc', () => {
  it('serves catalogue images under /media', () => {
    expect(mediaSrc('/demo/coltelli/07.jpg')).toBe('/media/demo/coltelli/07.jpg');
    expect(mediaSrc('u/g/ug05-gr-0.jpg')).toBe('/media/u/g/ug05-gr-0.jpg');
  });
  it('uses the placeholder for missing or odd images', () => {
    expect(mediaSrc(undefined)).toBe(PLACEHOLDER_IMAGE);
    expect(mediaSrc('')).toBe(PLACEHOLDER_IMAGE);
    expect(mediaSrc('no_selection')).toBe(PLACEHOLDER_IMAGE);
    expect(mediaSrc('/a b/c.jpg')).toBe(PLACEHOLDER_IMAGE);
    expect(mediaSrc('/../x.jpg')).toBe(PLACEHOLDER_IMAGE);
  });
});
