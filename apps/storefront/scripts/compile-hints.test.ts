import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM build step
import { COMPILE_HINT, firstLoadChunks, markFirstLoadChunks, withCompileHint } from './compile-hints.mjs';

/** A client reference manifest as Next writes it: a script assigning the route's manifest. */
const clientManifest = (route: string, entryJSFiles: Record<string, string[]>) =>
  `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST[${JSON.stringify(route)}] = ${JSON.stringify({ clientModules: {}, entryJSFiles })};\n`;

describe('firstLoadChunks', () => {
  it("takes the framework's chunks and every route's entry chunks, once each", () => {
    const chunks = firstLoadChunks({ rootMainFiles: ['static/chunks/react.js', 'static/chunks/runtime.js'] }, [
      clientManifest('/c/[slug]/page', { layout: ['static/chunks/layout.js'], page: ['static/chunks/layout.js', 'static/chunks/category.js'] }),
      clientManifest('/checkout/page', { page: ['static/chunks/checkout.js', 'static/css/checkout.css'] }),
    ]);
    expect(chunks).toEqual(['static/chunks/category.js', 'static/chunks/checkout.js', 'static/chunks/layout.js', 'static/chunks/react.js', 'static/chunks/runtime.js']);
  });
});

describe('withCompileHint', () => {
  it('puts the hint on the first line once', () => {
    const marked = withCompileHint('(()=>{})();');
    expect(marked).toBe(`${COMPILE_HINT}(()=>{})();`);
    expect(marked.split('\n')[0]).toBe('//# allFunctionsCalledOnLoad');
    expect(withCompileHint(marked)).toBe(marked);
  });
});

describe('markFirstLoadChunks', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("marks a build's first-load chunks and leaves the chunks loaded later as they are", () => {
    dir = mkdtempSync(join(tmpdir(), 'compile-hints-'));
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    };
    write('build-manifest.json', JSON.stringify({ rootMainFiles: ['static/chunks/react.js'] }));
    write('server/app/[store]/c/[slug]/page_client-reference-manifest.js', clientManifest('/[store]/c/[slug]/page', { page: ['static/chunks/category.js'] }));
    write('static/chunks/react.js', 'react();');
    write('static/chunks/category.js', 'category();');
    write('static/chunks/widget.js', 'widget();');

    expect(markFirstLoadChunks(dir)).toEqual(['static/chunks/category.js', 'static/chunks/react.js']);
    markFirstLoadChunks(dir); // a second run (a rebuild step run twice) changes nothing more
    const read = (name: string) => readFileSync(join(dir, 'static/chunks', name), 'utf8');
    expect(read('react.js')).toBe(`${COMPILE_HINT}react();`);
    expect(read('category.js')).toBe(`${COMPILE_HINT}category();`);
    expect(read('widget.js')).toBe('widget();');
  });
});
