/**
 * Allow-list HTML sanitiser for CMS content. It tokenises the input and writes a new document
 * from the tokens it accepts: allowed elements with checked attributes, text with every `<`, `>`,
 * `"` and stray `&` escaped. Nothing of the input reaches the output unserialised, so markup the
 * tokeniser reads differently from a browser can only lose content, never smuggle a tag in.
 * Elements are kept balanced, so content cannot close the element of the page it is placed in.
 */

type AttributeCheck = (value: string) => boolean;

const anyText: AttributeCheck = () => true;
const count: AttributeCheck = (v) => /^\s*\d{1,4}\s*$/.test(v);
const dimension: AttributeCheck = (v) => /^\s*\d{1,5}%?\s*$/.test(v);
const classNames: AttributeCheck = (v) => /^[\w\s-]*$/.test(v);
const oneOf =
  (...values: string[]): AttributeCheck =>
  (v) =>
    values.includes(v.trim().toLowerCase());

const codePoint = (n: number) =>
  n > 0 && n <= 0x10ffff && !(n >= 0xd800 && n <= 0xdfff) ? String.fromCodePoint(n) : '\uFFFD';

/**
 * A URL whose scheme is one of `schemes`, or a relative URL. The value is read as a browser
 * would before it finds the scheme: numeric character references decoded, whitespace and control
 * characters dropped. A named reference before the first / ? # could hide a colon
 * (`javascript&colon;`), so it makes the URL unsafe.
 */
const url =
  (...schemes: string[]): AttributeCheck =>
  (value) => {
    const decoded = value
      .replace(/&#(?:[xX]([0-9a-fA-F]{1,8})|(\d{1,10}));?/g, (_, hex?: string, dec?: string) =>
        codePoint(hex ? Number.parseInt(hex, 16) : Number(dec)),
      )
      .replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
    const head = decoded.split(/[/?#]/, 1)[0] ?? '';
    if (head.includes('&')) return false;
    const colon = head.indexOf(':');
    return colon === -1 || schemes.includes(head.slice(0, colon).toLowerCase());
  };

const GLOBAL_ATTRIBUTES: Record<string, AttributeCheck> = { class: classNames, title: anyText };
const cell = { colspan: count, rowspan: count };

/** Allowed elements and their own attributes (besides class and title). */
const ELEMENTS: Record<string, Record<string, AttributeCheck>> = {
  ...Object.fromEntries(
    [
      'p', 'div', 'span', 'blockquote', 'pre', 'code', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
      'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'u', 'small', 'sub', 'sup', 'br', 'hr',
      'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr',
    ].map((name) => [name, {}]),
  ),
  a: { href: url('http', 'https', 'mailto') },
  img: { src: url('http', 'https'), alt: anyText, width: dimension, height: dimension },
  td: cell,
  th: { ...cell, scope: oneOf('row', 'col', 'rowgroup', 'colgroup') },
  colgroup: { span: count },
  col: { span: count },
};

const VOID = new Set(['br', 'hr', 'img', 'col']);
/** Browsers read these elements' content as plain text up to their end tag: skipped whole. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'plaintext']);
/** Dropped with everything inside; any other element not allowed is dropped but its content kept. */
const DROPPED_SUBTREES = new Set(['object', 'applet', 'template', 'svg', 'math', 'select', 'frameset', 'head']);
/** A new paragraph-level element ends an open <p>, unless a table cell lies between them. */
const ENDS_PARAGRAPH = new Set(['p', 'div', 'blockquote', 'pre', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'table', 'hr']);

/** Escapes text or an attribute value, keeping well-formed character references as they are. */
function escape(raw: string): string {
  return raw
    .replace(/\0/g, '')
    .replace(/&(?![A-Za-z][A-Za-z0-9]*;|#\d+;|#[xX][0-9A-Fa-f]+;)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

interface Tag {
  name: string;
  closing: boolean;
  attributes: [string, string][];
  selfClosing: boolean;
  /** Index just past the tag; -1 when the input ends inside it. */
  end: number;
}

const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';

/** Reads a start or end tag whose `<` is at `at` (the next character is a letter, or / and a letter). */
function readTag(html: string, at: number): Tag {
  const closing = html[at + 1] === '/';
  let i = at + (closing ? 2 : 1);
  const nameStart = i;
  while (i < html.length && !isSpace(html[i]) && html[i] !== '/' && html[i] !== '>') i++;
  const tag: Tag = { name: html.slice(nameStart, i).toLowerCase(), closing, attributes: [], selfClosing: false, end: -1 };
  while (i < html.length) {
    if (isSpace(html[i]) || html[i] === '/') {
      tag.selfClosing = html[i] === '/';
      i++;
      continue;
    }
    if (html[i] === '>') {
      tag.end = i + 1;
      return tag;
    }
    tag.selfClosing = false;
    const attrStart = i;
    i++; // a name's first character may be anything but space, / or >, even =
    while (i < html.length && !isSpace(html[i]) && !'/>='.includes(html[i]!)) i++;
    const name = html.slice(attrStart, i).toLowerCase();
    while (isSpace(html[i])) i++;
    let value = '';
    if (html[i] === '=') {
      i++;
      while (isSpace(html[i])) i++;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        if (close === -1) return tag;
        value = html.slice(i + 1, close);
        i = close + 1;
      } else {
        const valueStart = i;
        while (i < html.length && !isSpace(html[i]) && html[i] !== '>') i++;
        value = html.slice(valueStart, i);
      }
    }
    tag.attributes.push([name, value]);
  }
  return tag;
}

function writeAttributes(name: string, attributes: readonly [string, string][]): string | null {
  const allowed = ELEMENTS[name]!;
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const [attribute, value] of attributes) {
    if (seen.has(attribute)) continue; // browsers keep the first of duplicates
    seen.add(attribute);
    const check = allowed[attribute] ?? GLOBAL_ATTRIBUTES[attribute];
    if (check?.(value)) kept.push(` ${attribute}="${escape(value)}"`);
  }
  // An image without a (safe) source shows nothing worth keeping.
  if (name === 'img' && !kept.some((a) => a.startsWith(' src='))) return null;
  return kept.join('');
}

/** Index past the end tag of raw-text element `name` from `from`, or the input's end. */
function skipRawText(html: string, name: string, from: number): number {
  if (name === 'plaintext') return html.length;
  const endTag = new RegExp(`</${name}[\\s/>]`, 'gi');
  endTag.lastIndex = from;
  const found = endTag.exec(html);
  if (!found) return html.length;
  const close = html.indexOf('>', found.index);
  return close === -1 ? html.length : close + 1;
}

/** Index past a comment, doctype or processing instruction at `at` (all dropped). */
function skipMarkupDeclaration(html: string, at: number): number {
  if (html.startsWith('<!--', at)) {
    if (html.startsWith('>', at + 4)) return at + 5;
    if (html.startsWith('->', at + 4)) return at + 6;
    const close = html.indexOf('-->', at + 4);
    return close === -1 ? html.length : close + 3;
  }
  const close = html.indexOf('>', at);
  return close === -1 ? html.length : close + 1;
}

export function sanitizeHtml(html: string): string {
  const out: string[] = [];
  const open: string[] = [];
  let dropped: { name: string; depth: number } | null = null;

  const closeFrom = (index: number) => {
    while (open.length > index) out.push(`</${open.pop()}>`);
  };
  const closeImplied = (name: string) => {
    if (name === 'li') {
      const li = open.lastIndexOf('li');
      if (li > open.lastIndexOf('ul') && li > open.lastIndexOf('ol')) closeFrom(li);
    } else if (ENDS_PARAGRAPH.has(name)) {
      const p = open.lastIndexOf('p');
      if (p !== -1 && ['td', 'th', 'caption', 'table'].every((boundary) => open.lastIndexOf(boundary) < p)) closeFrom(p);
    }
  };

  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    const textEnd = lt === -1 ? html.length : lt;
    if (textEnd > i) {
      if (!dropped) out.push(escape(html.slice(i, textEnd)));
      i = textEnd;
      continue;
    }
    const next = html[i + 1] ?? '';
    const isTag = /[A-Za-z]/.test(next) || (next === '/' && /[A-Za-z]/.test(html[i + 2] ?? ''));
    if (!isTag) {
      if (next === '!' || next === '?' || next === '/') {
        i = skipMarkupDeclaration(html, i);
      } else {
        if (!dropped) out.push('&lt;');
        i++;
      }
      continue;
    }
    const tag = readTag(html, i);
    if (tag.end === -1) break; // the input ends inside a tag: browsers drop it too
    i = tag.end;
    const { name } = tag;
    if (dropped) {
      if (name === dropped.name && (tag.closing || !tag.selfClosing)) dropped.depth += tag.closing ? -1 : 1;
      if (dropped.depth === 0) dropped = null;
    } else if (tag.closing) {
      const index = ELEMENTS[name] && !VOID.has(name) ? open.lastIndexOf(name) : -1;
      if (index !== -1) closeFrom(index);
    } else if (RAW_TEXT.has(name)) {
      i = skipRawText(html, name, i);
    } else if (DROPPED_SUBTREES.has(name)) {
      if (!tag.selfClosing) dropped = { name, depth: 1 };
    } else if (ELEMENTS[name]) {
      const attributes = writeAttributes(name, tag.attributes);
      if (attributes === null) continue;
      closeImplied(name);
      out.push(`<${name}${attributes}>`);
      if (!VOID.has(name)) open.push(name);
    }
  }
  closeFrom(0);
  return out.join('');
}
