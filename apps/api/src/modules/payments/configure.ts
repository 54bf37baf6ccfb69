import type { AnyRoute } from '../../http/route.ts';
import type { CartService } from '../cart/service.ts';
import type { OrderService } from '../orders/service.ts';
import { AlmaClient, type AlmaConfig } from './alma/client.ts';
import { almaProvider } from './alma/provider.ts';
import { almaRoutes } from './alma/routes.ts';
import { PaypalClient, type PaypalConfig } from './paypal/client.ts';
import { paypalProvider } from './paypal/provider.ts';
import { paypalRoutes } from './paypal/routes.ts';
import type { OnlinePaymentProvider } from './provider.ts';
import type { PaymentService } from './service.ts';
import { stripeClient, stripeProvider, type StripeConfig } from './stripe/provider.ts';
import { stripeRoutes } from './stripe/routes.ts';

/** The providers' live API hosts: any other address is a test environment (their sandboxes or ours). */
export const LIVE_API_URLS = { alma: 'https://api.getalma.eu', paypal: 'https://api-m.paypal.com' } as const;

/** Credentials per online method; a method without them is not offered. */
export interface OnlinePaymentsConfig {
  stripe?: StripeConfig;
  alma?: AlmaConfig;
  paypal?: PaypalConfig;
}

export interface OnlineMethods {
  providers: OnlinePaymentProvider[];
  routes(deps: { payments: PaymentService; carts: CartService; orders: OrderService }): AnyRoute[];
}

/** Builds the configured online providers (SDK or typed client each) and their notification/return routes. */
export function onlineMethods(config: OnlinePaymentsConfig = {}): OnlineMethods {
  const providers: OnlinePaymentProvider[] = [];
  const routes: ((deps: { payments: PaymentService; carts: CartService; orders: OrderService }) => AnyRoute[])[] = [];
  if (config.stripe) {
    const { webhookSecret } = config.stripe;
    const stripe = stripeClient(config.stripe);
    providers.push(stripeProvider(stripe, config.stripe.apiUrl !== undefined || !config.stripe.secretKey.startsWith('sk_live_')));
    routes.push(({ payments }) => stripeRoutes(stripe, webhookSecret, payments));
  }
  if (config.alma) {
    const alma = new AlmaClient(config.alma);
    providers.push(almaProvider(alma, config.alma.apiUrl !== LIVE_API_URLS.alma));
    routes.push(({ carts, payments }) => almaRoutes(alma, carts, payments));
  }
  if (config.paypal) {
    const paypal = new PaypalClient(config.paypal);
    providers.push(paypalProvider(paypal, config.paypal.apiUrl !== LIVE_API_URLS.paypal));
    routes.push(({ orders, payments }) => paypalRoutes(paypal, orders, payments));
  }
  return { providers, routes: (deps) => routes.flatMap((make) => make(deps)) };
}
