'use client';

import { useState, type FormEvent } from 'react';
import { saveNewsletterState } from '@/lib/account/newsletter-state.ts';
import { fillTemplate } from '@/lib/message-patterns.ts';
import { subscribeNewsletter, unsubscribeNewsletter } from '@/lib/newsletter/newsletter-api.ts';
import { newsletterMessage } from './newsletter-message.ts';
import type { NewsletterTexts } from './newsletter-texts.ts';
import styles from './newsletter.module.css';

type Message = { text: string; error: boolean };

/**
 * The e-mail form of the newsletter (§4): subscribe starts the double opt-in (the API mails a
 * confirmation link), unsubscribe takes the address off the list. The answer is shown in place,
 * announced to screen readers, and remembered in this browser (§4: the e-mail is kept locally).
 */
export function NewsletterForm({ texts, mode, idPrefix, policyHref, defaultEmail }: { texts: NewsletterTexts; mode: 'subscribe' | 'unsubscribe'; idPrefix: string; policyHref?: string; defaultEmail?: string }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setBusy(true);
    const answer = mode === 'subscribe' ? await subscribeNewsletter(email) : await unsubscribeNewsletter(email);
    setBusy(false);
    if (!answer.ok) {
      setMessage({ text: newsletterMessage(answer.message, texts), error: true });
      return;
    }
    const subscribed = answer.result === 'subscribed';
    if (mode === 'unsubscribe' || subscribed) saveNewsletterState({ isSubscribed: subscribed, email: subscribed ? email : null });
    const key = mode === 'unsubscribe' ? 'unsubscribed' : subscribed ? 'subscribed' : 'pending';
    setMessage({ text: fillTemplate(texts[key] ?? '', { email }), error: false });
  };

  const id = `${idPrefix}-email`;
  return (
    <>
      <form className={styles.form} onSubmit={onSubmit}>
        <p className={styles.field}>
          <label htmlFor={id}>{texts['email']}</label>
          <input id={id} name="email" type="email" autoComplete="email" required maxLength={254} defaultValue={defaultEmail} />
        </p>
        <p>
          <button type="submit" className="button" disabled={busy}>
            {busy ? texts['sending'] : texts[mode]}
          </button>
        </p>
      </form>
      {mode === 'subscribe' && (
        <p className={styles.note}>
          {texts['consent']} {policyHref && <a href={policyHref}>{texts['privacy']}</a>}
        </p>
      )}
      <p role={message?.error ? 'alert' : 'status'} className={message?.error ? styles.error : undefined} data-testid={`${idPrefix}-message`}>
        {message?.text}
      </p>
    </>
  );
}
