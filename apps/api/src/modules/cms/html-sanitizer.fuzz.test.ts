import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { benignHtml, dom, hostileHtml, violations, type Policy } from './html-sanitizer.fuzz.ts';
import { inspectHtml, sanitizeHtml } from './html-sanitizer.ts';

/** The CMS policy as pages need it, written out apart from the sanitiser's configuration. */
const COMMON = ['class', 'title'];
const PLAIN = [
  'p', 'div', 'span', 'blockquote', 'pre', 'code', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'strong', 'em',
  'b', 'i', 'u', 'small', 'sub', 'sup', 'br', 'hr', 'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr',
];
const CMS: Policy = {
  elements: {
    ...Object.fromEntries(PLAIN.map((name) => [name, COMMON])),
    a: [...COMMON, 'href'],
    img: [...COMMON, 'src', 'alt', 'width', 'height'],
    td: [...COMMON, 'colspan', 'rowspan'],
    th: [...COMMON, 'colspan', 'rowspan', 'scope'],
    colgroup: [...COMMON, 'span'],
    col: [...COMMON, 'span'],
  },
  protocols: ['http:', 'https:', 'mailto:'],
};

describe('the fuzzing oracle', () => {
  it('flags what a browser would run, load or let out of the page element', () => {
    expect(violations('<p>ok <a href="/x" class="a">x</a></p>', CMS)).toEqual([]);
    expect(violations('<a href="java&#9;script:alert(1)">x</a>', CMS)).toEqual(['URL "java\\tscript:alert(1)" in href']);
    expect(violations('<img src=x onerror=alert(1)>', CMS)).toEqual(['event handler onerror on <img>']);
    expect(violations('<svg><a href="/x">x</a></svg>', CMS)).toHaveLength(2);
    expect(violations('<p style="x">a</p><script>1</script>', CMS)).toEqual(['attribute style on <p>', 'element <script> (http://www.w3.org/1999/xhtml)']);
    expect(violations('</div><b>x', CMS)).toEqual(['content escapes its container']);
  });

  it('finds unsafe output in the hostile input itself', () => {
    const flagged = fc.sample(hostileHtml(Object.keys(CMS.elements)), { numRuns: 200, seed: 1 }).filter((html) => violations(html, CMS).length > 0);
    expect(flagged.length).toBeGreaterThan(100);
  });
});

describe('sanitizeHtml under fuzzing', () => {
  it('leaves nothing outside the policy, whatever the input (OWASP evasion payloads and broken markup)', () => {
    fc.assert(
      fc.property(hostileHtml(Object.keys(CMS.elements)), (html) => {
        expect(violations(sanitizeHtml(html), CMS)).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps well-formed allowed markup as a browser reads it', () => {
    const benign = benignHtml({
      inline: ['strong', 'em', 'b', 'i', 'u', 'small', 'sub', 'sup', 'span', 'code', 'a'],
      elements: new Set(Object.keys(CMS.elements)),
      attributes: { '*': COMMON, a: ['href'], img: ['src', 'alt', 'width', 'height'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan', 'scope'] },
    });
    fc.assert(
      fc.property(benign, (html) => {
        expect(dom(sanitizeHtml(html))).toBe(dom(html));
      }),
      { numRuns: 300 },
    );
  });
});

describe('inspectHtml under fuzzing', () => {
  /** What a browser would run or load from the HTML as written (the oracle's findings that are not about the policy's allow-list). */
  const running = (html: string) => violations(html, CMS).filter((v) => /^event handler|^URL|^element <(script|iframe|object|embed|base|meta|link|frame|noscript|template)>|\(http:\/\/www\.w3\.org\/(2000\/svg|1998\/Math)/.test(v));
  it('refuses whatever a browser would run from it, however it is written', () => {
    fc.assert(
      fc.property(hostileHtml(Object.keys(CMS.elements)), (html) => {
        // Input that ends inside a tag loses that tag when stored alone; the oracle's page would close it.
        fc.pre(dom(`${html}<b>fine</b>`).endsWith('<b>fine</b>'));
        if (running(html).length > 0) expect(inspectHtml(html).unsafe, html).not.toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });
  it('accepts allowed markup, and stores it as the sanitiser writes it', () => {
    const benign = benignHtml({
      inline: ['strong', 'em', 'span', 'a'],
      elements: new Set(Object.keys(CMS.elements)),
      attributes: { '*': COMMON, a: ['href'], img: ['src', 'alt', 'width', 'height'] },
    });
    fc.assert(
      fc.property(benign, (html) => {
        expect(inspectHtml(html)).toEqual({ safe: sanitizeHtml(html), unsafe: [] });
      }),
      { numRuns: 300 },
    );
  });
});
