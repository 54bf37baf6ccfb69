'use client';

import { useEffect, useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import { formatLongDateTime } from '@shop/domain';
import { notify } from '@/lib/cart/cart-store.ts';
import { openQuoteOffer, type QuoteOfferOutcome } from '@/lib/cart/quote-offer.ts';
import { useStoreHref } from '../StorePrefix.tsx';
import type { QuoteOfferTexts } from './quote-offer-texts.ts';

type State = { kind: 'opening' } | QuoteOfferOutcome;

/**
 * A quote offer's link (issue #45 point 6): puts the offer's products into the shopper's cart at
 * the agreed prices (the server's) and goes on to the cart, saying so; a lapsed offer says
 * "Offerta scaduta" and makes no cart, as does one already ordered or a link that names none.
 */
export function QuoteOfferView({ token, texts }: { token: string; texts: QuoteOfferTexts }) {
  const href = useStoreHref();
  const router = useRouter();
  const [state, setState] = useState<State>({ kind: 'opening' });
  const [attempt, setAttempt] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let live = true;
    void openQuoteOffer(token).then((outcome) => {
      if (!live) return;
      if (outcome.kind === 'opened') {
        const opened = texts.opened.replace('{reference}', outcome.reference).replace('{date}', formatLongDateTime(outcome.validUntil));
        notify({ type: 'success', message: { text: opened } });
        // Products left out are said here first; otherwise straight on to the cart.
        if (outcome.refused.length === 0) {
          router.replace(href('/shoppingcart'));
          return;
        }
      }
      setState(outcome);
    });
    return () => {
      live = false;
    };
  }, [token, attempt, texts.opened, router, href]);

  // A changed answer moves the focus to its heading, so a screen reader reads it.
  useEffect(() => {
    if (state.kind !== 'opening') heading.current?.focus();
  }, [state.kind]);

  const titles: Record<State['kind'], string> = {
    opening: texts.title,
    opened: texts.title,
    expired: texts.expiredTitle,
    ordered: texts.orderedTitle,
    notFound: texts.notFoundTitle,
    failed: texts.title,
  };
  const newQuote = (
    <a className="button button--secondary" href={href('/quote-request')}>
      {texts.newQuote}
    </a>
  );
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        {titles[state.kind]}
      </h1>
      {state.kind === 'opening' && (
        <p role="status" aria-busy="true">
          {texts.opening}
        </p>
      )}
      {state.kind === 'opened' && (
        <>
          <p role="status">{texts.refused.replace('{skus}', state.refused.join(', '))}</p>
          <p className="button-row">
            <a className="button" href={href('/shoppingcart')}>
              {texts.toCart}
            </a>
          </p>
        </>
      )}
      {(state.kind === 'expired' || state.kind === 'ordered' || state.kind === 'notFound') && (
        <>
          <p role="alert">{texts[state.kind]}</p>
          <p className="button-row">{newQuote}</p>
        </>
      )}
      {state.kind === 'failed' && (
        <>
          <p role="alert">{texts.failed}</p>
          <p className="button-row">
            <button
              type="button"
              className="button"
              onClick={() => {
                setState({ kind: 'opening' });
                setAttempt((n) => n + 1);
              }}
            >
              {texts.retry}
            </button>
          </p>
        </>
      )}
    </>
  );
}
