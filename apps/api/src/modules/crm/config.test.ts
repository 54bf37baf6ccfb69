import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';

const credentials = { SALESMANAGO_CLIENT_ID: 'bottega01', SALESMANAGO_API_KEY: 'key-0123', SALESMANAGO_API_SECRET: 'secret-abc', SALESMANAGO_OWNER: 'crm@bottega-pro.example' };

describe('CRM configuration', () => {
  it('has no CRM without credentials, in production too', () => {
    expect(loadConfig({}).salesmanago).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'production', SELLER_NAME: 'Cucine Rossi srl', SELLER_VAT_ID: '00743110157', SELLER_ADDRESS: 'Via Torino 5, 10121 Torino (TO)', SELLER_PHONE: '+39 011 1234567', SELLER_EMAIL: 'info@cucinerossi.example' }).salesmanago).toBeUndefined();
  });

  it('switches SALESmanago on with the four credentials, on its default server or the one given', () => {
    expect(loadConfig(credentials).salesmanago).toEqual({ clientId: 'bottega01', apiKey: 'key-0123', apiSecret: 'secret-abc', owner: 'crm@bottega-pro.example', apiUrl: 'https://www.salesmanago.com' });
    expect(loadConfig({ ...credentials, SALESMANAGO_API_URL: 'https://app3.salesmanago.com' }).salesmanago?.apiUrl).toBe('https://app3.salesmanago.com');
  });

  it('refuses partial credentials and a malformed owner or server', () => {
    expect(() => loadConfig({ SALESMANAGO_CLIENT_ID: 'bottega01' })).toThrow(/go together/);
    expect(() => loadConfig({ ...credentials, SALESMANAGO_API_SECRET: undefined })).toThrow(/go together/);
    expect(() => loadConfig({ ...credentials, SALESMANAGO_OWNER: 'crm' })).toThrow(/SALESMANAGO_OWNER/);
    expect(() => loadConfig({ ...credentials, SALESMANAGO_API_URL: 'app3.salesmanago.com' })).toThrow(/SALESMANAGO_API_URL/);
  });
});
