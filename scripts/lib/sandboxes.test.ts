import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { methodsWithoutCredentials, startPaymentSandboxes } from './sandboxes.mjs';

describe('payment sandboxes of npm start', () => {
  it('serve only the methods without real credentials', () => {
    expect(methodsWithoutCredentials({})).toEqual({ stripe: true, alma: true, paypal: true });
    expect(methodsWithoutCredentials({ STRIPE_SECRET_KEY: 'sk_live_x', PAYPAL_CLIENT_ID: 'id' })).toEqual({ stripe: false, alma: true, paypal: false });
  });

  it('never start in production, when switched off, or when every method has credentials: nothing is pointed at them', async () => {
    const all = { STRIPE_SECRET_KEY: 'sk_test_x', ALMA_API_KEY: 'sk_test_y', PAYPAL_CLIENT_ID: 'id' };
    for (const env of [{ NODE_ENV: 'production' }, { PAYMENT_SANDBOXES: 'off' }, all]) {
      const started = await startPaymentSandboxes(env, { apiPort: 1, stdio: 'ignore' });
      expect(started.apiEnv).toEqual({});
      expect(started.child).toBeUndefined();
      await started.stop();
    }
  });

  it('point the methods without credentials at a running sandbox, and stop it', async () => {
    const started = await startPaymentSandboxes({ STRIPE_SECRET_KEY: 'sk_live_real', STRIPE_WEBHOOK_SECRET: 'whsec_real' }, { apiPort: 1, stdio: 'ignore' });
    try {
      expect(Object.keys(started.apiEnv).sort()).toEqual(['ALMA_API_KEY', 'ALMA_API_URL', 'PAYPAL_API_URL', 'PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET']);
      const token = await fetch(`${started.apiEnv.PAYPAL_API_URL}/v1/oauth2/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${started.apiEnv.PAYPAL_CLIENT_ID}:${started.apiEnv.PAYPAL_CLIENT_SECRET}`).toString('base64')}` },
        body: 'grant_type=client_credentials',
      });
      expect(token.status).toBe(200);
    } finally {
      await started.stop();
    }
    expect(started.child.exitCode !== null || started.child.signalCode !== null).toBe(true);
  });
});
