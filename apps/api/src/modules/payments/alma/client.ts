import { HttpError } from '../../../http/errors.ts';
import { providerFetch, ProviderUnavailableError } from '../provider-http.ts';

/** Alma has no Node SDK: this typed client makes the four calls the shop needs (docs.almapay.com). */
export interface AlmaPlan {
  installments_count: number;
  deferred_days: number;
  deferred_months: number;
}

export interface AlmaEligibility extends AlmaPlan {
  eligible: boolean;
  payment_plan?: { due_date: number; total_amount: number; purchase_amount: number; customer_fee: number }[];
}

export interface AlmaPayment {
  id: string;
  url: string;
  state: string;
  purchase_amount: number;
  installments_count: number;
  orders: { merchant_reference: string }[];
  custom_data: Record<string, unknown> | null;
  refunds?: AlmaRefund[];
}

export interface AlmaRefund {
  id: string;
  amount: number;
  merchant_reference: string | null;
  created: number;
}

export interface AlmaAddress {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  line1: string;
  line2?: string;
  postal_code: string;
  city: string;
  country: string;
  company?: string;
}

export interface AlmaPaymentRequest {
  payment: AlmaPlan & {
    purchase_amount: number;
    locale: 'it';
    origin: 'online';
    return_url: string;
    failure_return_url: string;
    customer_cancel_url: string;
    ipn_callback_url: string;
    custom_data: Record<string, unknown>;
    billing_address: AlmaAddress;
    shipping_address: AlmaAddress;
  };
  order: { merchant_reference: string };
  customer: { first_name: string; last_name: string; email: string; phone: string };
}

export interface AlmaConfig {
  apiKey: string;
  /** https://api.getalma.eu (live), https://api.sandbox.getalma.eu (Alma's test mode) or the local sandbox. */
  apiUrl: string;
}

export class AlmaClient {
  constructor(private readonly config: AlmaConfig) {}

  get apiKey(): string {
    return this.config.apiKey;
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const answer = await providerFetch('alma', `${this.config.apiUrl}${path}`, {
      method,
      headers: { authorization: `Alma-Auth ${this.config.apiKey}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (answer.status === 404) throw new HttpError(404, 'Pagamento non trovato');
    if (answer.status === 401 || answer.status === 403) throw new ProviderUnavailableError('alma', `HTTP ${answer.status}: check ALMA_API_KEY`);
    if (answer.status >= 400) throw new HttpError(400, `Alma: ${(answer.body as { message?: string } | null)?.message ?? `HTTP ${answer.status}`}`);
    return answer.body as T;
  }

  eligibility(purchaseAmount: number, queries?: AlmaPlan[]): Promise<AlmaEligibility[]> {
    return this.call('POST', '/v2/payments/eligibility', { purchase_amount: purchaseAmount, ...(queries ? { queries } : {}), origin: 'online', billing_address: { country: 'IT' } });
  }

  createPayment(request: AlmaPaymentRequest): Promise<AlmaPayment> {
    return this.call('POST', '/v1/payments', request);
  }

  payment(id: string): Promise<AlmaPayment> {
    return this.call('GET', `/v1/payments/${encodeURIComponent(id)}`);
  }

  /** Refunds `amount` cents of a payment; `merchantReference` names the refund (and makes a retry answer the same refund). */
  refund(id: string, amount: number, merchantReference: string): Promise<AlmaPayment> {
    return this.call('POST', `/v1/payments/${encodeURIComponent(id)}/refund`, { amount, merchant_reference: merchantReference });
  }

  cancel(id: string): Promise<AlmaPayment> {
    return this.call('PUT', `/v1/payments/${encodeURIComponent(id)}/cancel`);
  }
}
