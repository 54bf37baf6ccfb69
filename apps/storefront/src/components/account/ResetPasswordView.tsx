'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { signIn } from '@/lib/account/session.ts';
import { apiCall } from '@/lib/cart/cart-api.ts';
import { useStoreHref } from '../StorePrefix.tsx';
import { accountMessage, type AccountTexts } from './account-texts.ts';
import styles from './account.module.css';

/**
 * `/reset-password` (shopping.md §2): without a link, asks for the e-mail and the shop mails a
 * one-hour link; with the link's e-mail and token, sets the new password and signs in.
 */
export function ResetPasswordView({ email, token, texts }: { email: string; token: string; texts: AccountTexts }) {
  const router = useRouter();
  const href = useStoreHref();
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const request = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    const answer = await apiCall<string>('POST', '/api/user/reset-password', {}, { email: String(new FormData(event.currentTarget).get('email') ?? '').trim() });
    setBusy(false);
    setMessage({ text: accountMessage(String(answer.result), texts), error: answer.code !== 200 });
  };
  const setPassword = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    setBusy(true);
    const answer = await apiCall<string>('POST', '/api/user/create-password', {}, { email, newPassword: password, resetToken: token });
    if (answer.code === 200 && (await signIn(email, password)) === null) {
      router.push(href('/my-account'));
      return;
    }
    setBusy(false);
    setMessage({ text: accountMessage(String(answer.result), texts), error: true });
  };

  const linked = email !== '' && token !== '';
  return (
    <form onSubmit={linked ? setPassword : request} aria-busy={busy || undefined}>
      {linked ? (
        <p className={styles.field}>
          <label htmlFor="reset-password">{texts['newPassword']}</label>
          <input id="reset-password" name="password" type="password" autoComplete="new-password" required aria-describedby="reset-password-hint" />
          <span id="reset-password-hint" className={styles.hint}>
            {texts['passwordHint']}
          </span>
        </p>
      ) : (
        <>
          <p>{texts['resetIntro']}</p>
          <p className={styles.field}>
            <label htmlFor="reset-email">{texts['email']}</label>
            <input id="reset-email" name="email" type="email" autoComplete="email" required />
          </p>
        </>
      )}
      <p role={message?.error ? 'alert' : 'status'} className={message?.error ? styles.error : undefined}>
        {message?.text}
      </p>
      <button type="submit" className="button" disabled={busy}>
        {linked ? texts['newPasswordSubmit'] : texts['resetSubmit']}
      </button>
    </form>
  );
}
