'use client';

import { formatPrice, toCents } from '@shop/domain';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { accountCall, currentCustomer, rememberCustomer, signIn, signOut, subscribe, type SignedInCustomer } from '@/lib/account/session.ts';
import { apiCall } from '@/lib/cart/cart-api.ts';
import { useStoreHref } from '../StorePrefix.tsx';
import { accountMessage, type AccountTexts } from './account-texts.ts';
import styles from './account.module.css';

interface HistoryItem {
  increment_id: string;
  created_at: string;
  grand_total: number;
}

/** A labelled input; the label is visible, the id derived from the form and the name. */
function Field({ form, name, label, type = 'text', autoComplete, hint }: { form: string; name: string; label: string; type?: string; autoComplete: string; hint?: string }) {
  const id = `${form}-${name}`;
  return (
    <p className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} type={type} autoComplete={autoComplete} required aria-describedby={hint ? `${id}-hint` : undefined} />
      {hint && (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      )}
    </p>
  );
}

const value = (form: HTMLFormElement, name: string) => String(new FormData(form).get(name) ?? '').trim();

/** Sign in and register, side by side (shopping.md §2 login and register screens). */
function SignIn({ texts, notice }: { texts: AccountTexts; notice: string | null }) {
  const href = useStoreHref();
  const [error, setError] = useState<{ form: 'login' | 'register'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const login = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    const refused = await signIn(value(event.currentTarget, 'email'), String(new FormData(event.currentTarget).get('password') ?? ''));
    setBusy(false);
    if (refused !== null) setError({ form: 'login', text: accountMessage(refused, texts) });
  };
  const register = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const email = value(form, 'email');
    const password = String(new FormData(form).get('password') ?? '');
    setBusy(true);
    const created = await apiCall('POST', '/api/user/create', {}, { customer: { email, firstname: value(form, 'firstname'), lastname: value(form, 'lastname') }, password });
    const refused = created.code === 200 ? await signIn(email, password) : String(created.result);
    setBusy(false);
    if (refused !== null) setError({ form: 'register', text: accountMessage(refused, texts) });
  };

  return (
    <>
      {notice && <p role="status">{notice}</p>}
      <div className={styles.columns}>
        <section aria-labelledby="account-login">
          <h2 id="account-login">{texts['login']}</h2>
          <form onSubmit={login} aria-busy={busy || undefined}>
            <Field form="login" name="email" label={texts['email']!} type="email" autoComplete="email" />
            <Field form="login" name="password" label={texts['password']!} type="password" autoComplete="current-password" />
            {error?.form === 'login' && <p role="alert" className={styles.error}>{error.text}</p>}
            <button type="submit" className="button" disabled={busy}>
              {texts['loginSubmit']}
            </button>
          </form>
          <p>
            <a href={href('/reset-password')}>{texts['forgot']}</a>
          </p>
        </section>
        <section aria-labelledby="account-register">
          <h2 id="account-register">{texts['register']}</h2>
          <form onSubmit={register} aria-busy={busy || undefined}>
            <Field form="register" name="firstname" label={texts['firstName']!} autoComplete="given-name" />
            <Field form="register" name="lastname" label={texts['lastName']!} autoComplete="family-name" />
            <Field form="register" name="email" label={texts['email']!} type="email" autoComplete="email" />
            <Field form="register" name="password" label={texts['password']!} type="password" autoComplete="new-password" hint={texts['passwordHint']} />
            {error?.form === 'register' && <p role="alert" className={styles.error}>{error.text}</p>}
            <button type="submit" className="button" disabled={busy}>
              {texts['registerSubmit']}
            </button>
          </form>
        </section>
      </div>
    </>
  );
}

/** The signed-in customer's profile (names) and orders, and the way out. */
function Profile({ customer, texts, onLogout }: { customer: SignedInCustomer; texts: AccountTexts; onLogout(): void }) {
  const [orders, setOrders] = useState<HistoryItem[] | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  useEffect(() => {
    void accountCall<{ items: HistoryItem[] }>('GET', '/api/user/order-history').then((answer) => {
      setOrders(answer.code === 200 && typeof answer.result !== 'string' ? answer.result.items : []);
    });
  }, []);
  const save = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const answer = await accountCall<SignedInCustomer>('POST', '/api/user/me', {}, { customer: { firstname: value(form, 'firstname'), lastname: value(form, 'lastname') } });
    if (answer.code === 200 && typeof answer.result !== 'string') {
      rememberCustomer(answer.result);
      setStatus(texts['msg.accountUpdated']!);
    } else {
      setStatus(accountMessage(String(answer.result), texts));
    }
  };
  const date = (iso: string) => new Intl.DateTimeFormat('it-IT', { dateStyle: 'short' }).format(new Date(iso));
  return (
    <>
      <p>{texts['welcome']!.replace('{name}', customer.firstname)}</p>
      <section aria-labelledby="account-profile">
        <h2 id="account-profile">{texts['profile']}</h2>
        <form onSubmit={save} key={`${customer.firstname}|${customer.lastname}`}>
          <p className={styles.field}>
            <label htmlFor="profile-firstname">{texts['firstName']}</label>
            <input id="profile-firstname" name="firstname" defaultValue={customer.firstname} autoComplete="given-name" required />
          </p>
          <p className={styles.field}>
            <label htmlFor="profile-lastname">{texts['lastName']}</label>
            <input id="profile-lastname" name="lastname" defaultValue={customer.lastname} autoComplete="family-name" required />
          </p>
          <p>
            {texts['email']}: {customer.email}
          </p>
          <p role="status">{status}</p>
          <button type="submit" className="button">
            {texts['save']}
          </button>
        </form>
      </section>
      <section aria-labelledby="account-orders">
        <h2 id="account-orders">{texts['orders']}</h2>
        {orders === null ? (
          <p role="status">{texts['loading']}</p>
        ) : orders.length === 0 ? (
          <p>{texts['noOrders']}</p>
        ) : (
          <ul data-testid="account-orders">
            {orders.map((order) => (
              <li key={order.increment_id}>
                {texts['orderLine']!.replace('{number}', order.increment_id).replace('{date}', date(order.created_at)).replace('{total}', formatPrice(toCents(order.grand_total)))}
              </li>
            ))}
          </ul>
        )}
      </section>
      <button type="button" className="button button--secondary" onClick={onLogout}>
        {texts['logout']}
      </button>
    </>
  );
}

/**
 * `/my-account` (shopping.md §2): sign in or register; signed in, the profile and the orders.
 * The other account pages (address book, documents, …) come with the rest of issue #15.
 */
export function AccountView({ texts }: { texts: AccountTexts }) {
  const customer = useSyncExternalStore(subscribe, currentCustomer, () => undefined);
  const [notice, setNotice] = useState<string | null>(null);
  if (customer === undefined) return <p role="status">{texts['loading']}</p>;
  if (!customer) return <SignIn texts={texts} notice={notice} />;
  return (
    <Profile
      customer={customer}
      texts={texts}
      onLogout={() => {
        void signOut();
        setNotice(texts['loggedOut']!);
      }}
    />
  );
}
