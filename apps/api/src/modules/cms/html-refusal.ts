/**
 * The refusal of staff-written HTML that could run script (issue #45 "Bad input": refused with a
 * clear Italian message naming what was found, nothing written). One check for every field that
 * takes HTML (products, categories, CMS pages and blocks): `inspectHtml` reads it as a browser
 * would, so entity, spacing and nesting tricks are seen; the sanitiser stays the guarantee on render.
 */
import { UNSAFE_HTML_MESSAGE, UNSAFE_HTML_PARTS as PART } from '@shop/contracts';
import { unsafeHtmlParts, type UnsafeHtmlPart } from './html-sanitizer.ts';

/** A URL as a message shows it: no control characters, at most 60 characters. */
const shown = (url: string) => {
  const plain = url.replace(/[\u0000-\u001f\u007f]/g, '');
  return plain.length > 60 ? `${plain.slice(0, 59)}…` : plain;
};

function describePart(part: UnsafeHtmlPart): string {
  if (part.kind === 'element') return PART.element.replace('{tag}', part.tag);
  if (part.kind === 'handler') return PART.handler.replace('{attribute}', part.attribute).replace('{tag}', part.tag);
  return PART.url.replace('{url}', shown(part.url)).replace('{attribute}', part.attribute).replace('{tag}', part.tag);
}

/** The refusal naming `field` and up to three of the things found; null when there is none. */
export function unsafeHtmlRefusal(field: string, parts: readonly UnsafeHtmlPart[]): string | null {
  if (parts.length === 0) return null;
  const found = [...new Set(parts.map(describePart))].slice(0, 3).join('; ');
  return UNSAFE_HTML_MESSAGE.replace('{field}', field).replace('{found}', found);
}

/** Why `html` written into `field` is refused, or null when it may be saved. */
export function htmlRefusal(field: string, html: string): string | null {
  // Only markup can be active: plain text is answered without parsing.
  return html.includes('<') ? unsafeHtmlRefusal(field, unsafeHtmlParts(html)) : null;
}
