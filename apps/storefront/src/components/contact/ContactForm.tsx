'use client';

import { useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { currentCustomer, sessionCall, subscribe } from '@/lib/account/session.ts';
import { useStoreHref } from '../StorePrefix.tsx';
import { PRIVACY_PAGE_URL } from '@/lib/static-pages.ts';
import type { ContactFormTexts } from './contact-texts.ts';
import styles from './contact.module.css';

const FIELDS = ['name', 'email', 'phone', 'company', 'subject', 'message'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const ERROR_TEXT: Record<Field, keyof ContactFormTexts> = {
  name: 'errorName',
  email: 'errorEmail',
  phone: 'errorPhone',
  company: 'errorCompany',
  subject: 'errorSubject',
  message: 'errorMessage',
};

/** The same rules as the API's contract (packages/contracts/src/contact.ts), said before sending. */
function invalidFields(v: Values): Field[] {
  const bad: Field[] = [];
  if (v.name.length < 2 || v.name.length > 100) bad.push('name');
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email)) bad.push('email');
  if (v.phone && !/^[+\d][\d ./-]*$/.test(v.phone)) bad.push('phone');
  if (v.company.length > 120) bad.push('company');
  if (v.subject.length < 3 || v.subject.length > 150) bad.push('subject');
  if (v.message.length < 10 || v.message.length > 4000) bad.push('message');
  return bad;
}

/** The field a 400 from the API names ("message: …"), so its Italian text shows by that field. */
function fieldOfApiError(result: unknown): Field | null {
  const named = typeof result === 'string' ? /^(\w+)[.:]/.exec(result)?.[1] : undefined;
  return (FIELDS as readonly string[]).includes(named ?? '') ? (named as Field) : null;
}

/**
 * The contact form of the Contatti page (issue #42 point 11): `POST /api/contact`, as the customer
 * when signed in (then the copy mailed back holds the message). Each field says in Italian what
 * is wrong, checked here first and by the API (a 400 names the field).
 */
export function ContactForm({ texts }: { texts: ContactFormTexts }) {
  const href = useStoreHref();
  const customer = useSyncExternalStore(subscribe, currentCustomer, () => null);
  const [errors, setErrors] = useState<Field[]>([]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const [sent, setSent] = useState<{ reference: string; copySent: boolean } | null>(null);
  const form = useRef<HTMLFormElement>(null);

  if (sent) {
    return (
      <p role="status" className={styles.sent} data-testid="contact-sent">
        {(sent.copySent ? texts.sent : texts.sentNoCopy).replace('{reference}', sent.reference)}
      </p>
    );
  }

  const showErrors = (bad: Field[]) => {
    setErrors(bad);
    if (bad[0]) form.current?.querySelector<HTMLElement>(`[name="${bad[0]}"]`)?.focus();
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = Object.fromEntries(FIELDS.map((field) => [field, String(data.get(field) ?? '').trim()])) as Values;
    const bad = invalidFields(values);
    if (bad.length > 0) return showErrors(bad);
    setErrors([]);
    setBusy(true);
    setFailure('');
    const answer = await sessionCall<{ reference: string; copySent: boolean }>('POST', '/api/contact', {}, values);
    setBusy(false);
    if (answer.code === 200 && typeof answer.result === 'object') return setSent(answer.result);
    const field = answer.code === 400 ? fieldOfApiError(answer.result) : null;
    if (field) return showErrors([field]);
    setFailure(answer.code === 429 ? texts.tooMany : texts.failed);
  };
  // A field turns valid again as soon as it is corrected.
  const recheck = (field: Field) => {
    if (!errors.includes(field) || !form.current) return;
    const data = new FormData(form.current);
    const values = Object.fromEntries(FIELDS.map((name) => [name, String(data.get(name) ?? '').trim()])) as Values;
    if (!invalidFields(values).includes(field)) setErrors(errors.filter((other) => other !== field));
  };
  const input = (field: Field) => ({
    id: `contact-${field}`,
    name: field,
    'aria-invalid': errors.includes(field) || undefined,
    'aria-describedby': errors.includes(field) ? `contact-${field}-error` : undefined,
    onInput: () => recheck(field),
  });
  const label = (field: Field, optional = false) => (
    <label htmlFor={`contact-${field}`}>
      {texts[field]}
      {optional && <span className={styles.optional}> {texts.optional}</span>}
    </label>
  );
  const error = (field: Field) =>
    errors.includes(field) && (
      <span id={`contact-${field}-error`} className={styles.error}>
        {texts[ERROR_TEXT[field]]}
      </span>
    );

  return (
    <section className={styles.section} aria-labelledby="contact-form-heading">
      <h2 id="contact-form-heading">{texts.heading}</h2>
      <p>{texts.intro}</p>
      <form ref={form} className={styles.form} noValidate onSubmit={(event) => void submit(event)} data-testid="contact-form">
        {errors.length > 0 && (
          <p role="alert" className={styles.error}>
            {texts.errorSummary.replace('{count}', String(errors.length))}
          </p>
        )}
        <p className={styles.field}>
          {label('name')}
          <input {...input('name')} required maxLength={100} autoComplete="name" defaultValue={customer ? `${customer.firstname} ${customer.lastname}` : ''} />
          {error('name')}
        </p>
        <p className={styles.field}>
          {label('email')}
          <input {...input('email')} type="email" required maxLength={254} autoComplete="email" defaultValue={customer?.email ?? ''} />
          {error('email')}
        </p>
        <p className={styles.field}>
          {label('phone', true)}
          <input {...input('phone')} type="tel" maxLength={30} autoComplete="tel" />
          {error('phone')}
        </p>
        <p className={styles.field}>
          {label('company', true)}
          <input {...input('company')} maxLength={120} autoComplete="organization" />
          {error('company')}
        </p>
        <p className={styles.field}>
          {label('subject')}
          <input {...input('subject')} required maxLength={150} />
          {error('subject')}
        </p>
        <p className={styles.field}>
          {label('message')}
          <textarea {...input('message')} required rows={6} maxLength={4000} />
          {error('message')}
        </p>
        <p className={styles.privacy}>
          {texts.privacy}
          <a href={href(PRIVACY_PAGE_URL)}>{texts.privacyLink}</a>.
        </p>
        {failure && (
          <p role="alert" className={styles.error}>
            {failure}
          </p>
        )}
        <button type="submit" className="button" disabled={busy}>
          {busy ? texts.sending : texts.submit}
        </button>
      </form>
    </section>
  );
}
