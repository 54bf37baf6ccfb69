'use client';

import { useEffect, useRef, useState } from 'react';
import { accountCall } from '@/lib/account/session.ts';
import { fillTemplate } from '@/lib/message-patterns.ts';
import { useCustomer } from '../AccountShell.tsx';
import {
  addressFormOf,
  addressMessage,
  addressTitle,
  bookAddressOf,
  emptyAddressForm,
  placeAddress,
  saveProblems,
  type AddressFormValues,
  type BookAddressPayload,
  type BookCustomer,
  type BookEntry,
  type Texts,
} from './address-book.ts';
import { AddressForm, FORM_TITLE_ID, type SaveRefusal } from './AddressForm.tsx';
import styles from './address-book.module.css';

const ADD_BUTTON_ID = 'address-add';
const headingId = (id: number | undefined) => `address-${id}`;

/** One saved address: who, where, the invoicing data it has, its default flags, Edit and Delete (with a confirm step). */
function AddressCard({
  address,
  texts,
  confirming,
  onEdit,
  onDelete,
  onConfirm,
  onKeep,
}: {
  address: BookEntry;
  texts: Texts;
  confirming: boolean;
  onEdit(): void;
  onDelete(): void;
  onConfirm(): void;
  onKeep(): void;
}) {
  const id = headingId(address.id);
  const named = (template: string | undefined) => fillTemplate(template ?? '', { address: addressTitle(address) });
  const ca = address.custom_attributes ?? {};
  const province = address.country_id === 'IT' ? address.region_code : address.region;
  const details = [
    [texts['phone'], address.telephone],
    [texts['fiscalCode'], ca.fiscal_code],
    [texts['vatId'], address.vat_id],
    [texts['sdiCode'], ca.sdi_code],
    [texts['pecEmail'], ca.pec_email],
  ].filter((pair): pair is [string, string] => Boolean(pair[1]));
  const flags = [address.default_shipping && texts['defaultShipping'], address.default_billing && texts['defaultBilling']].filter(Boolean);
  return (
    <>
      <h3 id={id} tabIndex={-1}>
        {address.firstname} {address.lastname}
      </h3>
      {address.company && <p>{address.company}</p>}
      <p>
        {address.street.filter(Boolean).join(', ')}
        <br />
        {address.postcode} {address.city}
        {province ? ` (${province})` : ''}
        <br />
        {texts[`country.${address.country_id}`] ?? address.country_id}
      </p>
      {details.length > 0 && (
        <dl className={styles.details}>
          {details.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {flags.length > 0 && (
        <ul className={styles.badges}>
          {flags.map((flag) => (
            <li key={String(flag)}>{flag}</li>
          ))}
        </ul>
      )}
      <div className={styles.actions}>
        {confirming ? (
          <div role="group" aria-labelledby={`${id}-confirm`} className={styles.confirm}>
            <p id={`${id}-confirm`}>{named(texts['confirmDelete'])}</p>
            <div className="button-row">
              <button type="button" className="button" onClick={onConfirm}>
                {texts['confirmYes']}
              </button>
              <button type="button" id={`${id}-keep`} className="button button--secondary" onClick={onKeep}>
                {texts['confirmNo']}
              </button>
            </div>
          </div>
        ) : (
          <div className="button-row">
            <button type="button" id={`${id}-edit`} className="button button--secondary" aria-label={named(texts['editNamed'])} onClick={onEdit}>
              {texts['edit']}
            </button>
            <button type="button" id={`${id}-delete`} className="button button--secondary" aria-label={named(texts['deleteNamed'])} onClick={onDelete}>
              {texts['delete']}
            </button>
          </div>
        )}
      </div>
    </>
  );
}

type Editing = { id: number } | 'new' | null;

/**
 * `/my-account/shipping-details` (shopping.md §2, §3 Address, §5, §7, §8; issue "Accounts"): the
 * signed-in customer's saved addresses with the checkout's Italian fields. A save sends the whole
 * book (`PUT /api/ext/address-book/:customerId`) and shows the book the server answers; a delete
 * asks first. Outcomes are read out (a polite status, an alert for failures) and the focus goes
 * where the shopper continues.
 */
export function AddressBook({ texts }: { texts: Texts }) {
  const signedIn = useCustomer();
  const [customer, setCustomer] = useState<BookCustomer | null>(null);
  const [loadFailed, setLoadFailed] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [status, setStatus] = useState('');
  const [alert, setAlert] = useState('');
  // Bumped by "try again" after a failed load.
  const [attempt, setAttempt] = useState(0);
  // The element to focus once the next render is on the page.
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  useEffect(() => {
    let live = true;
    void accountCall<BookCustomer>('GET', '/api/user/me').then((answer) => {
      if (!live) return;
      const ok = answer.code === 200 && typeof answer.result !== 'string';
      setCustomer(ok ? (answer.result as BookCustomer) : null);
      setLoadFailed(ok ? null : addressMessage(String(answer.result), texts));
    });
    return () => {
      live = false;
    };
    // Once per signed-in customer, and again on "try again".
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedIn?.id, attempt]);

  if (!customer) {
    if (loadFailed === null) return <p role="status">{texts['loading']}</p>;
    return (
      <div className={styles.book}>
        <p role="alert">{loadFailed}</p>
        <button
          type="button"
          className={`button ${styles.add}`}
          onClick={() => {
            setLoadFailed(null);
            setAttempt((n) => n + 1);
          }}
        >
          {texts['retry']}
        </button>
      </div>
    );
  }

  const clearOutcome = () => {
    setStatus('');
    setAlert('');
  };
  const open = (next: Editing) => {
    clearOutcome();
    setConfirming(null);
    setEditing(next);
    focusNext.current = FORM_TITLE_ID;
  };
  const close = () => {
    focusNext.current = editing && editing !== 'new' ? `${headingId(editing.id)}-edit` : ADD_BUTTON_ID;
    setEditing(null);
  };

  // The e-mail an address carries: its own, else the customer's.
  const emailOf = (base?: BookEntry) => base?.email || customer.email;

  const save = async (values: AddressFormValues, base?: BookEntry): Promise<SaveRefusal | null> => {
    clearOutcome();
    const entry = bookAddressOf(values, emailOf(base), base);
    const addresses = placeAddress<BookEntry | BookAddressPayload>(customer.addresses, entry);
    const answer = await accountCall<BookCustomer>('PUT', `/api/ext/address-book/${customer.id}`, {}, { customer: { ...customer, addresses } });
    if (answer.code !== 200 || typeof answer.result === 'string') return saveProblems(String(answer.result), addresses.indexOf(entry));
    // The server's book shows where the default flags went; a new address is the one without an id before.
    const before = new Set(customer.addresses.map((a) => a.id));
    const saved = base?.id ?? answer.result.addresses.find((a) => !before.has(a.id))?.id;
    setCustomer(answer.result);
    setEditing(null);
    setStatus(texts['saved']!);
    focusNext.current = saved === undefined ? ADD_BUTTON_ID : headingId(saved);
    return null;
  };

  const remove = async (address: BookEntry) => {
    if (deleting) return;
    clearOutcome();
    setDeleting(true);
    const answer = await accountCall<true>('DELETE', `/api/ext/address-book/address/${address.id}`, {}, { addressId: address.id });
    setDeleting(false);
    setConfirming(null);
    // 404 "Address Id missing": it is not in the book (any more) either.
    const gone = answer.code === 200 || answer.code === 404;
    if (gone) setCustomer({ ...customer, addresses: customer.addresses.filter((a) => a.id !== address.id) });
    if (answer.code === 200) setStatus(texts['deleted']!);
    else setAlert(addressMessage(String(answer.result), texts));
    focusNext.current = gone ? ADD_BUTTON_ID : `${headingId(address.id)}-delete`;
  };

  const form = (base?: BookEntry) => (
    <AddressForm
      key={base?.id ?? 'new'}
      title={base ? fillTemplate(texts['editTitle']!, { address: addressTitle(base) }) : texts['newTitle']!}
      initial={base ? addressFormOf(base) : emptyAddressForm(customer)}
      email={emailOf(base)}
      texts={texts}
      onSave={(values) => save(values, base)}
      onCancel={close}
    />
  );

  return (
    <div className={styles.book} aria-busy={deleting || undefined}>
      <p role="status" className={styles.status}>
        {status}
      </p>
      <div role="alert" className={styles.notice}>
        {alert}
      </div>
      {customer.addresses.length === 0 && editing !== 'new' && <p>{texts['empty']}</p>}
      {customer.addresses.length > 0 && (
        <ul className={styles.list}>
          {customer.addresses.map((address) => {
            const edited = editing !== null && editing !== 'new' && editing.id === address.id;
            return (
              <li key={address.id} className={edited ? styles.editing : styles.card}>
                {edited ? (
                  form(address)
                ) : (
                  <AddressCard
                    address={address}
                    texts={texts}
                    confirming={confirming === address.id}
                    onEdit={() => open({ id: address.id! })}
                    onDelete={() => {
                      clearOutcome();
                      setConfirming(address.id!);
                      focusNext.current = `${headingId(address.id)}-keep`;
                    }}
                    onConfirm={() => void remove(address)}
                    onKeep={() => {
                      setConfirming(null);
                      focusNext.current = `${headingId(address.id)}-delete`;
                    }}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
      {editing === 'new' ? (
        form()
      ) : (
        <button type="button" id={ADD_BUTTON_ID} className={`button ${styles.add}`} onClick={() => open('new')}>
          {texts['add']}
        </button>
      )}
    </div>
  );
}
