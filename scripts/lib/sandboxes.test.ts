import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../apps/api/src/config.ts';
import { SalesmanagoCrm } from '../../apps/api/src/modules/crm/salesmanago.ts';
import { HttpSdiChannel } from '../../apps/api/src/modules/invoices/sdi/http-channel.ts';
import { MailchimpList } from '../../apps/api/src/modules/newsletter/mailchimp.ts';
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { DEFAULT_SANDBOX_PORT, sandboxPorts, sandboxPortSetting, servicesWithoutCredentials, startServiceSandboxes } from './sandboxes.mjs';

describe('sandboxes of npm start', () => {
  it('serve only the services without real credentials', () => {
    expect(servicesWithoutCredentials({})).toEqual({ stripe: true, alma: true, paypal: true, mailchimp: true, salesmanago: true, sdi: true });
    expect(servicesWithoutCredentials({ STRIPE_SECRET_KEY: 'sk_live_x', PAYPAL_CLIENT_ID: 'id', SALESMANAGO_CLIENT_ID: 'c' })).toEqual({
      stripe: false,
      alma: true,
      paypal: false,
      mailchimp: true,
      salesmanago: false,
      sdi: true,
    });
  });

  it('take SANDBOX_PORT and the next five ports, 3002 when unset, and refuse a value naming the setting (issue 42)', async () => {
    expect(sandboxPortSetting(undefined)).toBe(DEFAULT_SANDBOX_PORT);
    expect(DEFAULT_SANDBOX_PORT).toBe(3002);
    expect(sandboxPortSetting('4100')).toBe(4100);
    expect(await sandboxPorts(4100)).toEqual({ stripe: 4100, alma: 4101, paypal: 4102, mailchimp: 4103, salesmanago: 4104, sdi: 4105 });
    for (const bad of ['abc', '0', '65531', '-1', '3000.5']) expect(() => sandboxPortSetting(bad), bad).toThrow(/^SANDBOX_PORT must be a port number from 1 to 65530/);
    // Without a first port (the tests' shops, side by side): free ports, one per sandbox.
    expect(new Set(Object.values(await sandboxPorts(undefined))).size).toBe(6);
  });

  it('never start in production, when switched off, or when every service has credentials: nothing is pointed at them', async () => {
    const all = { STRIPE_SECRET_KEY: 'sk_test_x', ALMA_API_KEY: 'sk_test_y', PAYPAL_CLIENT_ID: 'id', MAILCHIMP_API_KEY: 'k', SALESMANAGO_CLIENT_ID: 'c', SDI_API_KEY: 's' };
    for (const env of [{ NODE_ENV: 'production' }, { SANDBOXES: 'off' }, { PAYMENT_SANDBOXES: 'off' }, all]) {
      const started = await startServiceSandboxes(env, { apiPort: 1, stdio: 'ignore' });
      expect(started.apiEnv).toEqual({});
      expect(started.child).toBeUndefined();
      await started.stop();
    }
  });

  it('point the services without credentials at a running sandbox the API accepts, and stop it', async () => {
    const started = await startServiceSandboxes({ STRIPE_SECRET_KEY: 'sk_live_real', STRIPE_WEBHOOK_SECRET: 'whsec_real' }, { apiPort: 1, stdio: 'ignore' });
    try {
      expect(Object.keys(started.apiEnv).sort()).toEqual([
        'ALMA_API_KEY',
        'ALMA_API_URL',
        'MAILCHIMP_API_KEY',
        'MAILCHIMP_API_URL',
        'MAILCHIMP_LIST_ID',
        'PAYPAL_API_URL',
        'PAYPAL_CLIENT_ID',
        'PAYPAL_CLIENT_SECRET',
        'SALESMANAGO_API_KEY',
        'SALESMANAGO_API_SECRET',
        'SALESMANAGO_API_URL',
        'SALESMANAGO_CLIENT_ID',
        'SALESMANAGO_OWNER',
        'SDI_API_KEY',
        'SDI_API_URL',
      ]);
      const token = await fetch(`${started.apiEnv.PAYPAL_API_URL}/v1/oauth2/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${started.apiEnv.PAYPAL_CLIENT_ID}:${started.apiEnv.PAYPAL_CLIENT_SECRET}`).toString('base64')}` },
        body: 'grant_type=client_credentials',
      });
      expect(token.status).toBe(200);

      // The API reads that environment as a Mailchimp audience and a CRM, and their clients reach the sandboxes.
      const config = loadConfig({ ...started.apiEnv, STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
      expect(config.mailchimp?.apiUrl).toBe(started.apiEnv.MAILCHIMP_API_URL);
      expect(config.salesmanago?.apiUrl).toBe(started.apiEnv.SALESMANAGO_API_URL);
      expect(config.sdi?.apiUrl).toBe(started.apiEnv.SDI_API_URL);
      const list = new MailchimpList(config.mailchimp!);
      await list.subscribe('lettrice@example.com');
      expect(await list.status('lettrice@example.com')).toBe('subscribed');
      await expect(new SalesmanagoCrm(config.salesmanago!).upsert({ email: 'cliente@example.com', name: 'Anna Rossi', tags: ['SHOP'] })).resolves.toBeUndefined();
      // The SdI intermediary takes a file; its "SdI" answers a few seconds later, as the real one answers later.
      const sdi = new HttpSdiChannel(config.sdi!);
      const { id } = await sdi.send({ fileName: 'IT01234567890_Q0001.xml', xml: '<p:FatturaElettronica></p:FatturaElettronica>' });
      expect(await sdi.state(id)).toEqual({ status: 'sent' });
    } finally {
      await started.stop();
    }
    expect(started.child.exitCode !== null || started.child.signalCode !== null).toBe(true);
  });
});
