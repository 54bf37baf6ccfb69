import { UNSAFE_HTML_MESSAGE, UNSAFE_HTML_PARTS as PART } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { htmlRefusal } from './html-refusal.ts';

describe('htmlRefusal', () => {
  it('finds scripts, embedded frames, event handlers and code URLs however they are spelt', () => {
    for (const html of [
      '<script>alert(1)</script>',
      '<SCRIPT SRC=//xss.rocks/.j></SCRIPT>',
      '<p onclick="x()">a</p>',
      '<svg/onload=alert(1)>',
      '<img src=x onerror=alert(1)//>',
      `<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^\`=alert("XSS")>`,
      '<a href="jav&#x09;ascript:alert(1)">x</a>',
      `<a href=" &#14;  javascript:alert('XSS');">x</a>`,
      '<a href="JaVaScRiPt:alert(1)">x</a>',
      '<a href="javascript&colon;alert(1)">x</a>',
      '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>',
      '<img srcset="x.jpg 1x, javascript:alert(1) 2x">',
      `<p style="background:url(javascript:alert(1))">x</p>`,
      '<iframe src="https://example.com"></iframe>',
      '<object data="x.swf"></object>',
    ]) {
      expect(htmlRefusal('description', html), html).toMatch(/^description: il contenuto non è stato salvato perché contiene /);
    }
  });

  it('lets markup and text through, also text that talks about scripts', () => {
    for (const html of [
      '',
      'Coltelli < 20 cm & forbici',
      '<p>Lame in <strong>acciaio</strong> inox: <a href="https://example.com/guida">la guida</a>.</p>',
      '<p class="nota">Il termine onda non è un attributo</p>',
      '<img src="/media/coltello.jpg" alt="Coltello">',
      '<a href="mailto:info@example.com">scrivici</a>',
    ]) {
      expect(htmlRefusal('description', html), html).toBeNull();
    }
  });

  it('names up to three of the things found, each once', () => {
    const html = '<p onclick="a()">x</p><p onclick="b()">y</p><script>1</script><iframe></iframe><embed>';
    const found = [PART.handler.replace('{attribute}', 'onclick').replace('{tag}', 'p'), PART.element.replace('{tag}', 'script'), PART.element.replace('{tag}', 'iframe')];
    expect(htmlRefusal('name', html)).toBe(UNSAFE_HTML_MESSAGE.replace('{field}', 'name').replace('{found}', found.join('; ')));
  });
});
