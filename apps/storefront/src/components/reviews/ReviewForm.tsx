'use client';

import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { openAuthModal } from '@/lib/account/lifecycle.ts';
import { accountCall, currentCustomer, subscribe } from '@/lib/account/session.ts';
import type { ReviewFormTexts } from './review-texts.ts';
import styles from './reviews.module.css';
import { interpolate } from '@/i18n/interpolate.ts';

type Outcome = { text: string; error: boolean } | null;

/**
 * "Scrivi una recensione" on the product page (issue #19): for a signed-in customer a form —
 * stars 1–5, title, text, the name shown — sent to `POST /api/review/create` (done only on code
 * 200, shopping.md §5); the review waits for the shop's approval. Signed out, a button opens the
 * sign-in modal.
 */
export function ReviewForm({ productId, texts }: { productId: number; texts: ReviewFormTexts }) {
  const customer = useSyncExternalStore(subscribe, currentCustomer, () => null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [sent, setSent] = useState(false);

  if (!customer) {
    return (
      <div className={styles.write}>
        <h3>{texts.heading}</h3>
        <p>
          {texts.signIn}{' '}
          <button type="button" className={styles.link} onClick={() => openAuthModal('login')}>
            {texts.signInButton}
          </button>
        </p>
      </div>
    );
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? '').trim();
    setBusy(true);
    setOutcome(null);
    const answer = await accountCall('POST', '/api/review/create', {}, {
      review: { product_id: productId, rating: Number(value('rating')), title: value('title'), detail: value('detail'), nickname: value('nickname'), review_entity: 'product' },
    });
    setBusy(false);
    if (answer.code === 200) {
      setSent(true);
      setOutcome({ text: texts.thanks, error: false });
      return;
    }
    const text = answer.code === 409 ? texts.already : answer.code === 429 ? texts.tooMany : texts.failed;
    setOutcome({ text, error: true });
  };

  return (
    <div className={styles.write}>
      <h3 id="write-review">{texts.heading}</h3>
      {sent ? (
        <p role="status" className={styles.done}>
          {outcome?.text}
        </p>
      ) : (
        <form onSubmit={(event) => void submit(event)} aria-labelledby="write-review" className={styles.form}>
          <fieldset className={styles.stars}>
            <legend>{texts.rating}</legend>
            {[5, 4, 3, 2, 1].map((n) => (
              <label key={n}>
                <input type="radio" name="rating" value={n} required />
                <span aria-hidden="true">{'★'.repeat(n)}</span>
                <span className="visually-hidden">{interpolate(texts.stars, { rating: n })}</span>
              </label>
            ))}
          </fieldset>
          <p className={styles.field}>
            <label htmlFor="review-title">{texts.title}</label>
            <input id="review-title" name="title" required maxLength={100} />
          </p>
          <p className={styles.field}>
            <label htmlFor="review-detail">{texts.detail}</label>
            <textarea id="review-detail" name="detail" required minLength={10} maxLength={2000} rows={5} aria-describedby="review-detail-hint" />
            <span id="review-detail-hint" className={styles.hint}>
              {texts.detailHint}
            </span>
          </p>
          <p className={styles.field}>
            <label htmlFor="review-nickname">{texts.nickname}</label>
            <input id="review-nickname" name="nickname" required minLength={2} maxLength={60} autoComplete="given-name" defaultValue={customer.firstname} />
          </p>
          {outcome && (
            <p role="alert" className={styles.error}>
              {outcome.text}
            </p>
          )}
          <button type="submit" className="button" disabled={busy}>
            {busy ? texts.sending : texts.submit}
          </button>
        </form>
      )}
    </div>
  );
}
