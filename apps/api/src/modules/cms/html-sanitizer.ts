/**
 * Allow-list HTML sanitiser for CMS content, on the maintained `sanitize-html` (ADR 0018): the
 * elements and attributes below are kept, URLs only with an allowed scheme or relative, and
 * everything else is dropped; text and attribute values are written escaped, elements balanced.
 */
import { parse, type DefaultTreeAdapterTypes as Tree } from 'parse5';
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

/** What in HTML could run script: an element, an event handler, or a URL with another scheme than the policy's. */
export type UnsafeHtmlPart =
  | { kind: 'element'; tag: string }
  | { kind: 'handler'; tag: string; attribute: string }
  | { kind: 'url'; tag: string; attribute: string; url: string };

const HTML_NS = 'http://www.w3.org/1999/xhtml';
/** Elements that run script, or load, embed or redirect to another document (any element outside HTML too: SVG, MathML). */
const ACTIVE_ELEMENTS = new Set([
  'script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'base', 'meta', 'link', 'noscript', 'template', 'portal',
]);
/** Attributes a browser reads a URL from. */
const URL_ATTRIBUTES = new Set([
  'href', 'src', 'srcset', 'action', 'formaction', 'data', 'poster', 'background', 'lowsrc', 'dynsrc', 'cite',
  'xlink:href', 'codebase', 'longdesc', 'ping', 'manifest', 'icon',
]);
const SAFE_SCHEMES = new Set(OPTIONS.allowedSchemes as string[]);

/** A URL's scheme as the browser's URL parser reads it (tabs and line breaks ignored, controls and spaces before it trimmed), or null when relative. */
function schemeOf(url: string): string | null {
  const cleaned = url.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+/, '');
  return /^([a-z][a-z0-9+.-]*):/i.exec(cleaned)?.[1]!.toLowerCase() ?? null;
}

/** The URLs of an attribute value: one, or a srcset's candidates. */
const urlsOf = (attribute: string, value: string) => (attribute === 'srcset' ? value.split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? '') : [value]);

/** A style (attribute or sheet) that names a script URL or an old IE expression. */
const SCRIPT_IN_STYLE = /(?:url\s*\(|@import)\s*['"]?\s*(?:javascript|vbscript|data)\s*:|expression\s*\(/i;

function partsOf(element: Tree.Element): UnsafeHtmlPart[] {
  const tag = element.tagName;
  const found: UnsafeHtmlPart[] = element.namespaceURI !== HTML_NS || ACTIVE_ELEMENTS.has(tag) ? [{ kind: 'element', tag }] : [];
  for (const { name, value, prefix } of element.attrs) {
    const attribute = (prefix ? `${prefix}:${name}` : name).toLowerCase();
    if (attribute.startsWith('on')) found.push({ kind: 'handler', tag, attribute });
    else if (URL_ATTRIBUTES.has(attribute)) {
      const bad = urlsOf(attribute, value).find((url) => {
        const scheme = schemeOf(url);
        return scheme !== null && !SAFE_SCHEMES.has(scheme);
      });
      if (bad !== undefined) found.push({ kind: 'url', tag, attribute, url: bad });
    } else if (attribute === 'style' && SCRIPT_IN_STYLE.test(value)) found.push({ kind: 'url', tag, attribute, url: SCRIPT_IN_STYLE.exec(value)![0] });
  }
  if (tag === 'style') {
    const sheet = element.childNodes.map((node) => ('value' in node ? node.value : '')).join('');
    if (SCRIPT_IN_STYLE.test(sheet)) found.push({ kind: 'url', tag, attribute: 'style', url: SCRIPT_IN_STYLE.exec(sheet)![0] });
  }
  return found;
}

function collect(node: Tree.ParentNode, found: UnsafeHtmlPart[]): UnsafeHtmlPart[] {
  for (const child of node.childNodes) {
    if (!('tagName' in child)) continue;
    found.push(...partsOf(child));
    collect(child, found);
    if ('content' in child) collect((child as Tree.Template).content, found); // a <template>'s own fragment
  }
  return found;
}

/**
 * HTML a person writes, checked before it is stored (issue #45: HTML with scripts or event
 * handlers is refused, not silently cleaned). It is read as a browser reads it in the page that
 * shows it, server-rendered inside an element of the body (parse5: the WHATWG parsing algorithm,
 * so spacing, entity and nesting tricks are seen as a browser sees them, and a `<body onload>`
 * lands on the page's body): active elements, on… handlers, and URLs whose scheme the policy does
 * not allow (javascript:, data:, …) are what it reports; `safe` is the sanitised HTML to store
 * when there is none. The sanitiser stays the guarantee (the shop sanitises again when it
 * renders); this is what tells the seller what would have been taken out.
 */
export function inspectHtml(html: string): { safe: string; unsafe: UnsafeHtmlPart[] } {
  return { safe: sanitizeHtml(html), unsafe: unsafeHtmlParts(html) };
}

/** What in `html` could run script (see `inspectHtml`). */
export function unsafeHtmlParts(html: string): UnsafeHtmlPart[] {
  // The page's own elements carry no attributes: whatever is found on them came from the content.
  return collect(parse(`<!DOCTYPE html><html><head></head><body><div>${html}</div></body></html>`), []);
}
