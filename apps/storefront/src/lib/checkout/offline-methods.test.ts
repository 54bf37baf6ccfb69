import { describe, expect, it } from 'vitest';
import { parseOfferedMethods } from './offline-methods.ts';

describe('parseOfferedMethods', () => {
  it('reads the methods the shop offered last, and nothing from broken or foreign data', () => {
    const payment = [{ code: 'banktransfer', title: 'Bonifico bancario', cost: 0, cost_incl_tax: 0, default: true, offline: true, is_server_method: false }];
    const shipping = [{ carrier_code: 'flatrate', method_code: 'flatrate', carrier_title: 'Corriere espresso', method_title: '2-3 giorni' }];
    expect(parseOfferedMethods(JSON.stringify({ payment, shipping }))).toEqual({ payment, shipping });
    expect(parseOfferedMethods(JSON.stringify({ payment: [{ code: 1 }], shipping: 'x' }))).toEqual({ payment: null, shipping: null });
    expect(parseOfferedMethods('{not json')).toEqual({ payment: null, shipping: null });
    expect(parseOfferedMethods(null)).toEqual({ payment: null, shipping: null });
  });
});
