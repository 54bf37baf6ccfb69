'use client';

import { useState, useSyncExternalStore } from 'react';
import { saveNewsletterState } from '@/lib/account/newsletter-state.ts';
import { fillTemplate } from '@/lib/message-patterns.ts';
import { confirmNewsletter } from '@/lib/newsletter/newsletter-api.ts';
import { NewsletterForm } from './NewsletterForm.tsx';
import { newsletterMessage } from './newsletter-message.ts';
import type { NewsletterTexts } from './newsletter-texts.ts';
import styles from './newsletter.module.css';

const subscribeNever = () => () => {};
/** The confirmation link's token (`/newsletter?token=…`); read in the browser, so the page stays one cached page. */
const tokenOf = () => new URLSearchParams(location.search).get('token');

/**
 * The confirmation step of the double opt-in: a button, not the link itself, confirms, because
 * mail scanners open links in mails and would otherwise subscribe whoever's address was typed.
 */
function ConfirmSubscription({ token, texts }: { token: string; texts: NewsletterTexts }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const confirm = async () => {
    setBusy(true);
    const answer = await confirmNewsletter(token);
    setBusy(false);
    if (!answer.ok) {
      setMessage({ text: newsletterMessage(answer.message, texts), error: true });
      return;
    }
    saveNewsletterState({ isSubscribed: true, email: answer.result.email });
    setMessage({ text: fillTemplate(texts['confirm.done'] ?? '', { email: answer.result.email }), error: false });
  };
  return (
    <section aria-labelledby="newsletter-confirm">
      <h2 id="newsletter-confirm">{texts['confirm.title']}</h2>
      <p>{texts['confirm.text']}</p>
      {!message || message.error ? (
        <p>
          <button type="button" className="button" onClick={confirm} disabled={busy}>
            {busy ? texts['sending'] : texts['confirm.submit']}
          </button>
        </p>
      ) : null}
      <p role={message?.error ? 'alert' : 'status'} className={message?.error ? styles.error : undefined} data-testid="newsletter-confirm-message">
        {message?.text}
      </p>
    </section>
  );
}

/** `/newsletter`: the confirmation link's landing (with `?token=`), else subscribe and unsubscribe. */
export function NewsletterPageView({ texts, policyHref }: { texts: NewsletterTexts; policyHref: string }) {
  const token = useSyncExternalStore(subscribeNever, tokenOf, () => null);
  if (token) return <ConfirmSubscription token={token} texts={texts} />;
  return (
    <>
      <section aria-labelledby="newsletter-subscribe">
        <h2 id="newsletter-subscribe">{texts['subscribe']}</h2>
        <NewsletterForm texts={texts} mode="subscribe" idPrefix="newsletter-page" policyHref={policyHref} />
      </section>
      <section aria-labelledby="newsletter-unsubscribe">
        <h2 id="newsletter-unsubscribe">{texts['page.unsubscribeTitle']}</h2>
        <p>{texts['page.unsubscribeText']}</p>
        <NewsletterForm texts={texts} mode="unsubscribe" idPrefix="newsletter-leave" />
      </section>
    </>
  );
}
