'use client';

import { useId, useState } from 'react';
import { cartActions } from '@/lib/cart/cart-actions.ts';
import { useCartTexts, useOnline } from './useCart.ts';
import styles from './cart.module.css';

/** The coupon field (online only): the code is trimmed; Enter or the button applies it (§2, §4). */
export function CouponForm() {
  const texts = useCartTexts();
  const online = useOnline();
  const id = useId();
  const [code, setCode] = useState('');
  const [sending, setSending] = useState(false);
  if (!online) return <p className={styles.hint}>{texts.couponOffline}</p>;
  return (
    <form
      className={styles.coupon}
      onSubmit={async (event) => {
        event.preventDefault();
        if (code.trim() === '') return;
        setSending(true);
        try {
          if (await cartActions().applyCoupon(code)) setCode('');
        } finally {
          setSending(false);
        }
      }}
    >
      <label htmlFor={id} className={styles.stepperLabel}>
        {texts.couponLabel}
      </label>
      <div className={styles.couponRow}>
        <input id={id} type="text" value={code} onChange={(event) => setCode(event.target.value)} autoComplete="off" />
        <button type="submit" className="button button--secondary" disabled={sending || code.trim() === ''}>
          {texts.couponApply}
        </button>
      </div>
    </form>
  );
}
