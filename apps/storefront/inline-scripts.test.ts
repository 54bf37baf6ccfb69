import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TRUSTED_SCRIPTS_HEADER as PROXY_HEADER } from './src/lib/security-headers.ts';
// @ts-expect-error -- plain ESM module loaded by the front server at run time
import { TRUSTED_SCRIPTS_HEADER, inlineScripts, isNextScript, scriptHash, withInlineScriptHashes } from './inline-scripts.mjs';

const scriptSrc = (policy: string) => policy.split('; ').find((d) => d.startsWith('script-src '));
const sha = (body: string) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;

const CONSENT = "if(!/(^|;)\\s*bp_consent=/.test(document.cookie))document.documentElement.setAttribute('data-consent-needed','')";
const POLICY = `default-src 'self'; script-src 'self' 'nonce-abc' ${sha(CONSENT)} https://www.googletagmanager.com; style-src 'self' 'unsafe-inline'; object-src 'none'`;

// The inline scripts Next 16 writes into a cached page (copied from a rendered category page).
const FLIGHT_START = '(self.__next_f=self.__next_f||[]).push([0])';
const FLIGHT = 'self.__next_f.push([1,"1:\\"$Sreact.fragment\\"\\n2:I[\\"/_next/static/chunks/a.js\\"]\\n3:\\"\\u003cb\\u003e€\\"\\n"])';
const CHUNKS = '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["static/chunks/41evx_p1_wkf-.js"],"runtimeModuleIds":[494553]});';

const page = (...scripts: string[]) =>
  `<!DOCTYPE html><html><head><script src="/_next/static/chunks/a.js" async=""></script></head><body><h1>Coltelli</h1>` +
  `<script type="application/ld+json">{"@type":"FAQPage"}</script>${scripts.map((s, i) => (i === 1 ? `<script id="_R_">${s}</script>` : `<script>${s}</script>`)).join('')}</body></html>`;

describe('cached page script policy', () => {
  it("names the page's own inline scripts by hash in place of the request's nonce, and changes nothing else", () => {
    const policy = withInlineScriptHashes(POLICY, page(FLIGHT_START, CHUNKS, FLIGHT, CONSENT), [sha(CONSENT)]);
    expect(scriptSrc(policy)).toBe(`script-src 'self' ${sha(FLIGHT_START)} ${sha(CHUNKS)} ${sha(FLIGHT)} ${sha(CONSENT)} https://www.googletagmanager.com`);
    expect(policy.replace(scriptSrc(policy)!, '')).toBe(POLICY.replace(scriptSrc(POLICY)!, ''));
    expect(scriptHash(FLIGHT)).toBe(sha(FLIGHT));
  });

  it('leaves out any other inline script: injected, or dressed as Next data with code after it', () => {
    const injected = ['alert(document.cookie)', 'self.__next_f.push([1,"x"]);alert(1)', 'self.__next_f.push(alert(1))', '(self.__next_f=self.__next_f||[]).push([0]);alert(1)', CONSENT];
    for (const body of injected) {
      expect(isNextScript(body), body).toBe(false);
      expect(scriptSrc(withInlineScriptHashes(POLICY, page(FLIGHT_START, CHUNKS, body)))).toBe(`script-src 'self' ${sha(FLIGHT_START)} ${sha(CHUNKS)} https://www.googletagmanager.com`);
    }
    // A script whose tag cannot be read plainly (a ">" in an attribute) is not taken apart either.
    expect(inlineScripts('<script data-x=">" >alert(1)</script>')).toEqual(['" >alert(1)']);
  });

  it('reads only the scripts a browser runs: not external ones, not data blocks', () => {
    const html = '<script src="/a.js"></script><script type="application/ld+json">{}</script><script type="module">m()</script><script type="text/javascript">t()</script><SCRIPT>u()</SCRIPT >';
    expect(inlineScripts(html)).toEqual(['m()', 't()', 'u()']);
  });

  it('keeps the nonce of a page rendered for its request beside the hashes, and never lets an inline allowance through', () => {
    expect(scriptSrc(withInlineScriptHashes(POLICY, page(FLIGHT, 'alert(1)'), [sha(CONSENT)], { keepNonce: true }))).toBe(`script-src 'self' 'nonce-abc' ${sha(FLIGHT)} https://www.googletagmanager.com`);
    expect(scriptSrc(withInlineScriptHashes("script-src 'self' 'unsafe-inline'", page(FLIGHT)))).toBe(`script-src 'self' ${sha(FLIGHT)}`);
    expect(scriptSrc(withInlineScriptHashes(POLICY, '<p>no scripts</p>'))).toBe("script-src 'self' https://www.googletagmanager.com");
    const plain = "script-src 'self'; object-src 'none'";
    expect(withInlineScriptHashes(plain, page(FLIGHT))).toBe(plain);
  });

  it('is told the trusted scripts under the header the proxy sets', () => {
    expect(TRUSTED_SCRIPTS_HEADER).toBe(PROXY_HEADER);
  });
});
