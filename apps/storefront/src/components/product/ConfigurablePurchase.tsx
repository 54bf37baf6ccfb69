'use client';

/**
 * Purchase island of configurable products: one option picker per `configurable_options`
 * attribute, the variant choice of catalogue.md §4 (out-of-stock and disabled children skipped,
 * exact sku, most matching attributes, ties to the lower price), the URL's childSku following
 * the choice, and the "No such configuration" warning for impossible combinations.
 */
import { useEffect, useMemo, useState } from 'react';
import { configurableData, configurableForCart, itemForCart, type CartOrigin } from './cart-items.ts';
import { chooseVariant, configurationOf, isValueAvailable, variantPath } from './configurable.ts';
import { VARIANT_IMAGE_EVENT } from './events.ts';
import { ItemBuyBox } from './ItemBuyBox.tsx';
import { useLivePrices, useLiveStock } from './live.ts';
import { STOCK_PREFETCH_COUNT, stockStatus } from './stock.ts';
import type { PurchaseTexts } from './text-keys.ts';
import type { ConfigurableOptionView, CustomOptionView, SellableItem, VariantItem } from './types.ts';
import type { Problem } from './validation.ts';
import styles from './purchase.module.css';

const NO_CONFIGURATION: readonly Problem[] = [{ key: 'noConfiguration' }];

export interface ConfigurablePurchaseProps {
  texts: PurchaseTexts;
  parentSku: string;
  slug: string;
  /** The configurable product itself (shown when no variant is available). */
  parent: SellableItem;
  options: readonly ConfigurableOptionView[];
  /** Enabled children. */
  variants: readonly VariantItem[];
  /** The variant the server rendered, if any child is available. */
  initialSku: string | undefined;
  /** The childSku of the URL, when there was one. */
  requestedSku: string | undefined;
  customOptions: readonly CustomOptionView[];
  errors: readonly string[];
  origin: CartOrigin;
}

export function ConfigurablePurchase(props: ConfigurablePurchaseProps) {
  const { texts, parentSku, slug, parent, options, variants, initialSku, requestedSku, customOptions, errors, origin } = props;
  const docs = useMemo(() => Object.fromEntries(variants.map((variant) => [variant.sku, variant])), [variants]);
  const prices = useLivePrices(docs);
  const [selectedSku, setSelectedSku] = useState(initialSku);
  const [configuration, setConfiguration] = useState(() => configurationOf(initialSku ? docs[initialSku] : undefined, options));
  const [impossible, setImpossible] = useState(false);
  // §4/§9: the stock of up to 8 children is fetched ahead; the chosen one is always checked.
  const prefetch = useMemo(
    () => variants.filter((variant) => variant.sku !== initialSku).slice(0, STOCK_PREFETCH_COUNT).map((variant) => variant.sku),
    [variants, initialSku],
  );
  const stock = useLiveStock(prefetch, selectedSku);
  const children = useMemo(
    () =>
      variants.map((variant) => {
        const current = prices[variant.sku] ?? variant;
        const live = stock[variant.sku];
        return live ? { ...current, stock: live } : current;
      }),
    [variants, prices, stock],
  );

  // A URL naming a child that cannot be bought shows the closest available one: follow it.
  useEffect(() => {
    if (requestedSku && initialSku && requestedSku !== initialSku) {
      window.history.replaceState(null, '', variantPath(window.location.pathname, parentSku, slug, initialSku));
    }
  }, [requestedSku, initialSku, parentSku, slug]);

  const choose = (code: string, valueId: string) => {
    const next = { ...configuration, [code]: valueId };
    setConfiguration(next);
    const variant = chooseVariant(children, next, { fallback: false });
    setImpossible(!variant);
    if (!variant) return;
    setSelectedSku(variant.sku);
    window.history.replaceState(null, '', variantPath(window.location.pathname, parentSku, slug, variant.sku));
    if (variant.image) window.dispatchEvent(new CustomEvent(VARIANT_IMAGE_EVENT, { detail: variant.image }));
  };

  const selected = selectedSku ? children.find((child) => child.sku === selectedSku) : undefined;
  const item = selected ?? parent;
  const status = selected ? stockStatus(stock[selected.sku], selected.stock) : stockStatus(undefined, parent.stock);

  const pickers = (
    <div className={styles.pickers}>
      {options.map((option) => {
        const chosen = option.values.find((value) => value.id === configuration[option.code]);
        return (
          <fieldset key={option.code} className={styles.fieldset}>
            <legend className={styles.label}>
              {option.label}
              {chosen && <span className={styles.chosen}>: {chosen.label}</span>}
            </legend>
            <div className={styles.swatches}>
              {option.values.map((value) => {
                const available = isValueAvailable(children, configuration, option.code, value.id);
                return (
                  <label key={value.id} className={`${styles.swatch}${available ? '' : ` ${styles.unavailable}`}`}>
                    <input
                      type="radio"
                      name={`${parentSku}-${option.code}`}
                      value={value.id}
                      checked={configuration[option.code] === value.id}
                      onChange={() => choose(option.code, value.id)}
                    />
                    <span>{value.label}</span>
                    {!available && <span className="visually-hidden"> ({texts.unavailable})</span>}
                  </label>
                );
              })}
            </div>
          </fieldset>
        );
      })}
      {impossible && (
        <p role="alert" className={styles.warning}>
          {texts.noConfiguration}
        </p>
      )}
    </div>
  );

  return (
    <ItemBuyBox
      texts={texts}
      item={item}
      status={status}
      stock={selected ? (stock[selected.sku] ?? selected.stock) : parent.stock}
      customOptions={customOptions}
      errors={errors}
      blocking={impossible ? NO_CONFIGURATION : undefined}
      pickers={pickers}
      cartItem={(qty, choices) =>
        selected
          ? configurableForCart(parentSku, selected, qty, origin, configurableData(options, children))
          : itemForCart(parent, qty, origin, { options: customOptions, choices })
      }
    />
  );
}
