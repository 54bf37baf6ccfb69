import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './html.ts';

describe('sanitizeHtml', () => {
  it('keeps simple formatting', () => {
    expect(sanitizeHtml('<p>Il <strong>tagliere</strong> su misura</p><ul><li>PE 500</li></ul>')).toBe(
      '<p>Il <strong>tagliere</strong> su misura</p><ul><li>PE 500</li></ul>',
    );
  });

  it('drops attributes, unknown tags, scripts and comments', () => {
    expect(sanitizeHtml('<p class="x" onclick="alert(1)">a<a href="javascript:x">b</a><script>alert(1)</script><!-- c --></p>')).toBe('<p>ab</p>');
    expect(sanitizeHtml('<img src=x onerror=alert(1)>ok')).toBe('ok');
  });

  it('escapes stray characters but keeps what references stand for', () => {
    // sanitize-html writes a reference as its character and leaves quotes in text as they are.
    expect(sanitizeHtml('1 < 2 & 3 > 2 &amp; &egrave; "x"')).toBe('1 &lt; 2 &amp; 3 &gt; 2 &amp; è "x"');
  });

  it('closes what is left open and ignores stray closing tags', () => {
    expect(sanitizeHtml('<p><strong>a</p></li>b')).toBe('<p><strong>a</strong></p>b');
    expect(sanitizeHtml(null)).toBe('');
  });
});
