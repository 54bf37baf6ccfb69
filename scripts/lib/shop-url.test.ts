import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { checkShopUrl } from './shop-url.mjs';

describe('checkShopUrl (start-time check of the public address)', () => {
  it('names what npm start serves and warns loudly when SHOP_URL is missing', () => {
    const result = checkShopUrl({}, 4100);
    expect(result.url).toBe('http://localhost:4100');
    expect(result.warning).toMatch(/SHOP_URL is not set.*http:\/\/localhost:4100/);
  });

  it('takes a configured address without a warning', () => {
    expect(checkShopUrl({ SHOP_URL: 'https://www.bottega.example/' }, 3000)).toEqual({ url: 'https://www.bottega.example' });
  });

  it('refuses an address that is not an http(s) URL', () => {
    expect(checkShopUrl({ SHOP_URL: 'www.bottega.example' }, 3000).error).toMatch(/not a URL/);
    expect(checkShopUrl({ SHOP_URL: 'ftp://bottega.example' }, 3000).error).toMatch(/http\(s\)/);
  });
});
