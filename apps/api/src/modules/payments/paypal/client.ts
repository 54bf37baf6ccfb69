import { HttpError } from '../../../http/errors.ts';
import { providerFetch, ProviderUnavailableError } from '../provider-http.ts';

/*
 * PayPal Orders v2, the four calls the shop makes. The official @paypal/paypal-server-sdk only
 * knows PayPal's own two hosts, so it cannot reach the local sandbox: this thin typed client
 * takes a base URL instead (ADR 0016).
 */
export interface PaypalConfig {
  clientId: string;
  clientSecret: string;
  /** https://api-m.paypal.com (live), https://api-m.sandbox.paypal.com or the local sandbox. */
  apiUrl: string;
}

export interface PaypalCapture {
  id: string;
  status: 'COMPLETED' | 'DECLINED' | 'PENDING' | 'FAILED' | 'PARTIALLY_REFUNDED' | 'REFUNDED';
  amount: { currency_code: string; value: string };
  custom_id?: string;
}

export interface PaypalOrder {
  id: string;
  status: string;
  links: { href: string; rel: string }[];
  purchase_units?: { custom_id?: string; amount?: { value: string }; payments?: { captures?: PaypalCapture[] } }[];
}

/** A capture refund (Payments v2): COMPLETED, or PENDING while PayPal processes it. */
export interface PaypalRefund {
  id: string;
  status: 'CANCELLED' | 'FAILED' | 'PENDING' | 'COMPLETED';
  amount: { currency_code: string; value: string };
}

export interface PaypalError {
  name: string;
  message?: string;
  details?: { issue: string }[];
}

export class PaypalClient {
  private token: { value: string; until: number } | null = null;

  constructor(
    private readonly config: PaypalConfig,
    private readonly now: () => number = Date.now,
  ) {}

  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > this.now()) return this.token.value;
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString('base64');
    const answer = await providerFetch('paypal', `${this.config.apiUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const body = answer.body as { access_token?: string; expires_in?: number } | null;
    if (answer.status !== 200 || !body?.access_token) throw new ProviderUnavailableError('paypal', `token: HTTP ${answer.status}: check PAYPAL_CLIENT_ID/SECRET`);
    // Renewed a minute early so a request never carries a token that expires on the way.
    this.token = { value: body.access_token, until: this.now() + ((body.expires_in ?? 300) - 60) * 1000 };
    return this.token.value;
  }

  /** A call with the bearer token; PayPal-Request-Id makes a retried POST answer like the first. */
  private async call(method: string, path: string, requestId?: string, body?: unknown): Promise<{ status: number; body: unknown }> {
    return providerFetch('paypal', `${this.config.apiUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await this.accessToken()}`,
        'content-type': 'application/json',
        prefer: 'return=representation',
        ...(requestId ? { 'paypal-request-id': requestId } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  async createOrder(body: unknown, requestId: string): Promise<PaypalOrder> {
    const answer = await this.call('POST', '/v2/checkout/orders', requestId, body);
    if (answer.status !== 200 && answer.status !== 201) throw new HttpError(400, `PayPal: ${describe(answer.body)}`);
    return answer.body as PaypalOrder;
  }

  async order(id: string): Promise<PaypalOrder> {
    const answer = await this.call('GET', `/v2/checkout/orders/${encodeURIComponent(id)}`);
    if (answer.status === 404) throw new HttpError(404, 'Pagamento non trovato');
    if (answer.status !== 200) throw new ProviderUnavailableError('paypal', describe(answer.body));
    return answer.body as PaypalOrder;
  }

  /** Captures an approved order: the captured order, or PayPal's error (INSTRUMENT_DECLINED, ORDER_NOT_APPROVED…). */
  async capture(id: string, requestId: string): Promise<{ order: PaypalOrder } | { error: PaypalError }> {
    const answer = await this.call('POST', `/v2/checkout/orders/${encodeURIComponent(id)}/capture`, requestId, {});
    if (answer.status === 200 || answer.status === 201) return { order: answer.body as PaypalOrder };
    if (answer.status === 404) throw new HttpError(404, 'Pagamento non trovato');
    return { error: answer.body as PaypalError };
  }

  /** Refunds `value` (EUR) of a capture: the refund, or PayPal's error (REFUND_AMOUNT_EXCEEDED, CAPTURE_FULLY_REFUNDED…). */
  async refundCapture(captureId: string, value: string, requestId: string, invoiceId: string): Promise<{ refund: PaypalRefund } | { error: PaypalError }> {
    const answer = await this.call('POST', `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, requestId, { amount: { currency_code: 'EUR', value }, invoice_id: invoiceId });
    if (answer.status === 200 || answer.status === 201) return { refund: answer.body as PaypalRefund };
    return { error: (answer.body ?? { name: `HTTP ${answer.status}` }) as PaypalError };
  }
}

export function describe(body: unknown): string {
  const error = body as PaypalError | null;
  return [error?.name, error?.details?.map((d) => d.issue).join(', ')].filter(Boolean).join(': ') || 'unexpected answer';
}
