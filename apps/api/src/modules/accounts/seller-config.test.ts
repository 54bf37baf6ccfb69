import { describe, expect, it } from 'vitest';
import { DEMO_SELLER, loadConfig } from '../../config.ts';

const seller = { SELLER_NAME: 'Cucine Rossi srl', SELLER_VAT_ID: 'IT 00743110157', SELLER_ADDRESS: 'Via Torino 5, 10121 Torino (TO)' };

describe('seller configuration (the invoices)', () => {
  it('uses the demo placeholder outside production when nothing is set', () => {
    expect(loadConfig({}).seller).toEqual(DEMO_SELLER);
  });

  it('takes the SELLER_* variables; the codice fiscale defaults to the partita IVA', () => {
    expect(loadConfig(seller).seller).toEqual({ name: 'Cucine Rossi srl', vatId: '00743110157', fiscalCode: '00743110157', address: 'Via Torino 5, 10121 Torino (TO)' });
    const full = loadConfig({ ...seller, SELLER_FISCAL_CODE: 'rssmra79b11c566r', SELLER_PEC: 'fatture@pec.example.it', SELLER_REA: 'TO-1234567', NODE_ENV: 'production' });
    expect(full.seller).toMatchObject({ fiscalCode: 'RSSMRA79B11C566R', pec: 'fatture@pec.example.it', rea: 'TO-1234567' });
  });

  it('refuses a bad partita IVA, a partial seller, and production without a seller', () => {
    expect(() => loadConfig({ ...seller, SELLER_VAT_ID: '12345678901' })).toThrow(/SELLER_VAT_ID: must be a valid partita IVA/);
    expect(() => loadConfig({ SELLER_VAT_ID: '00743110157' })).toThrow(/SELLER_NAME, SELLER_VAT_ID and SELLER_ADDRESS go together/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SELLER_VAT_ID: is required in production/);
  });
});
