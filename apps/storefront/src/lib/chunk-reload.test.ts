import { describe, expect, it } from 'vitest';
import { isChunkLoadError, reloadAfterChunkFailure, type ReloadEnvironment } from './chunk-reload.ts';

function chunkError(message: string): Error {
  const error = new Error(message);
  error.name = 'ChunkLoadError';
  return error;
}

/** A browser stand-in: a tab at `url`, online or not, with its session storage. */
function tab(url: string, online = true) {
  const state = { now: 1_000_000, stored: null as string | null, reloads: 0, url, online };
  const env: ReloadEnvironment = {
    online: () => state.online,
    url: () => state.url,
    now: () => state.now,
    recall: () => state.stored,
    remember: (value) => (state.stored = value),
    reload: () => (state.reloads += 1),
  };
  return { state, env };
}

describe('isChunkLoadError', () => {
  it('knows the chunk errors of Turbopack, webpack and native dynamic imports', () => {
    expect(isChunkLoadError(chunkError('Failed to load chunk static/chunks/0x5p.js from module 75008'))).toBe(true);
    expect(isChunkLoadError(new Error('Loading chunk 42 failed.\n(error: https://shop/_next/static/chunks/42.js)'))).toBe(true);
    expect(isChunkLoadError(new Error('Loading CSS chunk 7 failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://shop/x.js'))).toBe(true);
  });

  it('leaves every other error alone', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isChunkLoadError('Failed to load chunk')).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});

describe('reloadAfterChunkFailure', () => {
  const failure = chunkError('Failed to load chunk static/chunks/a.js from module 1');

  it('reloads the page for a failed chunk when online', () => {
    const { state, env } = tab('https://shop/c/coltelli');
    expect(reloadAfterChunkFailure(failure, env)).toBe(true);
    expect(state.reloads).toBe(1);
  });

  it('does not reload offline, nor for other errors', () => {
    const offline = tab('https://shop/', false);
    expect(reloadAfterChunkFailure(failure, offline.env)).toBe(false);
    const online = tab('https://shop/');
    expect(reloadAfterChunkFailure(new Error('boom'), online.env)).toBe(false);
    expect(offline.state.reloads + online.state.reloads).toBe(0);
  });

  it('does not reload the same page again right after reloading it, but later or elsewhere', () => {
    const { state, env } = tab('https://shop/p/A/a');
    reloadAfterChunkFailure(failure, env);
    state.now += 5_000;
    expect(reloadAfterChunkFailure(failure, env)).toBe(false);
    state.url = 'https://shop/p/B/b';
    expect(reloadAfterChunkFailure(failure, env)).toBe(true);
    state.now += 31_000;
    expect(reloadAfterChunkFailure(failure, env)).toBe(true);
    expect(state.reloads).toBe(3);
  });
});
