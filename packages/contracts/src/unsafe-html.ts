/**
 * The one refusal of HTML that could run script, wherever staff write HTML (products,
 * categories, CMS pages and blocks; issue #45 "Bad input": refused with a clear Italian message,
 * nothing written, never silently cleaned). `{field}` the field, `{found}` what was found: one to
 * three `UNSAFE_HTML_PARTS`, joined with "; ".
 */
export const UNSAFE_HTML_MESSAGE =
  '{field}: il contenuto non è stato salvato perché contiene {found}. Script, gestori di eventi (come onclick o onerror) e indirizzi javascript: o data: non sono ammessi: toglili e salva di nuovo.';

/** The parts of `UNSAFE_HTML_MESSAGE`'s `{found}`: `{tag}` an element's name, `{attribute}` an attribute's, `{url}` its value. */
export const UNSAFE_HTML_PARTS = {
  element: 'l’elemento <{tag}>',
  handler: 'il gestore di eventi {attribute} sull’elemento <{tag}>',
  url: 'l’indirizzo «{url}» nell’attributo {attribute} di <{tag}> (sono ammessi solo indirizzi http, https, mailto o relativi)',
} as const;
