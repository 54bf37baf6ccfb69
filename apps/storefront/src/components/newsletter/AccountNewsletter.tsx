'use client';

import type { NewsletterStatus } from '@shop/contracts/newsletter';
import { useEffect, useState } from 'react';
import { saveNewsletterState } from '@/lib/account/newsletter-state.ts';
import { fillTemplate } from '@/lib/message-patterns.ts';
import { newsletterStatus, subscribeNewsletter, unsubscribeNewsletter } from '@/lib/newsletter/newsletter-api.ts';
import { useCustomer } from '../account/AccountShell.tsx';
import { newsletterMessage } from './newsletter-message.ts';
import type { NewsletterTexts } from './newsletter-texts.ts';
import styles from './newsletter.module.css';

type View = { status: NewsletterStatus | null; message: string; error: boolean };

/**
 * `/my-account/newsletter`: the signed-in customer's subscription as the list knows it (§3
 * isSubscribed, email), with subscribe (double opt-in: a confirmation mail) or unsubscribe.
 */
export function AccountNewsletter({ texts }: { texts: NewsletterTexts }) {
  const customer = useCustomer();
  const email = customer?.email;
  const [view, setView] = useState<View>({ status: null, message: '', error: false });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!email) return;
    let current = true;
    void newsletterStatus(email).then((answer) => {
      if (!current) return;
      if (!answer.ok) return setView({ status: 'unknown', message: newsletterMessage(answer.message, texts), error: true });
      saveNewsletterState({ isSubscribed: answer.result === 'subscribed', email: answer.result === 'subscribed' ? email : null });
      setView({ status: answer.result, message: '', error: false });
    });
    return () => {
      current = false;
    };
  }, [email, texts]);

  if (!email) return null;
  if (view.status === null) return <p role="status">{texts['account.checking']}</p>;
  const subscribed = view.status === 'subscribed';

  const change = async () => {
    setBusy(true);
    const answer = subscribed ? await unsubscribeNewsletter(email) : await subscribeNewsletter(email);
    setBusy(false);
    if (!answer.ok) return setView({ ...view, message: newsletterMessage(answer.message, texts), error: true });
    saveNewsletterState({ isSubscribed: answer.result === 'subscribed', email: answer.result === 'subscribed' ? email : null });
    const key = subscribed ? 'unsubscribed' : answer.result === 'subscribed' ? 'subscribed' : 'pending';
    setView({ status: answer.result, message: fillTemplate(texts[key] ?? '', { email }), error: false });
  };

  return (
    <>
      <p data-testid="account-newsletter-state">{subscribed ? fillTemplate(texts['subscribed'] ?? '', { email }) : texts['notSubscribed']}</p>
      <p>
        <button type="button" className="button" onClick={change} disabled={busy}>
          {busy ? texts['sending'] : subscribed ? texts['unsubscribe'] : texts['subscribe']}
        </button>
      </p>
      <p role={view.error ? 'alert' : 'status'} className={view.error ? styles.error : undefined}>
        {view.message}
      </p>
    </>
  );
}
