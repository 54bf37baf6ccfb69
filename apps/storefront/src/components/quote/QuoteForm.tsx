'use client';

import { useMemo, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { currentCustomer, sessionCall, subscribe } from '@/lib/account/session.ts';
import { useCart } from '../cart/useCart.ts';
import { useStoreHref } from '../StorePrefix.tsx';
import { PRIVACY_PAGE_URL } from '@/lib/static-pages.ts';
import { useProductsBySku } from '../useProductsBySku.ts';
import type { QuoteFormTexts } from './quote-texts.ts';
import styles from './quote.module.css';

type Item = { sku: string; name: string; qty: number };
type Source = { from: 'cart' } | { from: 'product'; sku: string; qty: number } | { from: 'none' };

const NAME_FIELDS = ['sku', 'name'] as const;
const subscribeNever = () => () => {};

/** What the page was opened for: `?from=cart`, or `?sku=…[&qty=…]` from a product page. */
function sourceOf(search: string): Source {
  const params = new URLSearchParams(search);
  if (params.get('from') === 'cart') return { from: 'cart' };
  const sku = params.get('sku');
  const qty = Math.abs(Math.trunc(Number(params.get('qty')))) || 1;
  return sku ? { from: 'product', sku, qty } : { from: 'none' };
}

/** The products asked about: the cart's lines, or the product of the page it came from. */
function useInitialItems(source: Source | null): Item[] | null {
  const cart = useCart();
  const sku = source?.from === 'product' ? [source.sku] : [];
  const product = useProductsBySku(sku, NAME_FIELDS);
  if (!source) return null;
  if (source.from === 'cart') return cart.items.map((item) => ({ sku: item.sku, name: item.name, qty: item.qty }));
  if (source.from === 'none') return [];
  if (product.status === 'loading') return null;
  const found = product.status === 'ready' ? product.products[0] : undefined;
  return found ? [{ sku: found.sku, name: found.name, qty: source.qty }] : [];
}

/**
 * The quote request form (issue #19): the products and quantities (from the cart or a product
 * page), the buyer's contact and message, and the privacy policy, which must be accepted
 * (shopping.md §5). Sent to `POST /api/quote/request`, as the customer when signed in.
 */
export function QuoteForm({ texts }: { texts: QuoteFormTexts }) {
  const href = useStoreHref();
  // The query string, a stable snapshot (null on the server); the source is read from it.
  const search = useSyncExternalStore(subscribeNever, () => window.location.search, () => null);
  const source = useMemo(() => (search === null ? null : sourceOf(search)), [search]);
  const customer = useSyncExternalStore(subscribe, currentCustomer, () => null);
  const initial = useInitialItems(source);
  // The buyer's changes to the list; null until the first one (the initial list shows till then).
  const [edited, setEdited] = useState<Item[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [privacyError, setPrivacyError] = useState(false);
  const [failure, setFailure] = useState('');
  const [reference, setReference] = useState('');
  const privacy = useRef<HTMLInputElement>(null);

  if (reference) {
    return (
      <p role="status" className={styles.sent} data-testid="quote-sent">
        {texts.sent.replace('{reference}', reference)}
      </p>
    );
  }
  const items = edited ?? initial;
  if (!items) return <p role="status">{texts.loading}</p>;

  const setQty = (sku: string, qty: number) => setEdited(items.map((item) => (item.sku === sku ? { ...item, qty } : item)));
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!privacy.current?.checked) {
      setPrivacyError(true);
      privacy.current?.focus();
      return;
    }
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? '').trim();
    setBusy(true);
    setFailure('');
    const answer = await sessionCall<{ reference: string }>('POST', '/api/quote/request', {}, {
      items: items.map(({ sku, qty }) => ({ sku, qty })),
      name: value('name'),
      company: value('company'),
      email: value('email'),
      phone: value('phone'),
      message: value('message'),
      source: source?.from === 'cart' ? 'cart' : 'product',
      privacyAccepted: true,
    });
    setBusy(false);
    if (answer.code === 200 && typeof answer.result === 'object') setReference(answer.result.reference);
    else setFailure(answer.code === 429 ? texts.tooMany : texts.failed);
  };
  const customerName = customer ? `${customer.firstname} ${customer.lastname}` : '';

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)}>
      <fieldset className={styles.fieldset}>
        <legend>{texts.products}</legend>
        {items.length === 0 ? (
          <p>
            {texts.noProducts}
          </p>
        ) : (
          <table className={styles.items}>
            <thead>
              <tr>
                <th scope="col">{texts.product}</th>
                <th scope="col">{texts.quantity}</th>
                <td />
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.sku}>
                  <td>
                    {item.name}
                    <br />
                    <span className={styles.sku}>
                      {texts.sku} {item.sku}
                    </span>
                  </td>
                  <td>
                    <input
                      type="number"
                      className={styles.qty}
                      min={1}
                      max={100000}
                      step={1}
                      required
                      value={item.qty}
                      aria-label={texts.quantityFor.replace('{name}', item.name)}
                      // §5: a positive-only number input turns 0 into 1 and takes the absolute value.
                      onChange={(event) => setQty(item.sku, Math.abs(Math.trunc(Number(event.target.value))) || 1)}
                    />
                  </td>
                  <td>
                    <button type="button" className={styles.link} onClick={() => setEdited(items.filter((other) => other.sku !== item.sku))} aria-label={texts.removeItem.replace('{name}', item.name)}>
                      {texts.remove}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend>{texts.contact}</legend>
        <p className={styles.field}>
          <label htmlFor="quote-name">{texts.name}</label>
          <input id="quote-name" name="name" required minLength={2} maxLength={100} autoComplete="name" defaultValue={customerName} />
        </p>
        <p className={styles.field}>
          <label htmlFor="quote-company">
            {texts.company} <span className={styles.optional}>{texts.optional}</span>
          </label>
          <input id="quote-company" name="company" maxLength={120} autoComplete="organization" />
        </p>
        <p className={styles.field}>
          <label htmlFor="quote-email">{texts.email}</label>
          <input id="quote-email" name="email" type="email" required maxLength={254} autoComplete="email" defaultValue={customer?.email ?? ''} />
        </p>
        <p className={styles.field}>
          <label htmlFor="quote-phone">
            {texts.phone} <span className={styles.optional}>{texts.optional}</span>
          </label>
          <input id="quote-phone" name="phone" type="tel" maxLength={30} autoComplete="tel" pattern="[+0-9][0-9 ./\-]*" />
        </p>
        <p className={styles.field}>
          <label htmlFor="quote-message">
            {texts.message} <span className={styles.optional}>{texts.optional}</span>
          </label>
          <textarea id="quote-message" name="message" rows={5} maxLength={2000} />
        </p>
      </fieldset>
      <p className={styles.privacy}>
        <input
          ref={privacy}
          id="quote-privacy"
          type="checkbox"
          aria-invalid={privacyError || undefined}
          aria-describedby={privacyError ? 'quote-privacy-error' : undefined}
          onChange={(event) => setPrivacyError(privacyError && !event.target.checked)}
        />
        <label htmlFor="quote-privacy">
          {texts.privacy}{' '}
          <a href={href(PRIVACY_PAGE_URL)} target="_blank" rel="noopener">
            {texts.privacyLink}
          </a>
        </label>
      </p>
      {privacyError && (
        <p id="quote-privacy-error" role="alert" className={styles.error}>
          {texts.privacyRequired}
        </p>
      )}
      {failure && (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      )}
      <button type="submit" className="button" disabled={busy || items.length === 0}>
        {busy ? texts.sending : texts.submit}
      </button>
    </form>
  );
}
