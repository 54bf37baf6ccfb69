/**
 * The buy box of one purchasable item (a simple, virtual or downloadable product, or the chosen
 * variant of a configurable one): SKU, price with custom options, availability, quantity and
 * the add-to-cart validation. Client code through the islands that use it.
 */
import dynamic from 'next/dynamic';
import { useState, type ReactNode } from 'react';
import type { NewCartItem } from '@/lib/cart/types.ts';
import { chosenOptionValues, itemPriceView, withCustomOptions, type CustomOptionChoice, type CustomOptionChoices } from './pricing.ts';
import { AddToCart, PurchaseHead, QuantityField } from './PurchaseParts.tsx';
import { maxOrderQuantity, type StockStatus } from './stock.ts';
import type { PurchaseTexts } from './text-keys.ts';
import type { CustomOptionView, SellableItem, StockInfo } from './types.ts';
import { missingCustomOptions, missingOptions, parseQuantity, priceProblem, productErrorProblems, stockProblem, type Problem } from './validation.ts';

// Most products have no custom options: their fields' code loads only with a page that shows them.
const CustomOptionsFields = dynamic(() => import('./CustomOptionsFields.tsx').then((module) => module.CustomOptionsFields));

const NONE: ReadonlySet<number> = new Set();

export interface ItemBuyBoxProps {
  texts: PurchaseTexts;
  /** The item shown, with its current prices. */
  item: SellableItem;
  status: StockStatus;
  /** Its live (or cached) stock, which limits the quantity. */
  stock: StockInfo | undefined;
  customOptions: readonly CustomOptionView[];
  errors: readonly string[];
  /** More reasons the item cannot be added now (e.g. an impossible variant combination). */
  blocking?: readonly Problem[];
  /** Controls shown between the availability and the custom options (variant pickers). */
  pickers?: ReactNode;
  /** The cart line of the shown item at a quantity with the chosen custom options. */
  cartItem: (qty: number, choices: CustomOptionChoices) => NewCartItem;
}

export function ItemBuyBox({ texts, item, status, stock, customOptions, errors, blocking = [], pickers, cartItem }: ItemBuyBoxProps) {
  const [choices, setChoices] = useState<Record<number, CustomOptionChoice>>({});
  const [qty, setQty] = useState('1');
  const [invalid, setInvalid] = useState<ReadonlySet<number>>(NONE);

  const price = withCustomOptions(itemPriceView(item), chosenOptionValues(customOptions, choices));
  const max = maxOrderQuantity(stock);
  const quantity = parseQuantity(qty, { max });
  const reasons = [
    ...productErrorProblems(errors),
    ...blocking,
    priceProblem(price.gross),
    stockProblem(status),
  ].filter((problem): problem is Problem => problem !== null);

  const validate = (): Problem[] => {
    setInvalid(new Set(missingOptions(customOptions, choices).map((option) => option.option_id)));
    return [...missingCustomOptions(customOptions, choices), ...(quantity.ok ? [] : [quantity.problem])];
  };

  return (
    <>
      <PurchaseHead sku={item.sku} price={price} status={status} info={item.availability} texts={texts} />
      {pickers}
      {customOptions.length > 0 && (
        <CustomOptionsFields
        options={customOptions}
        choices={choices}
        texts={texts}
        invalid={invalid}
        onChange={(id, choice) => {
          setChoices((current) => ({ ...current, [id]: choice }));
          if (invalid.has(id)) setInvalid(new Set([...invalid].filter((other) => other !== id)));
        }}
        />
      )}
      <AddToCart
        texts={texts}
        blocking={reasons}
        validate={validate}
        signature={`${item.sku}|${qty}|${JSON.stringify(choices)}`}
        toCart={() => (quantity.ok ? [{ item: cartItem(quantity.qty, choices), stock: status }] : [])}
      >
        <QuantityField
          label={texts.quantity}
          value={qty}
          onChange={setQty}
          texts={texts}
          max={max}
          problem={quantity.ok ? null : quantity.problem}
          disabled={reasons.length > 0}
        />
      </AddToCart>
    </>
  );
}
