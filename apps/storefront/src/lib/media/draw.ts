/**
 * Draws a product picture as SVG: shapes and colours only (no text — the server has no fonts).
 * The shapes live in a 100×100 box; `renderImageSvg` scales them to the requested size.
 */
import type { ImageTheme, Shape } from './theme.ts';

const OUTLINE = '#323f4b';
const DARK = '#1f2933';
const LIGHT = '#f5f7fa';

const DEFS = `<defs>
<linearGradient id="steel" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f5f7fa"/><stop offset="0.55" stop-color="#cbd2d9"/><stop offset="1" stop-color="#9aa5b1"/></linearGradient>
<linearGradient id="shine" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.55"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></linearGradient>
</defs>`;

const stroke = `stroke="${OUTLINE}" stroke-width="1.2" stroke-linejoin="round"`;

/** One silhouette per department; `a` is the accent colour. */
const SHAPE_DRAWERS: Record<Shape, (a: string) => string> = {
  knife: (a) => `
<path d="M60 41 L14 41 Q11 41 12 43 C24 53 42 56 60 56 Z" fill="url(#steel)" ${stroke}/>
<path d="M16 43 L58 43" stroke="#ffffff" stroke-opacity="0.7" stroke-width="1"/>
<rect x="58" y="39" width="6" height="19" rx="1.5" fill="#7b8794" ${stroke}/>
<rect x="63" y="42.5" width="26" height="11" rx="4.5" fill="${a}" ${stroke}/>
<circle cx="70" cy="48" r="1.4" fill="${LIGHT}"/><circle cx="77" cy="48" r="1.4" fill="${LIGHT}"/><circle cx="84" cy="48" r="1.4" fill="${LIGHT}"/>`,

  glove: (a) => `
<rect x="36.5" y="12" width="7" height="32" rx="3.5" fill="${a}" ${stroke}/>
<rect x="44" y="8" width="7" height="36" rx="3.5" fill="${a}" ${stroke}/>
<rect x="51.5" y="10" width="7" height="34" rx="3.5" fill="${a}" ${stroke}/>
<rect x="59" y="16" width="6.5" height="28" rx="3.25" fill="${a}" ${stroke}/>
<rect x="20" y="40" width="8" height="26" rx="4" fill="${a}" transform="rotate(-38 24 53)" ${stroke}/>
<path d="M35 38 H66 V70 Q66 78 58 78 H43 Q35 78 35 70 Z" fill="${a}" ${stroke}/>
<rect x="33" y="76" width="35" height="13" rx="2" fill="${a}" ${stroke}/>
<rect x="33" y="76" width="35" height="13" rx="2" fill="#000000" fill-opacity="0.18"/>
<path d="M38 42 Q50 40 62 42" stroke="#ffffff" stroke-opacity="0.5" stroke-width="1.5" fill="none"/>`,

  boot: (a) => `
<path d="M36 12 H60 V56 Q60 62 66 63 L78 66 Q88 69 88 78 V81 H36 Z" fill="${a}" ${stroke}/>
<rect x="34" y="10" width="28" height="8" rx="2" fill="${a}" ${stroke}/>
<rect x="34" y="10" width="28" height="8" rx="2" fill="#000000" fill-opacity="0.15"/>
<rect x="34" y="80" width="56" height="7" rx="2" fill="${DARK}" ${stroke}/>
<path d="M41 20 V74" stroke="#ffffff" stroke-opacity="0.45" stroke-width="2.5" stroke-linecap="round"/>`,

  scale: (a) => `
<rect x="16" y="40" width="68" height="8" rx="3" fill="url(#steel)" ${stroke}/>
<rect x="46" y="48" width="8" height="6" fill="#7b8794" ${stroke}/>
<path d="M22 54 H78 L84 80 H16 Z" fill="${a}" ${stroke}/>
<rect x="34" y="60" width="32" height="12" rx="2" fill="${DARK}"/>
<rect x="37" y="63" width="5" height="6" rx="1" fill="#7bd389"/><rect x="44" y="63" width="5" height="6" rx="1" fill="#7bd389"/>
<rect x="51" y="63" width="5" height="6" rx="1" fill="#7bd389"/><rect x="58" y="63" width="5" height="6" rx="1" fill="#7bd389"/>
<circle cx="26" cy="74" r="2" fill="${DARK}"/><circle cx="74" cy="74" r="2" fill="${DARK}"/>`,

  thermometer: (a) => `
<rect x="48" y="44" width="4" height="40" fill="url(#steel)" ${stroke}/>
<path d="M48 84 L50 92 L52 84 Z" fill="#9aa5b1" ${stroke}/>
<rect x="30" y="10" width="40" height="36" rx="9" fill="${a}" ${stroke}/>
<rect x="36" y="16" width="28" height="14" rx="2" fill="${DARK}"/>
<rect x="40" y="20" width="4" height="6" rx="1" fill="#7bd389"/><rect x="46" y="20" width="4" height="6" rx="1" fill="#7bd389"/><rect x="52" y="20" width="4" height="6" rx="1" fill="#7bd389"/>
<circle cx="42" cy="38" r="3" fill="${LIGHT}" ${stroke}/><circle cx="58" cy="38" r="3" fill="${LIGHT}" ${stroke}/>`,

  grinder: (a) => `
<path d="M26 16 H74 L66 24 H34 Z" fill="url(#steel)" ${stroke}/>
<rect x="44" y="24" width="12" height="12" fill="url(#steel)" ${stroke}/>
<rect x="18" y="36" width="52" height="16" rx="6" fill="url(#steel)" ${stroke}/>
<circle cx="18" cy="44" r="9" fill="#cbd2d9" ${stroke}/>
<circle cx="18" cy="44" r="2" fill="${DARK}"/><circle cx="14" cy="41" r="1.2" fill="${DARK}"/><circle cx="22" cy="41" r="1.2" fill="${DARK}"/><circle cx="14" cy="47" r="1.2" fill="${DARK}"/><circle cx="22" cy="47" r="1.2" fill="${DARK}"/>
<rect x="40" y="52" width="44" height="32" rx="4" fill="${a}" ${stroke}/>
<rect x="46" y="60" width="10" height="5" rx="1.5" fill="#2e7d32"/><rect x="46" y="68" width="10" height="5" rx="1.5" fill="#c62828"/>
<rect x="38" y="84" width="48" height="4" rx="1" fill="${DARK}"/>`,

  vacuum: (a) => `
<path d="M20 50 Q20 26 50 26 Q80 26 80 50 Z" fill="#dbe7f3" fill-opacity="0.75" ${stroke}/>
<path d="M28 46 Q30 32 48 30" stroke="#ffffff" stroke-width="2" fill="none" stroke-linecap="round"/>
<rect x="16" y="50" width="68" height="32" rx="4" fill="${a}" ${stroke}/>
<rect x="22" y="56" width="56" height="6" rx="1" fill="${DARK}"/>
<rect x="24" y="68" width="20" height="8" rx="1.5" fill="${DARK}"/>
<circle cx="58" cy="72" r="3" fill="#2e7d32"/><circle cx="67" cy="72" r="3" fill="#f9a825"/><circle cx="76" cy="72" r="3" fill="#c62828"/>`,

  fridge: (a) => `
<rect x="28" y="8" width="44" height="82" rx="4" fill="${a}" ${stroke}/>
<rect x="28" y="8" width="44" height="82" rx="4" fill="url(#shine)"/>
<path d="M28 38 H72" stroke="${OUTLINE}" stroke-width="1.2"/>
<rect x="64" y="16" width="3" height="16" rx="1.5" fill="${DARK}"/>
<rect x="64" y="44" width="3" height="26" rx="1.5" fill="${DARK}"/>
<rect x="34" y="14" width="14" height="6" rx="1" fill="${DARK}"/>
<rect x="36" y="16" width="4" height="2" fill="#7bd3f0"/><rect x="42" y="16" width="4" height="2" fill="#7bd3f0"/>
<rect x="32" y="88" width="6" height="4" fill="${DARK}"/><rect x="62" y="88" width="6" height="4" fill="${DARK}"/>`,

  table: (a) => `
<rect x="10" y="32" width="80" height="8" rx="1.5" fill="url(#steel)" ${stroke}/>
<rect x="10" y="24" width="80" height="8" fill="${a}" ${stroke}/>
<rect x="15" y="40" width="5" height="46" fill="url(#steel)" ${stroke}/>
<rect x="80" y="40" width="5" height="46" fill="url(#steel)" ${stroke}/>
<rect x="13" y="64" width="74" height="5" rx="1" fill="url(#steel)" ${stroke}/>
<rect x="13" y="85" width="9" height="3" fill="${DARK}"/><rect x="78" y="85" width="9" height="3" fill="${DARK}"/>`,

  pot: (a) => `
<ellipse cx="15" cy="48" rx="7" ry="3.5" fill="${DARK}"/>
<ellipse cx="85" cy="48" rx="7" ry="3.5" fill="${DARK}"/>
<path d="M22 40 H78 V74 Q78 84 68 84 H32 Q22 84 22 74 Z" fill="${a}" ${stroke}/>
<path d="M22 40 H78 V74 Q78 84 68 84 H32 Q22 84 22 74 Z" fill="url(#shine)"/>
<rect x="18" y="36" width="64" height="6" rx="3" fill="#7b8794" ${stroke}/>
<path d="M22 36 Q50 20 78 36 Z" fill="url(#steel)" ${stroke}/>
<rect x="45" y="22" width="10" height="5" rx="2.5" fill="${DARK}"/>`,

  bottle: (a) => `
<path d="M42 10 H62 L70 16 V20 H56 L54 26 H46 V18 Z" fill="${DARK}" ${stroke}/>
<path d="M56 20 L60 30 L57 31 L52 22 Z" fill="${DARK}"/>
<rect x="45" y="24" width="12" height="10" fill="${LIGHT}" ${stroke}/>
<path d="M34 40 Q34 34 40 34 H62 Q68 34 68 40 V84 Q68 90 62 90 H40 Q34 90 34 84 Z" fill="${LIGHT}" ${stroke}/>
<rect x="38" y="48" width="26" height="28" rx="3" fill="${a}"/>
<path d="M44 58 H58 M44 64 H54" stroke="#ffffff" stroke-width="2.5" stroke-linecap="round"/>`,

  box: (a) => `
<path d="M20 36 L50 24 L80 36 L50 48 Z" fill="${a}" ${stroke}/>
<path d="M20 36 V72 L50 86 V48 Z" fill="${a}" ${stroke}/>
<path d="M20 36 V72 L50 86 V48 Z" fill="#000000" fill-opacity="0.12"/>
<path d="M80 36 V72 L50 86 V48 Z" fill="${a}" ${stroke}/>
<path d="M35 30 L65 42 V52" stroke="#ffffff" stroke-opacity="0.6" stroke-width="3" fill="none"/>`,

  picture: (a) => `
<rect x="20" y="24" width="60" height="52" rx="5" fill="none" stroke="${a}" stroke-width="4"/>
<circle cx="38" cy="40" r="6" fill="${a}"/>
<path d="M24 72 L42 52 L54 64 L62 56 L76 72 Z" fill="${a}"/>`,
};

/** A tiny deterministic generator for the decoration (Park–Miller). */
function random(seed: number): () => number {
  let state = seed % 2147483647 || 1;
  return () => {
    state = (state * 48271) % 2147483647;
    return state / 2147483647;
  };
}

function bubbles(seed: number): string {
  const next = random(seed);
  const count = 3 + Math.floor(next() * 3);
  let out = '';
  for (let i = 0; i < count; i++) {
    const cx = (next() * 100).toFixed(1);
    const cy = (next() * 100).toFixed(1);
    const r = (6 + next() * 18).toFixed(1);
    out += `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#ffffff" fill-opacity="0.35"/>`;
  }
  return out;
}

/** The picture of `theme` as an SVG document of `size`×`size` pixels. */
export function renderImageSvg(theme: ImageTheme, size: number): string {
  const transform = `translate(50 50) rotate(${theme.rotation}) scale(${theme.scale.toFixed(2)}) translate(-50 -50)`;
  const decoration = theme.department === null ? '' : bubbles(theme.seed);
  const shadow = theme.department === null ? '' : '<ellipse cx="50" cy="92" rx="32" ry="3.5" fill="#000000" fill-opacity="0.08"/>';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">${DEFS}
<rect width="100" height="100" fill="${theme.background}"/>${decoration}${shadow}
<g transform="${transform}">${SHAPE_DRAWERS[theme.shape](theme.accent)}</g></svg>`;
}
