/**
 * Catalogue descriptions are HTML. The page keeps their structure (paragraphs, lists, bold,
 * tables) but nothing else: every other tag and every attribute is dropped and text is escaped,
 * so a description can never inject markup or scripts. On the maintained `sanitize-html`, as the
 * CMS content in the API (ADR 0018); imported by server components only, never by a client one.
 */
import sanitize from 'sanitize-html';

const OPTIONS: sanitize.IOptions = {
  allowedTags: ['p', 'br', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'h3', 'h4', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  allowedAttributes: {},
  // Dropped with their content; any other element is dropped but its text kept.
  nonTextTags: ['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'plaintext', 'object', 'embed', 'template', 'svg', 'math', 'select', 'option'],
};

/** Keeps only simple formatting tags (without attributes) and escapes the rest; unclosed tags are closed. */
export function sanitizeHtml(html: string | null | undefined): string {
  return html ? sanitize(html, OPTIONS).trim() : '';
}
