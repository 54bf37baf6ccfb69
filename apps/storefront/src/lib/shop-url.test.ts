import { describe, expect, it } from 'vitest';
import { absoluteUrl, shopUrl } from './shop-url.ts';

describe('shopUrl', () => {
  it('defaults to the port this process serves, and trims the configured value', () => {
    expect(shopUrl({})).toBe('http://localhost:3000');
    expect(shopUrl({ PORT: '4123' })).toBe('http://localhost:4123');
    expect(shopUrl({ PORT: '4123', SHOP_URL: 'not a url' })).toBe('http://localhost:4123');
    expect(shopUrl({ SHOP_URL: 'https://www.bottega.example/' })).toBe('https://www.bottega.example');
    expect(shopUrl({ SHOP_URL: 'https://www.bottega.example/negozio/' })).toBe('https://www.bottega.example/negozio');
    expect(shopUrl({ SHOP_URL: 'not a url' })).toBe('http://localhost:3000');
  });

  it('builds absolute URLs', () => {
    expect(absoluteUrl('/c/coltelli', 'https://x.example')).toBe('https://x.example/c/coltelli');
    expect(absoluteUrl('i/chi-siamo', 'https://x.example')).toBe('https://x.example/i/chi-siamo');
  });
});
