import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// The fuzzing arbitraries and browser-parser oracle are shared with the API's CMS sanitiser (ADR 0018).
import { benignHtml, dom, hostileHtml, violations, type Policy } from '../../../../api/src/modules/cms/html-sanitizer.fuzz.ts';
import { sanitizeHtml } from './html.ts';

const TAGS = ['p', 'br', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'h3', 'h4', 'table', 'thead', 'tbody', 'tr', 'th', 'td'];
/** Product descriptions: formatting elements without any attribute, so no URL either. */
const DESCRIPTION: Policy = { elements: Object.fromEntries(TAGS.map((name) => [name, []])), protocols: [] };

describe('product description sanitizeHtml under fuzzing', () => {
  it('leaves only attribute-less formatting, whatever the input (OWASP evasion payloads and broken markup)', () => {
    fc.assert(
      fc.property(hostileHtml(TAGS), (html) => {
        expect(violations(sanitizeHtml(html), DESCRIPTION)).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps well-formed formatting as a browser reads it', () => {
    const benign = benignHtml({ inline: ['strong', 'b', 'em', 'i'], elements: new Set(TAGS), attributes: {} });
    fc.assert(
      fc.property(benign, (html) => {
        expect(dom(sanitizeHtml(html))).toBe(dom(html));
      }),
      { numRuns: 300 },
    );
  });
});
