import { describe, expect, it } from 'vitest';
import { DEMO_SELLER, loadConfig, SELLER_REQUIRED_IN_PRODUCTION, sellerSourcesOf } from '../../config.ts';

const contact = { SELLER_PHONE: '+39 011 1234567', SELLER_EMAIL: 'info@cucinerossi.example' };
const seller = { SELLER_NAME: 'Cucine Rossi srl', SELLER_VAT_ID: 'IT 00743110157', SELLER_ADDRESS: 'Via Torino 5, 10121 Torino (TO)' };

describe('seller configuration (the invoices)', () => {
  it('uses the demo placeholder outside production when nothing is set', () => {
    expect(loadConfig({}).seller).toEqual(DEMO_SELLER);
  });

  it('takes the SELLER_* variables; the codice fiscale defaults to the partita IVA', () => {
    expect(loadConfig(seller).seller).toEqual({ name: 'Cucine Rossi srl', vatId: '00743110157', fiscalCode: '00743110157', address: 'Via Torino 5, 10121 Torino (TO)', phone: DEMO_SELLER.phone, email: DEMO_SELLER.email });
    const full = loadConfig({ ...seller, ...contact, SELLER_FISCAL_CODE: 'rssmra79b11c566r', SELLER_PEC: 'fatture@pec.example.it', SELLER_REA: 'TO-1234567', NODE_ENV: 'production' });
    expect(full.seller).toMatchObject({ fiscalCode: 'RSSMRA79B11C566R', pec: 'fatture@pec.example.it', rea: 'TO-1234567', phone: '+39 011 1234567', email: 'info@cucinerossi.example' });
  });

  it('refuses a bad partita IVA, a partial seller, and production without a seller', () => {
    expect(() => loadConfig({ ...seller, SELLER_VAT_ID: '12345678901' })).toThrow(/SELLER_VAT_ID: must be a valid partita IVA/);
    expect(() => loadConfig({ SELLER_VAT_ID: '00743110157' })).toThrow(/SELLER_NAME, SELLER_VAT_ID and SELLER_ADDRESS go together/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SELLER_VAT_ID: is required in production/);
  });

  it('refuses to start in production without any one SELLER_* value, naming it', () => {
    for (const name of SELLER_REQUIRED_IN_PRODUCTION) {
      const env: Record<string, string> = { ...seller, ...contact, NODE_ENV: 'production' };
      delete env[name];
      expect(() => loadConfig(env), name).toThrow(new RegExp(`\\n  ${name}: is required in production`));
    }
    expect(SELLER_REQUIRED_IN_PRODUCTION).toEqual(['SELLER_NAME', 'SELLER_VAT_ID', 'SELLER_ADDRESS', 'SELLER_PHONE', 'SELLER_EMAIL']);
  });

  it('demo phone and e-mail outside production; bad ones named', () => {
    expect(loadConfig({}).seller).toMatchObject({ phone: '+39 02 0000000', email: 'info@bottega-pro.example' });
    expect(() => loadConfig({ SELLER_PHONE: 'chiamaci' })).toThrow(/SELLER_PHONE: must be a phone number/);
    expect(() => loadConfig({ SELLER_EMAIL: 'info' })).toThrow(/SELLER_EMAIL: must be an e-mail address/);
  });

  it('DELIVERY_DAYS: one promise, 2-3 working days unless set', () => {
    expect(loadConfig({}).deliveryDays).toEqual({ min: 2, max: 3 });
    expect(loadConfig({ DELIVERY_DAYS: '1' }).deliveryDays).toEqual({ min: 1, max: 1 });
    expect(() => loadConfig({ DELIVERY_DAYS: '3-2' })).toThrow(/DELIVERY_DAYS: the second number/);
    expect(() => loadConfig({ DELIVERY_DAYS: 'presto' })).toThrow(/DELIVERY_DAYS: must be working days/);
  });

  it('says where each value came from, for the back office (issue #45 point 4)', () => {
    const demo = { name: 'demo', vatId: 'demo', fiscalCode: 'demo', address: 'demo', pec: 'demo', rea: 'demo', phone: 'demo', email: 'demo', regimeFiscale: 'default', deliveryDays: 'default' };
    expect(loadConfig({}).sellerSources).toEqual(demo);
    expect(sellerSourcesOf(undefined)).toEqual(demo);
    // The codice fiscale is the partita IVA unless set; a PEC or REA not set is unset, the contacts the demo's.
    expect(loadConfig({ ...seller, DELIVERY_DAYS: '1' }).sellerSources).toEqual({
      name: 'env', vatId: 'env', fiscalCode: 'derived', address: 'env', pec: 'unset', rea: 'unset', phone: 'demo', email: 'demo', regimeFiscale: 'default', deliveryDays: 'env',
    });
    expect(loadConfig({ ...seller, ...contact, SELLER_FISCAL_CODE: 'RSSMRA79B11C566R', SELLER_PEC: 'fatture@pec.example.it', SELLER_REA: 'TO-1234567', SELLER_REGIME_FISCALE: 'RF19' }).sellerSources).toEqual({
      name: 'env', vatId: 'env', fiscalCode: 'env', address: 'env', pec: 'env', rea: 'env', phone: 'env', email: 'env', regimeFiscale: 'env', deliveryDays: 'default',
    });
    // A contact set without the rest: that one is the variable's, the others the demo's.
    expect(loadConfig(contact).sellerSources).toMatchObject({ name: 'demo', phone: 'env', email: 'env' });
    expect(sellerSourcesOf({ ...DEMO_SELLER, pec: undefined }, { deliveryDays: true })).toMatchObject({ name: 'env', pec: 'unset', deliveryDays: 'env', regimeFiscale: 'default' });
  });
});
