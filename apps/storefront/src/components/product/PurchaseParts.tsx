/**
 * Building blocks of the purchase islands (price, availability, quantity, add to cart). Client
 * code through the islands that import them; texts come in as props (see text-keys.ts).
 */
import { formatPrice } from '@shop/domain';
import { useId, useState, type ReactNode } from 'react';
import type { ItemToAdd } from '@/lib/cart/cart-engine.ts';
import { prefetchCartActions, runCartAction } from '@/lib/cart/cart-store.ts';
import type { PriceView } from '@/lib/price.ts';
import { positiveQuantityInput } from '@/lib/positive-quantity.ts';
import { availabilityLine, type StockStatus } from './stock.ts';
import { fill } from './fill.ts';
import type { PurchaseTexts } from './text-keys.ts';
import type { AvailabilityInfo } from './types.ts';
import type { Problem } from './validation.ts';
import styles from './purchase.module.css';

/** A problem as the shopper reads it. */
export function problemText(texts: PurchaseTexts, problem: Problem): string {
  return fill(texts[problem.key], problem.params);
}

/**
 * The price block of the product page (the markup and classes of components/PriceBlock.tsx):
 * the net price "IVA esclusa" first, the VAT-inclusive price beside it, the original struck
 * through during a special price, and then the lowest price of the previous 30 days.
 * Announced politely when it changes with the shopper's choices.
 */
export function PriceDisplay({ price, texts, from = false }: { price: PriceView; texts: PurchaseTexts; from?: boolean }) {
  const special = price.originalNet !== null;
  const line = (current: number, original: number | null, label: string, modifier: string) => (
    <p className={`price__line price__line--${modifier}`}>
      {special && (
        <>
          <span className="visually-hidden">{texts.was}: </span>
          <s className="price__old">{formatPrice(original ?? 0)}</s>{' '}
          <span className="visually-hidden">{texts.now}: </span>
        </>
      )}
      {from && <span className="price__from">{texts.priceFrom} </span>}
      <span className="price__value">{formatPrice(current)}</span> <span className="price__label">{label}</span>
    </p>
  );
  return (
    <div className={`price price--lg${special ? ' price--special' : ''}`} aria-live="polite" aria-atomic="true">
      {line(price.net, price.originalNet, texts.exclTax, 'net')}
      {line(price.gross, price.originalGross, texts.inclTax, 'gross')}
      {special && price.lowestNet !== undefined && (
        <p className={`price__line price__line--lowest ${styles.lowest}`}>
          {fill(texts.lowest30d, {
            net: formatPrice(price.lowestNet),
            gross: formatPrice(price.lowestGross ?? price.lowestNet),
          })}
        </p>
      )}
    </div>
  );
}

/**
 * Stock and availability of the chosen item (§8) as one line (issue 42 point 10): the stock
 * check and the availability text resolved together (see availabilityLine), then the custom
 * text and the expected date in smaller print on the same line.
 */
export function AvailabilityBlock({ status, info, texts }: { status: StockStatus; info: AvailabilityInfo; texts: PurchaseTexts }) {
  const line = availabilityLine(status, info, texts);
  return (
    <p className={`${styles.availability} ${styles.availabilityText} ${styles[line.tone]}`} role="status" data-testid="availability">
      <span className="visually-hidden">{texts.stockLabel}: </span>
      <span>{line.text}</span>
      {info.notes?.map((note) => (
        <span key={note} className={styles.note}>
          {note}
        </span>
      ))}
    </p>
  );
}

/** The head of every purchase island: SKU, price block and availability. */
export function PurchaseHead({ sku, price, status, info, texts, from }: { sku: string; price: PriceView; status: StockStatus; info: AvailabilityInfo; texts: PurchaseTexts; from?: boolean }) {
  return (
    <>
      <p className={styles.sku}>{fill(texts.sku, { sku })}</p>
      <PriceDisplay price={price} texts={texts} from={from} />
      <AvailabilityBlock status={status} info={info} texts={texts} />
    </>
  );
}

export interface QuantityFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  texts: PurchaseTexts;
  min?: number;
  max?: number;
  problem?: Problem | null;
  disabled?: boolean;
}

/** Quantity with − / + buttons; minus does nothing at the minimum (shopping.md §5). */
export function QuantityField({ label, value, onChange, texts, min = 1, max, problem, disabled }: QuantityFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const current = Number.parseInt(value, 10);
  const step = (delta: number) => {
    const base = Number.isFinite(current) ? current : min;
    const next = Math.max(min, max !== undefined ? Math.min(max, base + delta) : base + delta);
    onChange(String(next));
  };
  return (
    <div className={styles.quantity}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.stepper}>
        <button
          type="button"
          className={styles.stepButton}
          onClick={() => step(-1)}
          disabled={disabled || !(current > min)}
          aria-label={texts.decrease}
        >
          −
        </button>
        <input
          id={id}
          className={styles.qtyInput}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(min >= 1 ? positiveQuantityInput(event.target.value) : event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
        />
        <button
          type="button"
          className={styles.stepButton}
          onClick={() => step(1)}
          disabled={disabled || (max !== undefined && current >= max)}
          aria-label={texts.increase}
        >
          +
        </button>
      </div>
      {problem && (
        <p id={errorId} className={styles.fieldError}>
          {problemText(texts, problem)}
        </p>
      )}
    </div>
  );
}

export interface AddToCartProps {
  texts: PurchaseTexts;
  /** Problems that make adding impossible whatever the shopper does now (out of stock, no price…): the button is disabled. */
  blocking: readonly Problem[];
  /** Checks the shopper's input when the button is pressed (quantities, required options). */
  validate: () => Problem[];
  /** Changes whenever the shopper's choices change; older results are then hidden. */
  signature: string;
  /** The items to add once the input is valid, each with its stock status. */
  toCart: () => ItemToAdd[];
  children?: ReactNode;
}

/**
 * The add-to-cart button. It validates per catalogue.md §5 and shows the reasons; with nothing
 * wrong it adds to the cart, whose notifications tell the outcome (shopping.md §8).
 */
export function AddToCart({ texts, blocking, validate, signature, toCart, children }: AddToCartProps) {
  const id = useId();
  const [result, setResult] = useState<{ signature: string; problems: Problem[] } | null>(null);
  const [adding, setAdding] = useState(false);
  const shown = result && result.signature === signature && result.problems.length > 0 ? result : null;
  const disabled = blocking.length > 0;
  const add = async () => {
    const problems = validate();
    setResult({ signature, problems });
    if (problems.length > 0) return;
    setAdding(true);
    try {
      await runCartAction((actions) => actions.add(toCart()));
    } finally {
      setAdding(false);
    }
  };
  return (
    <div className={styles.addToCart}>
      <div className={styles.buyRow}>
        {children}
        <button
          type="button"
          className={`button ${styles.buyButton}`}
          // While adding, aria-disabled (not disabled): a disabled button would drop the keyboard focus to the page's start.
          disabled={disabled}
          aria-disabled={adding || undefined}
          aria-busy={adding || undefined}
          aria-describedby={disabled ? `${id}-reasons` : undefined}
          onPointerEnter={prefetchCartActions}
          onFocus={prefetchCartActions}
          onClick={() => {
            if (!adding) void add();
          }}
        >
          {texts.addToCart}
        </button>
      </div>
      {disabled && (
        <ul id={`${id}-reasons`} className={styles.reasons}>
          {blocking.map((problem) => (
            <li key={problem.key + JSON.stringify(problem.params ?? '')}>{problemText(texts, problem)}</li>
          ))}
        </ul>
      )}
      <div role="status" className={styles.result}>
        {shown && (
          <ul className={styles.reasons}>
            {shown.problems.map((problem) => (
              <li key={problem.key + JSON.stringify(problem.params ?? '')}>{problemText(texts, problem)}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
