import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';

const production = { NODE_ENV: 'production', SELLER_NAME: 'Cucine Rossi srl', SELLER_VAT_ID: '00743110157', SELLER_ADDRESS: 'Via Torino 5, 10121 Torino (TO)', SELLER_PHONE: '+39 011 1234567', SELLER_EMAIL: 'info@cucinerossi.example' };

describe('SdI configuration', () => {
  it('sends nothing without the intermediary’s URL and key, in production too (never a stand-in)', () => {
    expect(loadConfig({}).sdi).toBeUndefined();
    expect(loadConfig(production).sdi).toBeUndefined();
  });

  it('sends through the intermediary given both, asking every SDI_POLL_SECONDS (60 by default)', () => {
    const env = { SDI_API_URL: 'https://api.intermediario.example/v1', SDI_API_KEY: 'chiave-123' };
    expect(loadConfig(env).sdi).toEqual({ apiUrl: 'https://api.intermediario.example/v1', apiKey: 'chiave-123', pollIntervalMs: 60_000 });
    expect(loadConfig({ ...env, SDI_POLL_SECONDS: '300' }).sdi?.pollIntervalMs).toBe(300_000);
  });

  it('refuses one without the other, and a URL that is not one', () => {
    expect(() => loadConfig({ SDI_API_URL: 'https://api.intermediario.example/v1' })).toThrow(/SDI_API_URL and SDI_API_KEY go together/);
    expect(() => loadConfig({ SDI_API_KEY: 'chiave-123' })).toThrow(/go together/);
    expect(() => loadConfig({ SDI_API_URL: 'api.intermediario.example', SDI_API_KEY: 'chiave-123' })).toThrow(/SDI_API_URL/);
  });
});
