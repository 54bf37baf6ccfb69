import { describe, expect, it } from 'vitest';
import { offlineOrdersAutoSend } from './auto-send.ts';

describe('offlineOrdersAutoSend', () => {
  it('is off unless configured on (shopping.md §4: automatic transmission disabled by default)', () => {
    expect(offlineOrdersAutoSend({})).toBe(false);
    expect(offlineOrdersAutoSend({ OFFLINE_ORDERS_AUTO_SEND: 'false' })).toBe(false);
    expect(offlineOrdersAutoSend({ OFFLINE_ORDERS_AUTO_SEND: ' true ' })).toBe(true);
    expect(offlineOrdersAutoSend({ OFFLINE_ORDERS_AUTO_SEND: '1' })).toBe(true);
  });
});
