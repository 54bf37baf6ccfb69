/**
 * Allow-list HTML sanitiser for CMS content, on the maintained `sanitize-html` (ADR 0018): the
 * elements and attributes below are kept, URLs only with an allowed scheme or relative, and
 * everything else is dropped; text and attribute values are written escaped, elements balanced.
 */
import sanitize from 'sanitize-html';

/** Elements whose content is dropped with them (not plain markup, or never shown as text). */
const DROPPED_WITH_CONTENT = [
  'script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'plaintext',
  'object', 'applet', 'template', 'svg', 'math', 'select', 'option', 'frameset', 'head',
];

const CELL = ['colspan', 'rowspan'];
/** Attributes whose value must have this form, or they are dropped: sizes, spans and header scopes. */
const VALUES: Record<string, RegExp> = {
  width: /^\s*\d{1,5}%?\s*$/,
  height: /^\s*\d{1,5}%?\s*$/,
  colspan: /^\s*\d{1,4}\s*$/,
  rowspan: /^\s*\d{1,4}\s*$/,
  span: /^\s*\d{1,4}\s*$/,
  scope: /^\s*(row|col|rowgroup|colgroup)\s*$/i,
};

const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    'p', 'div', 'span', 'blockquote', 'pre', 'code', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
    'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'u', 'small', 'sub', 'sup', 'br', 'hr',
    'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'colgroup', 'col', 'a', 'img',
  ],
  allowedAttributes: {
    '*': ['title'],
    a: ['href'],
    img: ['src', 'alt', 'width', 'height'],
    td: CELL,
    th: [...CELL, 'scope'],
    colgroup: ['span'],
    col: ['span'],
  },
  // Plain class names only: nothing that could be read as anything but a CSS class.
  allowedClasses: { '*': [/^[\w-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  nonTextTags: DROPPED_WITH_CONTENT,
  transformTags: {
    '*': (tagName, attribs) => ({
      tagName,
      attribs: Object.fromEntries(Object.entries(attribs).filter(([name, value]) => VALUES[name]?.test(value) ?? true)),
    }),
  },
  // An image without a (safe) source shows nothing worth keeping.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function sanitizeHtml(html: string): string {
  // Void elements without the XML slash (`<br>`), as the API has always answered. Safe as a plain
  // replace: every `>` in text and attribute values is written `&gt;`, so ` />` only ends a tag.
  return sanitize(html, OPTIONS).replaceAll(' />', '>');
}
