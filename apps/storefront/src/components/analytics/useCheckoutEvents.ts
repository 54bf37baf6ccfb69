'use client';

import type { CartTotals } from '@shop/contracts';
import { trackCartStep } from '@/lib/analytics/shop-events.ts';
import { useTrackOnce } from './tracking.tsx';

/**
 * The checkout's GA4 steps: `begin_checkout` once the cart's totals are there, then
 * `add_shipping_info` for each shipping method the address settles on and `add_payment_info`
 * for each payment method chosen (a change of mind is a new step).
 */
export function useCheckoutEvents(totals: CartTotals | null, shippingTier: string | null, paymentType: string): void {
  const ready = Boolean(totals?.items.length);
  useTrackOnce(ready ? 'begin_checkout' : null, () => totals && trackCartStep('begin_checkout', totals, { coupon: totals.coupon_code }));
  useTrackOnce(ready && shippingTier ? shippingTier : null, () => totals && shippingTier && trackCartStep('add_shipping_info', totals, { shipping_tier: shippingTier }));
  useTrackOnce(ready && paymentType ? paymentType : null, () => totals && trackCartStep('add_payment_info', totals, { payment_type: paymentType }));
}
