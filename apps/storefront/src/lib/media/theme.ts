/**
 * Chooses how a product image path is drawn. Demo products have images at
 * `/demo/{topCategoryUrlKey}/{nn}.jpg`: they get the department's silhouette on its colour,
 * varied by nn. Any other path (imported data such as `/u/g/ug05-gr-0.jpg`) gets a neutral
 * placeholder varied by a hash of the path. Pure and deterministic: the same path always gives
 * the same picture.
 */

export const SHAPES = [
  'knife',
  'glove',
  'boot',
  'scale',
  'thermometer',
  'grinder',
  'vacuum',
  'fridge',
  'table',
  'pot',
  'bottle',
  'box',
  'picture',
] as const;
export type Shape = (typeof SHAPES)[number];

interface Department {
  shape: Shape;
  /** Background tints, light enough for the dark outline of the object. */
  backgrounds: readonly string[];
  /** Colours of the object's main part (handle, glove, boot, label…). */
  accents: readonly string[];
}

const STEEL_ACCENTS = ['#9aa5b1', '#7b8794', '#b6c0ca'];

/** Top categories of the demo catalogue by url key. */
export const DEPARTMENTS: Readonly<Record<string, Department>> = {
  coltelli: { shape: 'knife', backgrounds: ['#dbe7f3', '#cfe0f0', '#e6eef7'], accents: ['#1f2933', '#c62828', '#1565c0', '#2e7d32', '#f9a825', '#f5f5f5', '#6d4c41'] },
  guanti: { shape: 'glove', backgrounds: ['#e3f1e6', '#d6ebdb', '#edf6ef'], accents: ['#2f6fd0', '#1f2933', '#7e57c2', '#00897b', '#f5f5f5'] },
  stivali: { shape: 'boot', backgrounds: ['#f4ead9', '#efe0c8', '#f8f1e6'], accents: ['#f5f5f5', '#1f2933', '#2e7d32', '#1565c0', '#f9a825'] },
  bilance: { shape: 'scale', backgrounds: ['#ece4f4', '#e2d6ef', '#f3eef8'], accents: STEEL_ACCENTS },
  termometri: { shape: 'thermometer', backgrounds: ['#fbe3e1', '#f8d4d0', '#fdeeec'], accents: ['#c62828', '#1565c0', '#f9a825', '#2e7d32'] },
  tritacarne: { shape: 'grinder', backgrounds: ['#f5e6d3', '#f0dbc0', '#f9efe3'], accents: STEEL_ACCENTS },
  'macchine-sottovuoto': { shape: 'vacuum', backgrounds: ['#dff1f1', '#cfe9e9', '#eaf6f6'], accents: STEEL_ACCENTS },
  refrigerazione: { shape: 'fridge', backgrounds: ['#e0ecfa', '#d2e3f7', '#eaf2fc'], accents: STEEL_ACCENTS },
  'tavoli-inox': { shape: 'table', backgrounds: ['#e4e7eb', '#d9dde2', '#eef0f2'], accents: STEEL_ACCENTS },
  pentolame: { shape: 'pot', backgrounds: ['#fdf0d5', '#fbe7bd', '#fef6e6'], accents: ['#9aa5b1', '#b87333', '#1f2933'] },
  detergenti: { shape: 'bottle', backgrounds: ['#e6f4fb', '#d5ecf8', '#f0f8fc'], accents: ['#1565c0', '#2e7d32', '#f9a825', '#c62828', '#7e57c2'] },
};

const NEUTRAL_BACKGROUNDS = ['#eef0f2', '#e4e7eb', '#f3f4f6', '#e9ecef'];
const NEUTRAL_ACCENTS = ['#9aa5b1', '#7b8794', '#616e7c'];

export interface ImageTheme {
  shape: Shape;
  background: string;
  accent: string;
  /** Tilt of the object in degrees (-15…15). */
  rotation: number;
  /** Size of the object relative to the frame (0.85…1.1). */
  scale: number;
  /** Seed of the decoration (bubbles in the background). */
  seed: number;
  /** The department url key, or null for a placeholder. */
  department: string | null;
}

/** FNV-1a, 32 bit: a small stable hash for picking variations. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function pick<T>(list: readonly T[], n: number): T {
  return list[n % list.length]!;
}

/** The image number of a demo file name ("07.jpg" → 7), else a hash of the name. */
function variantNumber(fileName: string | undefined): number {
  const digits = /^(\d{1,6})(?:\.[a-z0-9]+)?$/i.exec(fileName ?? '');
  return digits ? Number(digits[1]) : hashString(fileName ?? '');
}

function varied(shape: Shape, background: string, accent: string, n: number, department: string | null): ImageTheme {
  return {
    shape,
    background,
    accent,
    rotation: ((n * 7) % 31) - 15,
    scale: 0.85 + ((n * 13) % 26) / 100,
    seed: hashString(`${department ?? ''}:${n}`),
    department,
  };
}

/** The theme of the image at `segments` (the path under /media, split on '/'). */
export function pickImageTheme(segments: readonly string[]): ImageTheme {
  const [first, second, third] = segments;
  if (first === 'demo' && second !== undefined && segments.length === 3) {
    const department = DEPARTMENTS[second];
    const n = variantNumber(third);
    if (department) {
      // Background and accent move at different strides, so neighbouring numbers look different.
      return varied(department.shape, pick(department.backgrounds, n), pick(department.accents, Math.floor(n / 3) + n), n, second);
    }
    const h = hashString(second);
    return varied('box', pick(NEUTRAL_BACKGROUNDS, h), '#c8a26b', n, second);
  }
  const h = hashString(segments.join('/'));
  return varied('picture', pick(NEUTRAL_BACKGROUNDS, h), pick(NEUTRAL_ACCENTS, h >>> 3), h, null);
}

/** True for a path that may be drawn: 1–8 segments of letters, digits, '.', '_' or '-'. */
export function isValidImagePath(segments: readonly string[]): boolean {
  return (
    segments.length >= 1 &&
    segments.length <= 8 &&
    segments.every((s) => /^[\w.-]{1,120}$/.test(s) && s !== '.' && s !== '..')
  );
}

/** Placeholder picture for products without an image. */
export const PLACEHOLDER_IMAGE = '/media/placeholder.png';

/**
 * The `src` of a catalogue image path for next/image: `/media{image}`. Missing images
 * (`no_selection` in Magento data) and paths the route would refuse get the placeholder.
 */
export function mediaSrc(image: string | null | undefined): string {
  if (!image || image === 'no_selection') return PLACEHOLDER_IMAGE;
  const path = image.startsWith('/') ? image : `/${image}`;
  return isValidImagePath(path.slice(1).split('/')) ? `/media${path}` : PLACEHOLDER_IMAGE;
}
