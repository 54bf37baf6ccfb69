'use client';

import { CHECKOUT_MESSAGES } from '@shop/contracts/checkout-rules';
import { formatPrice } from '@shop/domain';
import { useEffect, useState } from 'react';
import { sessionCall } from '@/lib/account/session.ts';
import type { CheckoutTexts } from './checkout-texts.ts';
import { checkoutMessage } from './checkout-message.ts';
import { RadioGroup } from './fields.tsx';
import styles from './checkout.module.css';
import { interpolate } from '@/i18n/interpolate.ts';

/** An instalment plan of Alma's eligibility answer (amounts in cents). */
export interface InstalmentPlan {
  installments_count: number;
  payment_plan: { due_date: number; total_amount: number }[];
}

/** The path of the plans call (§7 instalment "eligible-plans"). */
const ELIGIBLE_PLANS = '/api/ext/almapay/eligible-plans';

/**
 * The instalment plan chooser of the order review (shopping.md §2, §4 "Instalment flow"): the
 * plans Alma offers for the cart's server total, more than one instalment each; none left means
 * the cart cannot be paid in instalments (§8). Fetch errors stop loading and are only logged.
 */
export function InstalmentPlans({
  cartToken,
  grandTotal,
  chosen,
  onChoose,
  error,
  texts,
}: {
  cartToken: string;
  /** Re-asks when the total changes. */
  grandTotal: number;
  chosen: number | null;
  onChoose(count: number | null): void;
  error?: string | undefined;
  texts: CheckoutTexts;
}) {
  const [plans, setPlans] = useState<InstalmentPlan[] | null>(null);
  useEffect(() => {
    let live = true;
    void sessionCall<InstalmentPlan[]>('POST', ELIGIBLE_PLANS, {}, { cartId: cartToken }).then((answer) => {
      if (!live) return;
      if (answer.code === 200 && Array.isArray(answer.result)) {
        const list = answer.result;
        setPlans(list);
        // The chosen plan if still offered, else three instalments when there are, else the first.
        const keep = list.find((p) => p.installments_count === chosen) ?? list.find((p) => p.installments_count === 3) ?? list[0];
        onChoose(keep?.installments_count ?? null);
      } else {
        console.error('Instalment plans failed:', answer.result);
        setPlans([]);
        onChoose(null);
      }
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asked again only for another cart or total
  }, [cartToken, grandTotal]);

  if (plans === null) return <p className={styles.hint} role="status">{texts['plansLoading']}</p>;
  if (plans.length === 0) {
    return (
      <p className={styles.error} role="alert" data-testid="instalments-not-eligible">
        {checkoutMessage(CHECKOUT_MESSAGES.instalmentNotEnabled, texts)}
      </p>
    );
  }
  return (
    <RadioGroup
      path="paymentDetails.installments"
      legend={texts['plans']!}
      value={chosen === null ? '' : String(chosen)}
      error={error}
      options={plans.map((plan) => ({
        value: String(plan.installments_count),
        label: interpolate(texts['planOption']!, {
          count: plan.installments_count,
          first: formatPrice(plan.payment_plan[0]?.total_amount ?? 0),
          next: formatPrice(plan.payment_plan[1]?.total_amount ?? 0),
        }),
      }))}
      onChange={(value) => onChoose(Number(value))}
    />
  );
}
