import { generateCatalog } from '@shop/demo-catalog';
import { describe, expect, it } from 'vitest';
import { dom } from './html-sanitizer.fuzz.ts';
import { inspectHtml, sanitizeHtml } from './html-sanitizer.ts';

describe('sanitizeHtml keeps safe content as it is', () => {
  const catalog = generateCatalog({ products: 10 });
  it.each([...catalog.cmsPages, ...catalog.cmsBlocks].map((doc) => [doc.identifier, doc.content]))(
    'demo CMS content %s',
    (_identifier, content) => {
      expect(sanitizeHtml(content)).toBe(content);
    },
  );

  it.each([
    '<p>Testo <strong>forte</strong>, <em>enfasi</em>, <b>b</b>, <i>i</i><br>a capo</p>',
    '<h1>1</h1><h2>2</h2><h3>3</h3><h4>4</h4><h5>5</h5><h6>6</h6>',
    '<ul><li>uno</li></ul><ol><li>due</li></ol><blockquote>citazione</blockquote>',
    '<div class="banner home-banner_2"><span title="Suggerimento">x</span></div>',
    '<table><caption>T</caption><thead><tr><th scope="col" colspan="2">A</th></tr></thead><tbody><tr><td rowspan="2">1</td><td>2</td></tr></tbody></table>',
    '<a href="https://example.com/a?b=1&amp;c=2#d" title="t">https</a>',
    '<a href="http://example.com">http</a><a href="mailto:info@example.com">mail</a>',
    '<a href="/i/spedizioni">root</a><a href="pagamenti">relative</a><a href="../x">up</a><a href="#faq">anchor</a><a href="?p=2">query</a>',
    '<img src="/media/a.jpg" alt="Coltello" width="300" height="200">',
    'Prezzo &euro; 10 &amp; IVA &#8364; &#x20AC; &eacute; &nbsp;',
  ])('%s', (html) => {
    // Compared as the DOM a browser builds: sanitize-html writes character references as the
    // characters (`&euro;` as €), which read the same.
    expect(dom(sanitizeHtml(html))).toBe(dom(html));
  });
});

describe('sanitizeHtml drops what could run or restyle the page', () => {
  it.each([
    ['script with its content', '<p>a</p><script>alert(1)</script><p>b</p>', '<p>a</p><p>b</p>'],
    ['script in capitals, unclosed', '<p>a</p><SCRIPT>alert(1)', '<p>a</p>'],
    ['script text mentioning a tag', '<script>document.write("</p><b>")</script>x', 'x'],
    ['style', '<style>body{display:none}</style>x', 'x'],
    ['iframe', '<iframe src="https://evil.example"></iframe>x', 'x'],
    ['object with nested objects', '<object><object>a</object>b</object>c', 'c'],
    ['embed', '<embed src="x.swf">c', 'c'],
    ['svg with a script inside', '<svg><script>alert(1)</script><circle/></svg>x', 'x'],
    ['math', '<math><mi>x</mi></math>y', 'y'],
    ['template', '<template><img src="x" onerror="alert(1)"></template>y', 'y'],
    ['noscript', '<noscript><p>n</p></noscript>y', 'y'],
    ['event handlers', '<p onclick="alert(1)" onmouseover=alert(1)>x</p>', '<p>x</p>'],
    ['style attribute', '<p style="position:fixed;top:0">x</p>', '<p>x</p>'],
    ['id attribute (DOM clobbering)', '<div id="__next">x</div>', '<div>x</div>'],
    ['odd class values', '<p class="a&quot;b">x</p>', '<p>x</p>'],
    ['form controls, keeping their text', '<form action="/x"><button>Invia</button><input value="v"></form>', 'Invia'],
    ['unknown elements, keeping their text', '<font color="red">rosso</font><center>c</center>', 'rossoc'],
    ['comments', 'a<!-- <script>alert(1)</script> -->b<!---->c<!-->d', 'abcd'],
    ['doctype and processing instructions', '<!DOCTYPE html><?xml version="1.0"?>x', 'x'],
    ['meta refresh and base', '<meta http-equiv="refresh" content="0;url=https://evil.example"><base href="https://evil.example">x', 'x'],
    ['a target, rel and download', '<a href="/x" target="_blank" rel="opener" download>x</a>', '<a href="/x">x</a>'],
    ['non-numeric sizes', '<img src="/a.jpg" width="100;x" height="expression(1)">', '<img src="/a.jpg">'],
  ])('%s', (_name, html, expected) => {
    expect(sanitizeHtml(html)).toBe(expected);
  });
});

describe('sanitizeHtml refuses unsafe URLs', () => {
  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    '  javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    '&#106;avascript:alert(1)',
    '&#x6A;avascript:alert(1)',
    '&#X6a;avascript:alert(1)',
    '&#106avascript:alert(1)',
    '&#0000106;avascript:alert(1)',
    'javascript&colon;alert(1)',
    'java&Tab;script:alert(1)',
    'jav&#x09;ascript:alert(1)',
    'javascript&#58;alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'file:///etc/passwd',
  ])('href %j', (href) => {
    const html = `<a href="${href}">x</a>`;
    expect(sanitizeHtml(html)).toBe('<a>x</a>');
  });

  it('drops an image whose source is unsafe, or missing', () => {
    expect(sanitizeHtml('<img src="javascript:alert(1)" alt="x">')).toBe('');
    expect(sanitizeHtml('<img src="data:image/png;base64,AAAA">')).toBe('');
    expect(sanitizeHtml('<img src="mailto:a@b.c">')).toBe('');
    expect(sanitizeHtml('<img alt="no source">')).toBe('');
  });

  it('keeps an unquoted or single-quoted safe URL, quoting it', () => {
    expect(sanitizeHtml("<a href='/x?a=1&b=2'>x</a>")).toBe('<a href="/x?a=1&amp;b=2">x</a>');
    expect(sanitizeHtml('<img src=/a.jpg alt=Coltello>')).toBe('<img src="/a.jpg" alt="Coltello">');
  });
});

describe('sanitizeHtml escapes text and attribute values', () => {
  it.each([
    ['a stray <', 'a < b', 'a &lt; b'],
    ['a stray >', 'a > b', 'a &gt; b'],
    ['a < before a digit', '3<5 e 5>3', '3&lt;5 e 5&gt;3'],
    ['a stray &', 'Sale & pepe', 'Sale &amp; pepe'],
    // Read as a browser reads it (a `<`, shown as text); the hand-written sanitiser kept it literal.
    ['a numeric reference without ;', '&#60script', '&lt;script'],
    ['a quote in a single-quoted value', `<span title='a"b'>x</span>`, '<span title="a&quot;b">x</span>'],
    ['markup in a value', '<span title="<script>">x</span>', '<span title="&lt;script&gt;">x</span>'],
  ])('%s', (_name, html, expected) => {
    expect(sanitizeHtml(html)).toBe(expected);
  });

  it('keeps the first of duplicate attributes, as browsers do', () => {
    expect(sanitizeHtml('<a href="/safe" href="javascript:alert(1)">x</a>')).toBe('<a href="/safe">x</a>');
    expect(sanitizeHtml('<a href="javascript:alert(1)" href="/safe">x</a>')).toBe('<a>x</a>');
  });
});

describe('sanitizeHtml keeps elements balanced', () => {
  it.each([
    ['unclosed elements are closed', '<div><p><strong>x', '<div><p><strong>x</strong></p></div>'],
    ['stray end tags are dropped', '</div></div><p>x</p></span>', '<p>x</p>'],
    ['content cannot close the page element around it', '</div></body><div>x', '<div>x</div>'],
    ['mis-nested tags close in order', '<b><i>x</b>y</i>', '<b><i>x</i></b>y'],
    ['a paragraph ends the open one', '<p>a<p>b', '<p>a</p><p>b</p>'],
    ['a block ends an open paragraph', '<p>a<ul><li>b</li></ul>', '<p>a</p><ul><li>b</li></ul>'],
    ['a paragraph in a cell stays in it', '<p><table><tr><td><p>x</td></tr></table>', '<p></p><table><tr><td><p>x</p></td></tr></table>'],
    ['a list item ends the open one', '<ul><li>a<li>b</ul>', '<ul><li>a</li><li>b</li></ul>'],
    ['a nested list keeps its parent item', '<ul><li>a<ul><li>b</li></ul></li></ul>', '<ul><li>a<ul><li>b</li></ul></li></ul>'],
    // `</br>` is a line break to a browser too (the hand-written sanitiser dropped it).
    ['void elements have no end tag', '<br/><hr /><br></br>', '<br><hr><br><br>'],
    ['a self-closed div is opened and closed', '<div/>x', '<div>x</div>'],
    ['upper-case names are lowered', '<P CLASS="a">x</P>', '<p class="a">x</p>'],
    ['the input ends inside a tag', 'x<a href="/y', 'x'],
    ['the input ends inside an attribute value', '<p>x</p><img src="/a.jpg', '<p>x</p>'],
  ])('%s', (_name, html, expected) => {
    expect(sanitizeHtml(html)).toBe(expected);
  });
});

describe('sanitizeHtml resists known mutation tricks', () => {
  it.each([
    '<svg><p><style><img src=x onerror=alert(1)></style></p></svg>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
    '<textarea></textarea><img src=x onerror=alert(1)>',
    '<a href="javas&#99;ript:alert(1)">x</a>',
    '<img src=x onerror=alert(1)//>',
    '<<script>alert(1)//<</script>',
    '<scr<script>ipt>alert(1)</script>',
    '<div><iframe srcdoc="<script>alert(1)</script>"></iframe></div>',
  ])('%s', (html) => {
    const out = sanitizeHtml(html);
    expect(out).not.toMatch(/<(script|style|iframe|svg|math|textarea|noscript)/i);
    expect(out).not.toMatch(/\son\w+=/i);
    expect(out).not.toMatch(/javascript:/i);
    // Re-sanitising changes nothing: the output is already in the writer's canonical form.
    expect(sanitizeHtml(out)).toBe(out);
  });
});

describe('inspectHtml names what could run script, as a browser reads it', () => {
  it.each([
    ['a script', '<p>a</p><script>alert(1)</script>', [{ kind: 'element', tag: 'script' }]],
    ['an event handler', '<img src=x onerror=alert(1)>', [{ kind: 'handler', tag: 'img', attribute: 'onerror' }]],
    ['a handler after a form feed or slashes', '<p\fonclick=a>x</p><b//onmouseover=b>y</b>', [{ kind: 'handler', tag: 'p', attribute: 'onclick' }, { kind: 'handler', tag: 'b', attribute: 'onmouseover' }]],
    ['a javascript: link written with references', '<a href="java&#x09;script&colon;alert(1)">x</a>', [{ kind: 'url', tag: 'a', attribute: 'href', url: 'java\tscript:alert(1)' }]],
    ['a javascript: link after a control character', '<a href="\u000bjavascript:alert(1)">x</a>', [{ kind: 'url', tag: 'a', attribute: 'href', url: '\u000bjavascript:alert(1)' }]],
    ['a data: image', '<img src="data:image/png;base64,AAAA">', [{ kind: 'url', tag: 'img', attribute: 'src', url: 'data:image/png;base64,AAAA' }]],
    ['an SVG', '<svg/onload=alert(1)>', [{ kind: 'element', tag: 'svg' }, { kind: 'handler', tag: 'svg', attribute: 'onload' }]],
    ['an iframe', '<iframe srcdoc="<script>alert(1)</script>"></iframe>', [{ kind: 'element', tag: 'iframe' }]],
    ['a script URL in a style', '<p style="background:url(javascript:alert(1))">x</p>', [{ kind: 'url', tag: 'p', attribute: 'style', url: 'url(javascript:' }]],
    ['a handler hidden from other parsers by noscript', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">', [{ kind: 'element', tag: 'noscript' }, { kind: 'handler', tag: 'img', attribute: 'onerror' }]],
    ['a handler on a body start tag (the page’s body takes it)', "<BODY ONLOAD=alert('XSS')>", [{ kind: 'handler', tag: 'body', attribute: 'onload' }]],
    ['a script URL imported by a style sheet', "<style>@import'javascript:alert(1)';</style>", [{ kind: 'url', tag: 'style', attribute: 'style', url: "@import'javascript:" }]],
    ['a handler after a comment that ends early', '<!--<img src="--><img src=x onerror=alert(1)//">', [{ kind: 'handler', tag: 'img', attribute: 'onerror' }]],
  ])('%s', (_name, html, unsafe) => {
    expect(inspectHtml(html).unsafe).toEqual(unsafe);
  });

  it('finds nothing in markup the policy merely drops, and stores it sanitised', () => {
    expect(inspectHtml('<p style="color:red" id="x">a</p><font>b</font><style>p{}</style>')).toEqual({ safe: '<p>a</p>b', unsafe: [] });
    expect(inspectHtml('<a href="/i/resi">Resi</a> <a href="https://example.com">x</a> <a href="mailto:info@example.com">m</a> <a href="#faq">f</a>').unsafe).toEqual([]);
    // Words that merely mention scripts are text.
    expect(inspectHtml('<p>Scrivi &lt;script&gt; o javascript:alert(1) e onclick=1 nel testo</p>').unsafe).toEqual([]);
  });

  it('finds nothing in the demo CMS content', () => {
    const catalog = generateCatalog({ products: 10 });
    for (const doc of [...catalog.cmsPages, ...catalog.cmsBlocks]) expect(inspectHtml(doc.content), doc.identifier).toEqual({ safe: doc.content, unsafe: [] });
  });
});
