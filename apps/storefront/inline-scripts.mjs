// The script policy of cached pages (issue #17 item 4, ADR 0024). A cached page (home, category,
// product, CMS) is the same bytes for every visitor, so it cannot carry a per-request nonce, and
// Next writes its inline scripts (the RSC payload, the chunk list) per page and build, so their
// hashes cannot be listed in advance. They can be listed per answer: the front server has the
// page's HTML when it sends it, and the edge cache keeps the policy with the page. The policy
// proxy.ts gives such a page allows scripts with a nonce of its request (which a cached page
// cannot carry); here that nonce is replaced by the hashes of the inline scripts the page may run:
// - Next's own, recognised by their shape: data handed to its loader and nothing else (a push
//   whose argument is JSON, which is also a JavaScript literal without side effects);
// - the shop's own fixed scripts, named by hash by proxy.ts (the consent hint) in an internal
//   header that never leaves the storefront.
// Any other inline script, however it got into the HTML, is left out: the browser blocks it.
import { createHash } from 'node:crypto';

/** Hashes (CSP hash-source form) of the shop's own fixed inline scripts, from proxy.ts to the front server only. */
export const TRUSTED_SCRIPTS_HEADER = 'x-shop-trusted-scripts';

const FLIGHT_START = '(self.__next_f=self.__next_f||[]).push([0])';
const FLIGHT_PUSH = ['self.__next_f.push(', ')'];
const CHUNK_LIST = ['(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push(', ');'];

function isJson(text) {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const pushesJson = (body, [head, tail]) => body.startsWith(head) && body.endsWith(tail) && isJson(body.slice(head.length, -tail.length));

/** Whether an inline script is one Next writes into the pages it renders. */
export const isNextScript = (body) => body === FLIGHT_START || pushesJson(body, FLIGHT_PUSH) || pushesJson(body, CHUNK_LIST);

/** Scripts the browser runs: no type, or a JavaScript one (JSON-LD and other data blocks never run). */
const runs = (attributes) => {
  const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
  return type === undefined || type === 'module' || type === 'text/javascript' || type === 'application/javascript';
};

/** The texts of the inline scripts of an HTML document that a browser would run. */
export function inlineScripts(html) {
  const scripts = [];
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (!/\bsrc\s*=/i.test(attributes) && runs(attributes)) scripts.push(body);
  }
  return scripts;
}

/** The CSP hash-source of a script's text. */
export const scriptHash = (body) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;

/** Sources a page's own script list replaces: a request's nonce, listed hashes, an inline allowance. */
const replaced = (source, keepNonce) => (!keepNonce && source.startsWith("'nonce-")) || source.startsWith("'sha256-") || source === "'unsafe-inline'";

/**
 * `policy` with the nonce (unless `keepNonce`: a page rendered for this request, which carries it)
 * and any hash or inline allowance in its script-src replaced by the hashes of the inline scripts
 * of `html` that are Next's or listed in `trusted`, in the page's order; any other policy unchanged.
 */
export function withInlineScriptHashes(policy, html, trusted = [], { keepNonce = false } = {}) {
  const directives = policy.split(/;\s*/);
  const at = directives.findIndex((directive) => directive.startsWith('script-src '));
  if (at < 0) return policy;
  const sources = directives[at].split(' ');
  const first = sources.findIndex((source) => replaced(source, keepNonce));
  if (first < 0) return policy;
  const allowed = new Set();
  for (const body of inlineScripts(html)) {
    const hash = scriptHash(body);
    if (trusted.includes(hash) || isNextScript(body)) allowed.add(hash);
  }
  const kept = sources.map((source, i) => (i === first ? [...allowed] : replaced(source, keepNonce) ? [] : [source]));
  directives[at] = kept.flat().join(' ');
  return directives.join('; ');
}
