'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { ACCOUNT_MESSAGES } from '@shop/contracts/account-messages';
import { signInWithCart } from '@/lib/account/lifecycle.ts';
import { apiCall } from '@/lib/cart/cart-api.ts';
import type { AuthElem } from '@/lib/ui-state.ts';
import { accountMessage } from './account-message.ts';
import type { AccountTexts } from './account-texts.ts';
import styles from './account.module.css';

/** A labelled input; the label is visible, the id derived from the form and the name. */
export function Field({
  id,
  name,
  label,
  type = 'text',
  autoComplete,
  hint,
  defaultValue,
  required = true,
}: {
  id: string;
  name: string;
  label: string;
  type?: string;
  autoComplete: string;
  hint?: string | undefined;
  defaultValue?: string;
  required?: boolean;
}) {
  return (
    <p className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} type={type} autoComplete={autoComplete} required={required} defaultValue={defaultValue} aria-describedby={hint ? `${id}-hint` : undefined} />
      {hint && (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      )}
    </p>
  );
}

export const formValue = (form: HTMLFormElement, name: string, trim = true) => {
  const value = String(new FormData(form).get(name) ?? '');
  return trim ? value.trim() : value;
};

/** A form's outcome: an alert for a refusal, a polite status otherwise. */
export function Outcome({ message }: { message: { text: string; error: boolean } | null }) {
  return (
    <p role={message?.error ? 'alert' : 'status'} className={message?.error ? styles.error : undefined}>
      {message?.text}
    </p>
  );
}

/** "Forgot password": the shop mails a one-hour link; the answer is the same whether the e-mail exists or not. */
export function ForgotPasswordForm({ texts, idPrefix }: { texts: AccountTexts; idPrefix: string }) {
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const request = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    const answer = await apiCall<string>('POST', '/api/user/reset-password', {}, { email: formValue(event.currentTarget, 'email') });
    setBusy(false);
    setMessage({ text: accountMessage(String(answer.result), texts), error: answer.code !== 200 });
  };
  return (
    <form onSubmit={request} aria-busy={busy || undefined}>
      <p>{texts['resetIntro']}</p>
      <Field id={`${idPrefix}-reset-email`} name="email" label={texts['email']!} type="email" autoComplete="email" />
      <Outcome message={message} />
      <button type="submit" className="button" disabled={busy}>
        {texts['resetSubmit']}
      </button>
    </form>
  );
}

/** The proof-of-work widget, loaded only when the shop asks for it (it defines a custom element: browser only). */
const ChallengeWidget = dynamic(() => import('./ChallengeWidget.tsx'), { ssr: false });
const asksForChallenge = (text: string) => text === ACCOUNT_MESSAGES.challengeRequired || text === ACCOUNT_MESSAGES.challengeInvalid;

/** The link to each form from the others. */
const SWITCH_TEXT: Record<AuthElem, string> = { login: 'toLogin', register: 'toRegister', 'forgot-pass': 'forgot' };

/**
 * The login, register and forgot-password forms (shopping.md §2 `authElem`), one at a time, with
 * links between them; in the sign-in modal and on account pages for a signed-out visitor.
 * Signing in brings the guest's cart into the customer's (lifecycle.ts).
 */
export function AuthForms({ texts, idPrefix, form, onForm, onSignedIn }: { texts: AccountTexts; idPrefix: string; form: AuthElem; onForm(form: AuthElem): void; onSignedIn?(): void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // 0: no challenge asked; then the widget's round (a new one after each use: a solution is good once).
  const [challengeRound, setChallengeRound] = useState(0);
  const switchTo = (next: AuthElem) => {
    setError(null);
    onForm(next);
  };

  const finish = (refused: string | null, sentChallenge: boolean) => {
    setBusy(false);
    if (refused === null) {
      onSignedIn?.();
      return;
    }
    if (sentChallenge || asksForChallenge(refused)) setChallengeRound((round) => round + 1);
    setError(accountMessage(refused, texts));
  };
  const login = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const altcha = formValue(event.currentTarget, 'altcha') || undefined;
    setBusy(true);
    finish(await signInWithCart(formValue(event.currentTarget, 'email'), formValue(event.currentTarget, 'password', false), 'login', altcha), altcha !== undefined);
  };
  const register = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = event.currentTarget;
    const email = formValue(data, 'email');
    const password = formValue(data, 'password', false);
    const altcha = formValue(data, 'altcha') || undefined;
    setBusy(true);
    const created = await apiCall('POST', '/api/user/create', {}, { customer: { email, firstname: formValue(data, 'firstname'), lastname: formValue(data, 'lastname') }, password, ...(altcha ? { altcha } : {}) });
    if (created.code !== 200) return finish(String(created.result), altcha !== undefined);
    // The same answer whether the e-mail was free or not: a refused sign-in then says so, gently.
    const refused = await signInWithCart(email, password, 'sign_up');
    finish(refused === null ? null : String(created.result), false);
  };

  const id = (name: string) => `${idPrefix}-${form}-${name}`;
  /** One form of the three: its title, its fields and submit button (none for "forgot"), then links to the others. */
  const screen = (title: string, switches: AuthElem[], body: React.ReactNode) => (
    <section aria-labelledby={id('title')}>
      <h2 id={id('title')}>{title}</h2>
      {body}
      <p className={styles.switches}>
        {switches.map((to) => (
          <button key={to} type="button" className={styles.link} onClick={() => switchTo(to)}>
            {texts[SWITCH_TEXT[to]]}
          </button>
        ))}
      </p>
    </section>
  );
  const submitForm = (onSubmit: (event: React.FormEvent<HTMLFormElement>) => void, fields: React.ReactNode, submit: string) => (
    <form onSubmit={onSubmit} aria-busy={busy || undefined}>
      {fields}
      {challengeRound > 0 && <ChallengeWidget key={challengeRound} texts={texts} />}
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={busy}>
        {submit}
      </button>
    </form>
  );
  const email = <Field id={id('email')} name="email" label={texts['email']!} type="email" autoComplete="email" />;
  return (
    <div className={styles.auth}>
      {form === 'login' &&
        screen(
          texts['login']!,
          ['forgot-pass', 'register'],
          submitForm(
            login,
            <>
              {email}
              <Field id={id('password')} name="password" label={texts['password']!} type="password" autoComplete="current-password" />
            </>,
            texts['loginSubmit']!,
          ),
        )}
      {form === 'register' &&
        screen(
          texts['register']!,
          ['login'],
          submitForm(
            register,
            <>
              <Field id={id('firstname')} name="firstname" label={texts['firstName']!} autoComplete="given-name" />
              <Field id={id('lastname')} name="lastname" label={texts['lastName']!} autoComplete="family-name" />
              {email}
              <Field id={id('password')} name="password" label={texts['password']!} type="password" autoComplete="new-password" hint={texts['passwordHint']} />
            </>,
            texts['registerSubmit']!,
          ),
        )}
      {form === 'forgot-pass' && screen(texts['resetTitle']!, ['login'], <ForgotPasswordForm texts={texts} idPrefix={idPrefix} />)}
    </div>
  );
}
