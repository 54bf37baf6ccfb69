/** Formatting shared by every generator: URL keys, VSF date strings and euro amounts. */

export const DAY_MS = 86_400_000;

/** 'Coltello da cuoco 20 cm' → 'coltello-da-cuoco-20-cm'; accents and ø folded so keys stay ASCII. */
export function slugify(text: string): string {
  // normalize() is slow and most names are plain ASCII.
  const folded = /[^\x00-\x7f]/.test(text) ? text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/ø/gi, 'o') : text;
  return folded
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** VSF's 'YYYY-MM-DD HH:mm:ss' (UTC). */
export function formatDateTime(ms: number): string {
  const d = new Date(ms);
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}

export function formatDate(ms: number): string {
  return formatDateTime(ms).slice(0, 10);
}

/** Rounds to cents. */
export function euro(amount: number): number {
  return Math.round(amount * 100) / 100;
}

/** A shelf price as shops write it: 24.90, 1239.90; small amounts keep their cents. */
export function shelfPrice(amount: number): number {
  if (amount < 5) return euro(amount);
  if (amount < 1000) return euro(Math.ceil(amount) - 0.1);
  return euro(Math.round(amount / 10) * 10 - 0.1);
}
