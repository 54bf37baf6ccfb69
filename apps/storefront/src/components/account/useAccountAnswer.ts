'use client';

import { formatDate, formatDateTime, formatPrice, toCents } from '@shop/domain';
import { useEffect, useState } from 'react';
import { accountCall } from '@/lib/account/session.ts';
import { accountMessage } from './account-message.ts';
import type { AccountTexts } from './account-texts.ts';

type Loaded<T> = { state: 'loading' } | { state: 'failed'; text: string } | { state: 'done'; value: T };

/** Loads an account answer once per `key`; a refusal becomes its text in the shop language. */
export function useAccountAnswer<T>(path: string, query: Record<string, string>, texts: AccountTexts, key: string): Loaded<T> {
  // The answer is kept with the key it answers: another key shows "loading" until its own arrives.
  const [answered, setAnswered] = useState<{ key: string; loaded: Loaded<T> } | null>(null);
  useEffect(() => {
    let live = true;
    void accountCall<T>('GET', path, query).then((answer) => {
      if (!live) return;
      setAnswered({
        key,
        loaded: answer.code === 200 && typeof answer.result !== 'string' ? { state: 'done', value: answer.result } : { state: 'failed', text: accountMessage(String(answer.result), texts) },
      });
    });
    return () => {
      live = false;
    };
    // `key` stands for path and query.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return answered?.key === key ? answered.loaded : { state: 'loading' };
}

/** An order's or document's date and time, 'HH:mm D/M/YYYY' in the shop's time zone (Rome), whatever the browser's. */
export const shortDate = (iso: string) => formatDateTime(iso);
/** A day alone, 'D/M/YYYY', in the shop's time zone. */
export const dayDate = (iso: string) => formatDate(iso);
export const euro = (amount: number) => formatPrice(toCents(amount));

