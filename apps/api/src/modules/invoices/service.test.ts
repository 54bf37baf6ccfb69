import type { Db } from '@shop/db';
import { describe, expect, it } from 'vitest';
import { parseSeat } from './document.ts';
import { InvoiceService } from './service.ts';

const seller = { name: 'Bottega Pro srl', vatId: '01234560157', fiscalCode: '01234560157', regimeFiscale: 'RF01' as const, seat: parseSeat('Via Roma 1, 20121 Milano (MI)')! };
/** A database that must not be touched. */
const untouchable = new Proxy({}, { get: () => { throw new Error('the database was used'); } }) as Db;

describe('INVOICE_ON', () => {
  it('issues at the configured moment only: shipped ignores the payment, paid ignores the shipment', async () => {
    const onShipped = new InvoiceService(untouchable, { on: 'shipped', seller, zeroRateNatura: 'N2.2' });
    expect(await onShipped.onOrder(untouchable, 1, 'paid')).toBeNull();
    const onPaid = new InvoiceService(untouchable, { on: 'paid', seller, zeroRateNatura: 'N2.2' });
    expect(await onPaid.onOrder(untouchable, 1, 'shipped')).toBeNull();
    await expect(onPaid.onOrder(untouchable, 1, 'paid')).rejects.toThrow('the database was used');
  });
});
