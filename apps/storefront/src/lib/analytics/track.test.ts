import { formatConsent } from '@shop/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { purchase, valueEvent } from './ga4.ts';
import { itemFor, rememberItems, track, trackPurchaseOnce } from './track.ts';

/** A browser's globals, enough for the tracker: cookie, window, both storages. */
function fakeBrowser(cookie: string) {
  const storage = () => {
    const map = new Map<string, string>();
    return { getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value), map };
  };
  const win: { dataLayer?: unknown[] } = {};
  vi.stubGlobal('document', { cookie });
  vi.stubGlobal('window', win);
  vi.stubGlobal('localStorage', storage());
  vi.stubGlobal('sessionStorage', storage());
  return win;
}

const consent = (analytics: boolean) => `bp_consent=${formatConsent({ analytics, marketing: false }, Date.now())}`;
const item = { sku: 'A', name: 'Coltello', priceCents: 1999, categories: ['Coltelli'] };

describe('tracker', () => {
  afterEach(() => vi.unstubAllGlobals());

  describe('without analytics consent', () => {
    let win: { dataLayer?: unknown[] };
    beforeEach(() => {
      win = fakeBrowser('other=1');
    });
    it('pushes nothing, creates no dataLayer and stores nothing', () => {
      expect(track(valueEvent('view_item', [item]))).toBe(false);
      rememberItems([item]);
      trackPurchaseOnce('1', () => purchase({ transactionId: '1', items: [item], taxCents: 0, shippingCents: 0 }));
      expect(win.dataLayer).toBeUndefined();
      expect(itemFor({ sku: 'A', name: 'Coltello', qty: 1 }).categories).toBeUndefined();
      expect((localStorage as unknown as { map: Map<string, string> }).map.size).toBe(0);
    });
    it('also after a refusal', () => {
      fakeBrowser(consent(false));
      expect(track(valueEvent('view_item', [item]))).toBe(false);
    });
  });

  describe('with analytics consent', () => {
    it('clears the previous ecommerce object before each event', () => {
      const win = fakeBrowser(consent(true));
      track([...valueEvent('view_item', [item]), { event: 'login', method: 'email' }]);
      expect(win.dataLayer?.map((entry) => (entry as { event?: string }).event ?? entry)).toEqual([{ ecommerce: null }, 'view_item', 'login']);
    });

    it('gives cart lines the categories and price of the product seen, also under its parent sku', () => {
      fakeBrowser(consent(true));
      rememberItems([{ ...item, sku: 'A-RED', parentSku: 'A' }]);
      expect(itemFor({ sku: 'A-BLUE', parentSku: 'A', name: 'Coltello blu', qty: 2 })).toEqual({ sku: 'A-BLUE', name: 'Coltello blu', quantity: 2, priceCents: 1999, categories: ['Coltelli'] });
      expect(itemFor({ sku: 'A-RED', name: 'Coltello', qty: 1, priceCents: 1500 }).priceCents).toBe(1500);
    });

    it('sends a purchase once per order number, whatever the reloads', () => {
      const win = fakeBrowser(consent(true));
      const send = (id: string) => trackPurchaseOnce(id, () => purchase({ transactionId: id, items: [item], taxCents: 440, shippingCents: 549 }));
      send('000000007');
      send('000000007');
      win.dataLayer = [];
      send('000000007');
      send('000000008');
      expect(win.dataLayer.filter((entry) => (entry as { event?: string }).event === 'purchase')).toHaveLength(1);
    });
  });
});
