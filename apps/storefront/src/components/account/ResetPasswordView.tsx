'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { signInWithCart } from '@/lib/account/lifecycle.ts';
import { apiCall } from '@/lib/cart/cart-api.ts';
import { useStoreHref } from '../StorePrefix.tsx';
import { accountMessage } from './account-message.ts';
import type { AccountTexts } from './account-texts.ts';
import { Field, ForgotPasswordForm, formValue, Outcome } from './AuthForms.tsx';

/**
 * `/reset-password` (shopping.md §2): without a link, asks for the e-mail and the shop mails a
 * one-hour link; with the link's e-mail and token, sets the new password and signs in (§4).
 */
export function ResetPasswordView({ email, token, texts }: { email: string; token: string; texts: AccountTexts }) {
  const router = useRouter();
  const href = useStoreHref();
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  if (email === '' || token === '') return <ForgotPasswordForm texts={texts} idPrefix="page" />;

  const setPassword = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = formValue(event.currentTarget, 'password', false);
    setBusy(true);
    const answer = await apiCall<string>('POST', '/api/user/create-password', {}, { email, newPassword: password, resetToken: token });
    if (answer.code === 200 && (await signInWithCart(email, password)) === null) {
      router.push(href('/my-account'));
      return;
    }
    setBusy(false);
    setMessage({ text: accountMessage(String(answer.result), texts), error: true });
  };
  return (
    <form onSubmit={setPassword} aria-busy={busy || undefined}>
      <Field id="reset-password" name="password" label={texts['newPassword']!} type="password" autoComplete="new-password" hint={texts['passwordHint']} />
      <Outcome message={message} />
      <button type="submit" className="button" disabled={busy}>
        {texts['newPasswordSubmit']}
      </button>
    </form>
  );
}
