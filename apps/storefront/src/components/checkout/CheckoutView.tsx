'use client';

import type { PaymentMethod, ShippingMethod } from '@shop/contracts';
import { CART_PATHS } from '@shop/contracts/cart-paths';
import {
  CHECKOUT_MESSAGES,
  emptyCheckoutForm,
  prefillCheckoutForm,
  SHOP_ORDERS_EMAIL,
  validateCheckoutForm,
  withSavedAddress,
  type CheckoutCustomer,
  type CheckoutFormValues,
  type SavedAddress,
} from '@shop/contracts/checkout-rules';
import { formatPrice, isValidCap, toCents } from '@shop/domain';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { accountCall, currentCustomer, sessionCall, subscribe } from '@/lib/account/session.ts';
import { cartActions } from '@/lib/cart/cart-actions.ts';
import { startCart } from '@/lib/cart/cart-store.ts';
import { abandonPendingOrder, readPendingPayment, rememberPendingPayment } from '@/lib/checkout/pending-payment.ts';
import { orderPayload, placementOutcome } from '@/lib/checkout/placement.ts';
import { draftOf, forgetPlacedOrder, readCheckoutSession, writeSavedCheckout } from '@/lib/checkout/saved-checkout.ts';
import { forgetSavedCheckout } from '@/lib/checkout/checkout-storage.ts';
import { adoptSession } from '@/lib/account/session.ts';
import { rememberOfferedMethods, readOfferedMethods } from '@/lib/checkout/offline-methods.ts';
import { storeOfflineOrder } from '@/lib/offline/offline-orders.ts';
import { useCheckoutEvents } from '../analytics/useCheckoutEvents.ts';
import { useStoreHref } from '../StorePrefix.tsx';
import { TERMS_PAGE_URL } from '@/lib/static-pages.ts';
import { setUiFlag } from '../ui/ui-store.ts';
import type { CartTexts } from '../cart/cart-texts.ts';
import { FeeBlock } from '../cart/FeeBlock.tsx';
import { NotificationList } from '../cart/NotificationList.tsx';
import { PendingOrders, type OfflineOrderTexts } from '../offline/PendingOrders.tsx';
import { StockProblems } from '../cart/StockProblems.tsx';
import { CartTextsContext, useCart, useHydrated, useNotifications } from '../cart/useCart.ts';
import { AddressFields, BillingFields, PersonalFields, type FormUpdate } from './CheckoutSections.tsx';
import { checkoutMessage } from './checkout-message.ts';
import type { CheckoutTexts } from './checkout-texts.ts';
import { CheckField, fieldId, RadioGroup } from './fields.tsx';
import { InstalmentPlans } from './InstalmentPlans.tsx';
import { OrderReview } from './OrderReview.tsx';
import { SavedAddresses } from './SavedAddresses.tsx';
import styles from './checkout.module.css';
import { interpolate } from '@/i18n/interpolate.ts';

/** The instalment method (shopping.md §9): its plan is chosen in the order review. */
const INSTALMENT_METHOD = 'almapay';

/** A method's label: its cost when it has one, and the test-environment mark of a sandbox or test credentials. */
function paymentLabel(method: PaymentMethod, texts: CheckoutTexts): string {
  // Excl. VAT: the very figure of the summary's payment cost line (issue 42).
  const label = method.cost > 0 ? texts['paymentCost']!.replace('{title}', method.title).replace('{price}', formatPrice(toCents(method.cost))) : method.title;
  return method.test ? texts['testEnvironment']!.replace('{title}', label) : label;
}

/** The notice that counts the fields to correct: its count follows the errors still shown. */
const FIX_ERRORS = '\u0000fix-errors';

/** A form value by its dotted path (`shippingDetails.zipCode`); undefined for a path the form does not hold. */
const valueAt = (values: CheckoutFormValues, path: string): unknown =>
  path.split('.').reduce<unknown>((at, key) => (typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[key] : undefined), values);

/** Resends of an order the shop could not take (same order id: never two orders). */
const RETRY_DELAYS_MS = [3000, 8000, 15000];

/**
 * The checkout (shopping.md §2–§5, issue #12): who buys, where it goes, how it ships and is paid,
 * the invoicing data, then the review and the order. Every rule is the shared one of
 * @shop/contracts/checkout-rules, which the server applies again; amounts come from the server cart.
 */
export function CheckoutView({ texts, cartTexts, offlineTexts }: { texts: CheckoutTexts; cartTexts: CartTexts; offlineTexts: OfflineOrderTexts }) {
  return (
    <CartTextsContext value={cartTexts}>
      <Checkout texts={texts} offlineTexts={offlineTexts} />
      <Notifications />
    </CartTextsContext>
  );
}

/** The cart's notifications (a delivery service added or removed, an error of the cart). */
function Notifications() {
  return <NotificationList list={useNotifications()} />;
}

type Section = keyof Pick<CheckoutFormValues, 'personalDetails' | 'shippingDetails' | 'paymentDetails'>;

function Checkout({ texts, offlineTexts }: { texts: CheckoutTexts; offlineTexts: OfflineOrderTexts }) {
  const cart = useCart();
  const hydrated = useHydrated();
  const router = useRouter();
  const href = useStoreHref();
  // What this shopper typed before a reload (read once; on the server there is nothing to read):
  // a guest's draft for a guest, a customer's own for that customer, never another's (issue 42).
  const [saved] = useState(() => draftOf(readCheckoutSession(), currentCustomer()?.id ?? null));
  const [form, setForm] = useState<CheckoutFormValues>(() => saved?.form ?? emptyCheckoutForm());
  // A guest's restored draft can be dropped ("Non sei tu? Cancella i dati").
  const [restored, setRestored] = useState(saved !== null && saved.customerId === null);
  // The fields complained about (by the page or the server), with the value each had then.
  const [flagged, setFlagged] = useState<Record<string, { text: string; value: unknown }>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [placing, setPlacing] = useState(false);
  // The choices whose totals the page shows: until the totals follow a new choice, "Conferma ordine" waits (the shopper confirms the total shown).
  const [settledChoices, setSettledChoices] = useState<string | null>(null);
  // An order placed offline is stored until it can be sent (shopping.md §4 "Offline").
  const [storedOffline, setStoredOffline] = useState(false);
  // Offline, the methods the shop offered last (an order paid outside the shop can then be queued).
  const [shippingMethods, setShippingMethods] = useState<ShippingMethod[] | null>(() => (typeof window === 'undefined' || navigator.onLine ? null : readOfferedMethods().shipping));
  const [paymentMethods, setPaymentMethods] = useState<PaymentMethod[] | null>(() => (typeof window === 'undefined' || navigator.onLine ? null : readOfferedMethods().payment));
  // The instalment plan chosen in the order review (almapay); null: none chosen or none offered.
  const [installments, setInstallments] = useState<number | null>(null);
  const orderId = useRef<string | null>(saved?.orderId ?? null);
  // A pending resend ends with the page: leaving the checkout must not place the order later behind the shopper's back.
  const retry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(retry.current), []);
  const token = cart.token;
  const s = form.shippingDetails;
  const pay = form.paymentDetails;
  const say = (key: string) => checkoutMessage(key, texts);

  useEffect(() => startCart({ urgent: true }), []);
  // A signed-in checkout starts from the account (its e-mail, names, default addresses; the
  // saved ones offered), or from the customer's own draft with the account's e-mail. Someone else
  // signing in or out here starts the form again: one shopper's details never reach another.
  const customer = useSyncExternalStore(subscribe, currentCustomer, () => null);
  const [addresses, setAddresses] = useState<readonly SavedAddress[]>([]);
  const owner = useRef<{ id: number | null; fromDraft: boolean }>({ id: saved?.customerId ?? null, fromDraft: saved !== null });
  useEffect(() => {
    // The store itself, not the hydration snapshot, says who is signed in.
    const id = currentCustomer()?.id ?? null;
    if (owner.current.id !== id) {
      owner.current = { id, fromDraft: false };
      orderId.current = null;
      setFlagged({});
      setNotice(null);
      setRestored(false);
      setAddresses([]);
      setForm(emptyCheckoutForm());
    }
    if (id === null) return;
    void accountCall<CheckoutCustomer>('GET', '/api/user/me').then((answer) => {
      if (answer.code !== 200 || typeof answer.result === 'string' || owner.current.id !== id) return;
      const me = answer.result;
      setAddresses(me.addresses);
      setForm((current) =>
        owner.current.fromDraft ? { ...current, personalDetails: { ...current.personalDetails, emailAddress: me.email, createAccount: false } } : prefillCheckoutForm(current, me),
      );
    });
  }, [customer?.id]);
  const forgetDraft = () => {
    forgetSavedCheckout();
    orderId.current = null;
    setRestored(false);
    setFlagged({});
    setNotice(null);
    setForm(emptyCheckoutForm());
  };
  // Back from a provider's page without paying (the browser's Back button): that order gives way
  // to this checkout, its cart comes back, unless it was paid meanwhile.
  useEffect(() => {
    const pending = readPendingPayment();
    if (!pending) return;
    void abandonPendingOrder(pending.incrementId, pending.accessKey).then((outcome) => {
      if (outcome === 'paid') router.push(href(`/thank-you?order=${encodeURIComponent(pending.incrementId)}&key=${encodeURIComponent(pending.accessKey)}`));
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the checkout opens
  }, []);
  // A page the browser restores from its back/forward cache still shows "redirecting": load it afresh.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) window.location.reload();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);
  // Checkout mode (shopping §2): the cart's own buttons stay out of the way while the shopper checks out.
  useEffect(() => {
    setUiFlag('checkoutMode', true);
    return () => setUiFlag('checkoutMode', false);
  }, []);
  useEffect(() => setUiFlag('loader', placing), [placing]);

  const save = (next: CheckoutFormValues) => writeSavedCheckout({ form: next, modifiedAt: Date.now(), orderId: orderId.current, customerId: currentCustomer()?.id ?? null });
  const update: FormUpdate = (section: Section, field: string, value: unknown) =>
    setForm((current) => {
      const next = { ...current, [section]: { ...current[section], [field]: value } };
      save(next);
      return next;
    });
  const setTerms = (acceptTerms: boolean) =>
    setForm((current) => {
      const next = { ...current, acceptTerms };
      save(next);
      return next;
    });

  // Shipping methods for the address (§7 shipping-methods): looked up once country and CAP are complete.
  const addressReady = s.country === 'IT' ? isValidCap(s.zipCode.trim()) && s.state !== '' : s.zipCode.trim() !== '';
  useCheckoutEvents(cart.totals, addressReady && shippingMethods?.length && s.shippingCarrier ? `${s.shippingCarrier}_${s.shippingMethod}` : null, pay.paymentMethod);
  useEffect(() => {
    if (!token || !addressReady) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const answer = await sessionCall<ShippingMethod[]>('POST', CART_PATHS.shippingMethods, { cartId: token }, {
        address: { country_id: s.country, postcode: s.zipCode.trim(), region_code: s.state },
      });
      if (controller.signal.aborted || answer.code !== 200 || typeof answer.result === 'string') return;
      const methods = answer.result;
      setShippingMethods(methods);
      rememberOfferedMethods({ shipping: methods });
      const chosen = methods.find((m) => m.carrier_code === s.shippingCarrier && m.method_code === s.shippingMethod) ?? methods.find((m) => m.default) ?? methods[0];
      if (chosen && (chosen.carrier_code !== s.shippingCarrier || chosen.method_code !== s.shippingMethod)) {
        update('shippingDetails', 'shippingCarrier', chosen.carrier_code);
        update('shippingDetails', 'shippingMethod', chosen.method_code);
      }
    }, 300);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the lookup depends on the address only
  }, [token, addressReady, s.country, s.zipCode, s.state]);

  // The chosen address and methods saved on the cart (§7 shipping-information): payment methods and totals follow them;
  // the same list says which choices the totals shown belong to.
  const choices = JSON.stringify([token, addressReady, s.country, s.zipCode, s.state, s.shippingCarrier, s.shippingMethod, pay.paymentMethod, cart.items.length]);
  const totalsPending = Boolean(token) && settledChoices !== choices;
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    void (async () => {
      const answer =
        addressReady && s.shippingCarrier
          ? await sessionCall<{ payment_methods: PaymentMethod[] }>('POST', CART_PATHS.shippingInformation, { cartId: token }, {
              addressInformation: {
                shippingAddress: { countryId: s.country, postcode: s.zipCode.trim(), city: s.city.trim() || undefined, regionCode: s.state || undefined },
                shippingCarrierCode: s.shippingCarrier,
                shippingMethodCode: s.shippingMethod,
              },
              ...(pay.paymentMethod ? { methodPay: pay.paymentMethod } : {}),
            })
          : null;
      const methods =
        answer?.code === 200 && typeof answer.result !== 'string'
          ? answer.result.payment_methods
          : await sessionCall<PaymentMethod[]>('GET', CART_PATHS.paymentMethods, { cartId: token }).then((a) => (a.code === 200 && typeof a.result !== 'string' ? a.result : null));
      if (controller.signal.aborted) return;
      if (methods) {
        setPaymentMethods(methods);
        rememberOfferedMethods({ payment: methods });
        if (pay.paymentMethod && !methods.some((m) => m.code === pay.paymentMethod)) update('paymentDetails', 'paymentMethod', '');
      }
      await cartActions().refreshTotals();
    })().finally(() => {
      if (!controller.signal.aborted) setSettledChoices(choices);
    });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- saved when the address or a method changes
  }, [choices]);

  /** Every problem of the form as it stands: the shared rules, and the choices only the page knows of. */
  const problemsOf = (values: CheckoutFormValues): Record<string, string> => {
    const found = validateCheckoutForm(values);
    // A cart that ships needs its method (a virtual cart has none to choose: the lookup answers none).
    if (shippingMethods?.length !== 0 && !values.shippingDetails.shippingCarrier) found['shippingDetails.shippingMethod'] ??= CHECKOUT_MESSAGES.required;
    if (values.paymentDetails.paymentMethod === INSTALMENT_METHOD && installments === null) found['paymentDetails.installments'] = CHECKOUT_MESSAGES.instalmentNotEnabled;
    return found;
  };
  const showErrors = (found: Record<string, string>) => {
    setFlagged(Object.fromEntries(Object.entries(found).map(([path, text]) => [path, { text, value: valueAt(form, path) }])));
    const count = Object.keys(found).length;
    if (count === 0) return;
    setNotice(FIX_ERRORS);
    // Focus the first wrong field in reading order, once the messages are on the page.
    requestAnimationFrame(() => {
      const fields = Object.keys(found).flatMap((path) => document.getElementById(fieldId(path)) ?? []);
      fields.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
      fields[0]?.focus();
    });
  };

  const place = async (attempt = 0): Promise<void> => {
    const grandTotal = cart.totals?.grand_total;
    if (!token || grandTotal === undefined) return;
    orderId.current ??= crypto.randomUUID();
    save(form);
    setPlacing(true);
    const virtual = shippingMethods !== null && shippingMethods.length === 0;
    const methods = virtual ? { ...form, shippingDetails: { ...s, shippingCarrier: 'none', shippingMethod: 'none' } } : form;
    const plan = pay.paymentMethod === INSTALMENT_METHOD ? installments : null;
    const payload = orderPayload(methods, token, orderId.current, grandTotal, plan);
    // Only a method paid outside the shop (transfer, cash) can wait: an online payment needs its provider now.
    if (!navigator.onLine && paymentMethods?.find((m) => m.code === pay.paymentMethod)?.offline) {
      // A password is never stored in the browser: an order sent later asks for an account without one (set through the reset link).
      const { password: _password, ...stored } = payload;
      await storeOfflineOrder(stored, orderId.current);
      setPlacing(false);
      setStoredOffline(true);
      return;
    }
    const answer = await sessionCall('POST', '/api/order', {}, payload, { 'idempotency-key': orderId.current });
    const outcome = placementOutcome(answer, pay.sameAsShipping);
    if (outcome.kind === 'failed' && attempt < RETRY_DELAYS_MS.length) {
      setNotice(say(CHECKOUT_MESSAGES.orderQueued));
      retry.current = setTimeout(() => void place(attempt + 1), RETRY_DELAYS_MS[attempt]);
      return;
    }
    setPlacing(false);
    switch (outcome.kind) {
      case 'placed': {
        orderId.current = null;
        // Paid at the provider's page: the details stay until the payment is made, so that a cancel
        // comes back to a filled checkout; otherwise the order is done and the draft goes.
        if (outcome.redirectUrl) save({ ...form, personalDetails: { ...form.personalDetails, createAccount: false } });
        else forgetPlacedOrder();
        // The account made with this order: the buyer is signed in (spec: after a password is created),
        // and this form is theirs now (no reset of it: the page is left).
        if (outcome.session) {
          await adoptSession(outcome.session.token, outcome.session.refreshToken);
          owner.current = { id: currentCustomer()?.id ?? null, fromDraft: true };
        }
        if (outcome.redirectUrl) {
          // Paid at the provider's page: the cart stays here until the order is paid (a cancel comes back to it).
          rememberPendingPayment({ incrementId: outcome.incrementId, accessKey: outcome.accessKey, method: pay.paymentMethod });
          setPlacing(true);
          setNotice(texts['redirecting']!);
          window.location.assign(outcome.redirectUrl);
          return;
        }
        await cartActions().forget();
        router.push(href(`/thank-you?order=${encodeURIComponent(outcome.incrementId)}&key=${encodeURIComponent(outcome.accessKey)}`));
        return;
      }
      case 'fields':
        showErrors(outcome.errors);
        // §8: the shop refused the address data, so no order was made.
        setNotice(checkoutMessage(CHECKOUT_MESSAGES.addressInvalidOrderCancelled, texts).replace('{email}', SHOP_ORDERS_EMAIL));
        return;
      case 'refused':
        setNotice(say(outcome.text));
        if (outcome.reload) await cartActions().refreshTotals();
        return;
      case 'failed':
        setNotice(say(CHECKOUT_MESSAGES.somethingWentWrong));
    }
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (placing) return;
    setNotice(null);
    const found = problemsOf(form);
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setFlagged({});
    void place();
  };

  if (!hydrated) return <p role="status">{texts['loading']}</p>;
  if (storedOffline) {
    // Refused since (a price or the stock changed): back to the form, with the shop's totals now.
    const review = () => {
      setStoredOffline(false);
      void cartActions().refreshTotals();
    };
    return <PendingOrders texts={offlineTexts} messages={texts} heading="h2" onReview={review} />;
  }
  if (cart.items.length === 0) {
    return (
      <div className={styles.empty}>
        <p>{texts['emptyCart']}</p>
        <a href={href('/')}>{texts['backToShop']}</a>
      </div>
    );
  }

  // A complained-about field shows its problem while it has one (checked as the shopper types), or,
  // for the server's word, until it is changed: corrected, it turns valid at once (issue 42 point 4),
  // and the banner's count follows. Fields not complained about are not judged while typed.
  const live = Object.keys(flagged).length > 0 ? problemsOf(form) : {};
  const errors = Object.fromEntries(
    Object.entries(flagged).flatMap(([path, { text, value }]) => {
      const now = live[path] ?? (value !== undefined && valueAt(form, path) === value ? text : undefined);
      return now ? [[path, now]] : [];
    }),
  );
  const error = (path: string) => (errors[path] ? say(errors[path]) : undefined);
  const shippingFees = cart.shippingFees.find((entry) => entry.quoteItemId === null);
  const shippingFeeTotal = cart.totals?.total_segments.find((segment) => segment.code === 'shipping_fee')?.value ?? 0;
  // Per-line services (transport insurance): each with its line's name and fee total.
  const productFees = cart.productFees.flatMap((entry) => {
    const item = cart.totals?.items.find((line) => line.item_id === entry.quoteItemId);
    return item && entry.feesDetails.length > 0 ? [{ entry, item }] : [];
  });

  return (
    <form className={styles.checkout} onSubmit={submit} noValidate aria-busy={placing || undefined}>
      <div className={styles.steps}>
        <PersonalFields form={form} texts={texts} update={update} error={error} signedIn={customer !== null} onForget={restored && customer === null ? forgetDraft : undefined} />
        {addresses.length > 0 && (
          <SavedAddresses
            addresses={addresses}
            texts={texts}
            onChoose={(section, address) =>
              setForm((current) => {
                const next = withSavedAddress(current, section, address);
                save(next);
                return next;
              })
            }
          />
        )}
        <AddressFields form={form} texts={texts} update={update} error={error} />
        <section className={styles.section} aria-labelledby="checkout-shipping-method">
          <h2 id="checkout-shipping-method">{texts['shippingMethod']}</h2>
          {!addressReady || shippingMethods === null ? (
            <>
              <p className={styles.hint}>{texts['shippingLookup']}</p>
              {error('shippingDetails.shippingMethod') && (
                <p id={`${fieldId('shippingDetails.shippingMethod')}-error`} className={styles.error}>
                  {error('shippingDetails.shippingMethod')}
                </p>
              )}
            </>
          ) : shippingMethods.length === 0 ? (
            <p className={styles.hint}>{texts['shippingNone']}</p>
          ) : (
            <RadioGroup
              path="shippingDetails.shippingMethod"
              legend={texts['shippingMethod']!}
              value={`${s.shippingCarrier}|${s.shippingMethod}`}
              error={error('shippingDetails.shippingMethod')}
              options={shippingMethods.map((m) => ({
                value: `${m.carrier_code}|${m.method_code}`,
                label: texts['shippingOption']!.replace('{title}', `${m.carrier_title} – ${m.method_title}`).replace('{price}', formatPrice(toCents(m.price_excl_tax))),
              }))}
              onChange={(value) => {
                const [carrier = '', method = ''] = value.split('|');
                update('shippingDetails', 'shippingCarrier', carrier);
                update('shippingDetails', 'shippingMethod', method);
              }}
            />
          )}
          {(shippingFees || productFees.length > 0) && <h3>{texts['extraServices']}</h3>}
          {shippingFees && <FeeBlock kind="shipping" entry={shippingFees} feeTotal={shippingFeeTotal} />}
          {productFees.map(({ entry, item }) => (
            <div key={entry.quoteItemId} data-testid="line-fees">
              <p className={styles.hint}>{item.name}</p>
              <FeeBlock kind="product" entry={entry} feeTotal={item.product_fee_amount} itemId={entry.quoteItemId!} />
            </div>
          ))}
        </section>
        <BillingFields form={form} texts={texts} update={update} error={error} />
        <section className={styles.section} aria-labelledby="checkout-payment">
          <h2 id="checkout-payment">{texts['payment']}</h2>
          {paymentMethods && paymentMethods.length === 0 ? (
            <p className={styles.hint}>{texts['paymentNone']}</p>
          ) : (
            <RadioGroup
              path="paymentDetails.paymentMethod"
              legend={texts['payment']!}
              value={pay.paymentMethod}
              error={error('paymentDetails.paymentMethod')}
              options={(paymentMethods ?? []).map((m) => ({ value: m.code, label: paymentLabel(m, texts) }))}
              onChange={(value) => update('paymentDetails', 'paymentMethod', value)}
            />
          )}
        </section>
      </div>
      <aside className={styles.review} aria-labelledby="checkout-review">
        <StockProblems items={cart.items} />
        <OrderReview totals={cart.totals} texts={texts} />
        {pay.paymentMethod === INSTALMENT_METHOD && token && cart.totals && (
          <InstalmentPlans
            cartToken={token}
            grandTotal={cart.totals.grand_total}
            chosen={installments}
            onChoose={setInstallments}
            error={error('paymentDetails.installments')}
            texts={texts}
          />
        )}
        <CheckField path="acceptTerms" checked={form.acceptTerms} onChange={setTerms} error={error('acceptTerms')} label={<>{texts['terms']} (<a href={href(TERMS_PAGE_URL)} target="_blank" rel="noopener">{texts['termsLink']}</a>)</>} />
        <div className={styles.notice} role="alert">
          {notice === FIX_ERRORS ? (Object.keys(errors).length > 0 ? interpolate(texts['fixErrors']!, { count: Object.keys(errors).length }) : null) : notice}
        </div>
        <button type="submit" className="button" disabled={placing || totalsPending || !cart.totals}>
          {placing ? texts['placing'] : texts['placeOrder']}
        </button>
        <a href={href('/shoppingcart')} className={styles.back}>
          {texts['backToCart']}
        </a>
      </aside>
    </form>
  );
}
