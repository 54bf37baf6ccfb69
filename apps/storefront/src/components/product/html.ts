/**
 * Catalogue descriptions are HTML. The page keeps their structure (paragraphs, lists, bold)
 * but nothing else: every other tag and every attribute is dropped and stray characters are
 * escaped, so a description can never inject markup or scripts. Pure.
 */

const ALLOWED = new Set(['p', 'br', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'h3', 'h4', 'table', 'thead', 'tbody', 'tr', 'th', 'td']);
const VOID = new Set(['br']);
const DROP_WITH_CONTENT = /<(script|style|iframe|object|embed|template|noscript)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const TAG = /<\/?([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>|<!--[\s\S]*?-->/g;
const ENTITY = /&(#\d{1,7}|#x[0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});/y;

function escapeText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '&') {
      ENTITY.lastIndex = i;
      out += ENTITY.test(text) ? '&' : '&amp;';
    } else if (char === '<') out += '&lt;';
    else if (char === '>') out += '&gt;';
    else if (char === '"') out += '&quot;';
    else out += char;
  }
  return out;
}

/** Keeps only simple formatting tags (without attributes) and escapes the rest; unclosed tags are closed. */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  const source = html.replace(DROP_WITH_CONTENT, '');
  const open: string[] = [];
  let out = '';
  let last = 0;
  for (const match of source.matchAll(TAG)) {
    out += escapeText(source.slice(last, match.index));
    last = match.index + match[0].length;
    const name = match[1]?.toLowerCase();
    if (!name || !ALLOWED.has(name)) continue;
    if (match[0].startsWith('</')) {
      const at = open.lastIndexOf(name);
      if (at === -1) continue;
      while (open.length > at) out += `</${open.pop()}>`;
    } else if (VOID.has(name)) {
      out += `<${name}>`;
    } else {
      out += `<${name}>`;
      open.push(name);
    }
  }
  out += escapeText(source.slice(last));
  while (open.length > 0) out += `</${open.pop()}>`;
  return out.trim();
}
