'use client';

import { useState } from 'react';
import { accountCall, changePassword, rememberCustomer, type SignedInCustomer } from '@/lib/account/session.ts';
import { accountMessage, fill } from './account-message.ts';
import type { AccountTexts } from './account-texts.ts';
import { useCustomer } from './AccountShell.tsx';
import { Field, formValue, Outcome } from './AuthForms.tsx';

type Message = { text: string; error: boolean } | null;

/** The profile form: names and e-mail (a new e-mail needs the current password, §6). */
function ProfileForm({ customer, texts }: { customer: SignedInCustomer; texts: AccountTexts }) {
  const [message, setMessage] = useState<Message>(null);
  const save = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const email = formValue(form, 'email');
    const password = formValue(form, 'password', false);
    const changes = { firstname: formValue(form, 'firstname'), lastname: formValue(form, 'lastname'), ...(email !== customer.email ? { email } : {}) };
    const answer = await accountCall<SignedInCustomer>('POST', '/api/user/me', {}, { customer: changes, ...(password ? { password } : {}) });
    if (answer.code === 200 && typeof answer.result !== 'string') {
      rememberCustomer(answer.result);
      setMessage({ text: texts['msg.accountUpdated']!, error: false });
    } else {
      setMessage({ text: accountMessage(String(answer.result), texts), error: true });
    }
  };
  return (
    <form onSubmit={save} key={`${customer.firstname}|${customer.lastname}|${customer.email}`}>
      <Field id="profile-firstname" name="firstname" label={texts['firstName']!} autoComplete="given-name" defaultValue={customer.firstname} />
      <Field id="profile-lastname" name="lastname" label={texts['lastName']!} autoComplete="family-name" defaultValue={customer.lastname} />
      <Field id="profile-email" name="email" label={texts['email']!} type="email" autoComplete="email" defaultValue={customer.email} />
      <Field id="profile-password" name="password" label={texts['currentPassword']!} type="password" autoComplete="current-password" hint={texts['emailChangeHint']} required={false} />
      <Outcome message={message} />
      <button type="submit" className="button">
        {texts['save']}
      </button>
    </form>
  );
}

function PasswordForm({ texts }: { texts: AccountTexts }) {
  const [message, setMessage] = useState<Message>(null);
  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const refused = await changePassword(formValue(form, 'currentPassword', false), formValue(form, 'newPassword', false));
    if (refused === null) form.reset();
    setMessage(refused === null ? { text: texts['msg.passwordChanged']!, error: false } : { text: accountMessage(refused, texts), error: true });
  };
  return (
    <form onSubmit={submit}>
      <Field id="password-current" name="currentPassword" label={texts['currentPassword']!} type="password" autoComplete="current-password" />
      <Field id="password-new" name="newPassword" label={texts['newPassword']!} type="password" autoComplete="new-password" hint={texts['passwordHint']} />
      <Outcome message={message} />
      <button type="submit" className="button">
        {texts['changePassword']}
      </button>
    </form>
  );
}

/** `/my-account`: the greeting, the profile and the password. */
export function ProfileView({ texts }: { texts: AccountTexts }) {
  const customer = useCustomer();
  if (!customer) return null;
  return (
    <>
      <p>{fill(texts['welcome'], { name: customer.firstname })}</p>
      <section aria-labelledby="account-profile">
        <h2 id="account-profile">{texts['profile']}</h2>
        <ProfileForm customer={customer} texts={texts} />
      </section>
      <section aria-labelledby="account-password">
        <h2 id="account-password">{texts['changePassword']}</h2>
        <PasswordForm texts={texts} />
      </section>
    </>
  );
}
