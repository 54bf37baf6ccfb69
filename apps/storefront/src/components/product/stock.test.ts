import { describe, expect, it } from 'vitest';
import { availabilityLine, availabilityView, availableFrom, batches, maxOrderQuantity, stockStatus } from './stock.ts';

describe('stockStatus', () => {
  const inStock = { is_in_stock: true, qty: 5 };
  const out = { is_in_stock: false, qty: 0 };

  it('prefers the live check, then the cached stock, else volatile', () => {
    expect(stockStatus(out, inStock)).toBe('out_of_stock');
    expect(stockStatus(undefined, inStock)).toBe('ok');
    expect(stockStatus(null, out)).toBe('out_of_stock');
    expect(stockStatus(undefined, undefined)).toBe('volatile');
  });

  it('treats unmanaged stock as available', () => {
    expect(stockStatus({ is_in_stock: false, qty: 0, manage_stock: false }, undefined)).toBe('ok');
  });
});

describe('batches', () => {
  it('splits stock lists into batches of 15', () => {
    const skus = Array.from({ length: 32 }, (_, i) => `S${i}`);
    expect(batches(skus).map((b) => b.length)).toEqual([15, 15, 2]);
    expect(batches([])).toEqual([]);
  });
});

describe('availabilityView', () => {
  it('styles the known texts and falls back to the default text', () => {
    expect(availabilityView({ message: 'disponibilità immediata' })).toEqual({ tone: 'available', key: 'stock.availability.immediate' });
    expect(availabilityView({ message: 'Disponibili pochi pezzi ' })).toEqual({ tone: 'low', key: 'stock.availability.low' });
    expect(availabilityView({ message: '' })).toEqual({ tone: 'neutral', key: 'stock.availability.default' });
    expect(availabilityView({})).toEqual({ tone: 'neutral', key: 'stock.availability.default' });
    expect(availabilityView({ message: 'Su ordinazione' })).toEqual({ tone: 'neutral', text: 'Su ordinazione' });
  });
});

describe('availabilityLine', () => {
  const texts = { inStock: 'Disponibile!', outOfStock: 'Esaurito!' };
  const immediate = { tone: 'available' as const, text: 'Disponibilità immediata' };
  const none = { tone: 'neutral' as const, text: 'Contattaci per conoscere la disponibilità', isDefault: true };
  it('says one thing: sold out wins, else the stated availability, else the stock check', () => {
    expect(availabilityLine('out_of_stock', immediate, texts)).toEqual({ text: 'Esaurito!', tone: 'out_of_stock' });
    expect(availabilityLine('out_of_stock', none, texts)).toEqual({ text: 'Esaurito!', tone: 'out_of_stock' });
    expect(availabilityLine('ok', immediate, texts)).toEqual({ text: 'Disponibilità immediata', tone: 'available' });
    expect(availabilityLine('ok', none, texts)).toEqual({ text: 'Disponibile!', tone: 'available' });
    expect(availabilityLine('volatile', none, texts)).toEqual({ text: 'Contattaci per conoscere la disponibilità', tone: 'neutral' });
    expect(availabilityLine('volatile', { tone: 'low', text: 'Disponibili pochi pezzi' }, texts)).toEqual({ text: 'Disponibili pochi pezzi', tone: 'low' });
  });
});

describe('availableFrom', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  it('formats a coming date as D/M/YYYY and hides past or broken ones', () => {
    expect(availableFrom('2026-12-05', now)).toBe('5/12/2026');
    expect(availableFrom('2026-11-22', now)).toBe('22/11/2026');
    expect(availableFrom('2026-11-21', now)).toBeNull();
    expect(availableFrom('domani', now)).toBeNull();
    expect(availableFrom(undefined, now)).toBeNull();
  });

  it('takes today from Rome: at 23:30 UTC it is already the next day there', () => {
    const lateEvening = new Date('2026-11-22T23:30:00Z'); // 00:30 on 23/11 in Rome
    expect(availableFrom('2026-11-22', lateEvening)).toBeNull();
    expect(availableFrom('2026-11-23', lateEvening)).toBe('23/11/2026');
  });
});

describe('maxOrderQuantity', () => {
  it('is limited by managed stock and the maximum sale quantity', () => {
    expect(maxOrderQuantity({ is_in_stock: true, qty: 3, manage_stock: true, max_sale_qty: 10000 })).toBe(3);
    expect(maxOrderQuantity({ is_in_stock: true, qty: 0, manage_stock: true, max_sale_qty: 100 })).toBe(100);
    expect(maxOrderQuantity({ is_in_stock: true, qty: 7, manage_stock: false })).toBeUndefined();
    expect(maxOrderQuantity(undefined)).toBeUndefined();
  });
});
