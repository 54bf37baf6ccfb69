'use client';

/**
 * Purchase island of bundle products: each option with its linked products (the default link
 * chosen first) and quantity; the price (catalogue.md §4) follows the selection.
 */
import { formatPrice, toCents } from '@shop/domain';
import { useId, useMemo, useState } from 'react';
import { bundleTotal, defaultBundleChoices, type BundleChoice } from './bundle-pricing.ts';
import { bundleForCart, type CartOrigin } from './cart-items.ts';
import { AddToCart, PurchaseHead, QuantityField } from './PurchaseParts.tsx';
import { useLivePrices, useLiveStock } from './live.ts';
import { STOCK_PREFETCH_COUNT, stockStatus } from './stock.ts';
import { fill } from './fill.ts';
import type { PurchaseTexts } from './text-keys.ts';
import type { BundleOptionView, SellableItem } from './types.ts';
import { parseQuantity, priceProblem, productErrorProblems, type Problem } from './validation.ts';
import styles from './purchase.module.css';

export interface BundlePurchaseProps {
  texts: PurchaseTexts;
  /** The bundle product itself. */
  item: SellableItem;
  /** Options whose links point at known, enabled products. */
  options: readonly BundleOptionView[];
  /** The linked products by sku. */
  items: Readonly<Record<string, SellableItem>>;
  errors: readonly string[];
  origin: CartOrigin;
}

interface OptionProps {
  option: BundleOptionView;
  choice: BundleChoice;
  qtyText: string;
  onChoice: (ids: string[]) => void;
  onQty: (text: string) => void;
  items: Readonly<Record<string, SellableItem>>;
  outOfStock: (sku: string) => boolean;
  texts: PurchaseTexts;
}

function BundleOptionField({ option, choice, qtyText, onChoice, onQty, items, outOfStock, texts }: OptionProps) {
  const id = useId();
  const label = (sku: string) => {
    const product = items[sku];
    if (!product) return sku;
    const out = outOfStock(sku) ? ` — ${texts.outOfStock}` : '';
    return `${product.name} — ${formatPrice(toCents(product.price))}${out}`;
  };
  const multiple = option.type === 'checkbox' || option.type === 'multi';
  const qtyEditable = option.product_links.some((link) => link.canChangeQty);
  const legend = (
    <>
      {option.title}{' '}
      <span className={styles.hint}>({option.required ? texts.required : texts.optional})</span>
    </>
  );
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.label}>{legend}</legend>
      {option.type === 'select' ? (
        <select
          className={styles.select}
          aria-label={option.title}
          value={choice.ids[0] ?? ''}
          onChange={(event) => onChoice(event.target.value ? [event.target.value] : [])}
        >
          {!option.required && <option value="">{texts.none}</option>}
          {option.product_links.map((link) => (
            <option key={link.id} value={link.id}>
              {label(link.sku)}
            </option>
          ))}
        </select>
      ) : (
        <>
          {option.product_links.map((link) => (
            <label key={link.id} className={styles.choice}>
              <input
                type={multiple ? 'checkbox' : 'radio'}
                name={id}
                checked={choice.ids.includes(link.id)}
                onChange={(event) =>
                  onChoice(
                    multiple
                      ? event.target.checked
                        ? [...choice.ids, link.id]
                        : choice.ids.filter((other) => other !== link.id)
                      : [link.id],
                  )
                }
              />
              <span>{label(link.sku)}</span>
            </label>
          ))}
          {!multiple && !option.required && (
            <label className={styles.choice}>
              <input type="radio" name={id} checked={choice.ids.length === 0} onChange={() => onChoice([])} />
              <span>{texts.none}</span>
            </label>
          )}
        </>
      )}
      {qtyEditable ? (
        <label className={styles.inlineQty}>
          <span>{fill(texts.bundleQtyFor, { option: option.title })}</span>
          <input
            className={styles.qtyInput}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={qtyText}
            onChange={(event) => onQty(event.target.value)}
          />
        </label>
      ) : (
        <p className={styles.hint}>{fill(texts.bundleQtyFixed, { qty: choice.qty })}</p>
      )}
    </fieldset>
  );
}

export function BundlePurchase({ texts, item, options, items, errors, origin }: BundlePurchaseProps) {
  const prices = useLivePrices(items);
  const prefetch = useMemo(() => Object.keys(items).slice(0, STOCK_PREFETCH_COUNT), [items]);
  const stock = useLiveStock(prefetch, undefined);
  const [choices, setChoices] = useState(() => defaultBundleChoices(options, items));
  const [qtyTexts, setQtyTexts] = useState<Record<number, string>>(() =>
    Object.fromEntries(options.map((option) => [option.option_id, String(choices[option.option_id]?.qty ?? 1)])),
  );
  const [qty, setQty] = useState('1');

  const outOfStock = (sku: string) => stockStatus(stock[sku], items[sku]?.stock) === 'out_of_stock';
  const price = bundleTotal(options, prices, choices);
  // The bundle is as available as the products chosen for it.
  const unavailable = options.flatMap((option) =>
    (choices[option.option_id]?.ids ?? []).flatMap((id) => {
      const link = option.product_links.find((candidate) => candidate.id === id);
      return link && outOfStock(link.sku) ? [items[link.sku]?.name ?? link.sku] : [];
    }),
  );
  // A required option whose every product is sold out has nothing to preselect: the bundle cannot be bought.
  const soldOutOptions = options
    .filter((option) => option.required && option.product_links.length > 0 && option.product_links.every((link) => outOfStock(link.sku)))
    .map((option) => option.title);
  unavailable.push(...soldOutOptions);
  const own = unavailable.length > 0 ? 'out_of_stock' : 'ok';
  const quantity = parseQuantity(qty);
  const reasons = [
    ...productErrorProblems(errors),
    priceProblem(price.gross),
    ...unavailable.map((name): Problem => ({ key: 'itemOutOfStock', params: { name } })),
  ].filter((problem): problem is Problem => problem !== null);

  const validate = (): Problem[] => {
    const problems: Problem[] = [];
    for (const option of options) {
      const choice = choices[option.option_id];
      const qtyResult = parseQuantity(qtyTexts[option.option_id] ?? '', { min: 0 });
      if (!qtyResult.ok) problems.push(qtyResult.problem);
      if (option.required && (!choice || choice.ids.length === 0 || choice.qty < 1)) {
        problems.push({ key: 'requiredOption', params: { option: option.title } });
      }
    }
    if (!quantity.ok) problems.push(quantity.problem);
    return problems;
  };

  return (
    <>
      <PurchaseHead sku={item.sku} price={price} status={own} info={item.availability} texts={texts} />
      <div className={styles.options}>
        {options.map((option) => (
          <BundleOptionField
            key={option.option_id}
            option={option}
            choice={choices[option.option_id] ?? { ids: [], qty: 0 }}
            qtyText={qtyTexts[option.option_id] ?? ''}
            items={prices}
            outOfStock={outOfStock}
            texts={texts}
            onChoice={(ids) =>
              setChoices((current) => ({ ...current, [option.option_id]: { ids, qty: current[option.option_id]?.qty ?? 1 } }))
            }
            onQty={(text) => {
              setQtyTexts((current) => ({ ...current, [option.option_id]: text }));
              const parsed = parseQuantity(text, { min: 0 });
              setChoices((current) => ({
                ...current,
                [option.option_id]: { ids: current[option.option_id]?.ids ?? [], qty: parsed.ok ? parsed.qty : 0 },
              }));
            }}
          />
        ))}
      </div>
      <AddToCart
        texts={texts}
        blocking={reasons}
        validate={validate}
        signature={JSON.stringify([choices, qtyTexts, qty])}
        toCart={() => (quantity.ok ? [{ item: bundleForCart(item, options, prices, choices, quantity.qty, origin.url), stock: own }] : [])}
      >
        <QuantityField
          label={texts.quantity}
          value={qty}
          onChange={setQty}
          texts={texts}
          problem={quantity.ok ? null : quantity.problem}
          disabled={reasons.length > 0}
        />
      </AddToCart>
    </>
  );
}
