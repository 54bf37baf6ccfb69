import type { BundleLink, BundleOption, ProductDoc } from './catalog/types.ts';
import { addPrice, docPrice, ZERO_PRICE, type PricedProduct } from './doc-price.ts';
import type { PricePair } from './money.ts';

/** A shopper's choice for one bundle option, as in `product_option.extension_attributes.bundle_options`. */
export interface BundleOptionSelection {
  option_id: number | string;
  option_qty?: number | string | null;
  option_selections: readonly (number | string)[];
}

/** Bundle quantities are whole and at least 0 (spec §4; VSF counted 0 as 1); a missing one means 1. */
export function bundleQty(raw: number | string | null | undefined): number {
  const qty = Number.parseInt(String(raw ?? ''), 10);
  return Number.isNaN(qty) ? 1 : Math.max(0, qty);
}

interface ChosenLinks {
  links: BundleLink[];
  qty: number;
}

/** Without selections every option contributes its default link (or its first) at the link's quantity. */
function defaultChoices(options: readonly BundleOption[]): ChosenLinks[] {
  return options.flatMap((option) => {
    const link = option.product_links.find((candidate) => candidate.is_default) ?? option.product_links[0];
    return link ? [{ links: [link], qty: bundleQty(link.qty) }] : [];
  });
}

/** With selections only the selected options count, each selected link at the option quantity. */
function selectedChoices(options: readonly BundleOption[], selections: readonly BundleOptionSelection[]): ChosenLinks[] {
  return selections.flatMap((selection) => {
    const option = options.find((candidate) => String(candidate.option_id) === String(selection.option_id));
    if (!option) return [];
    const ids = selection.option_selections.map(String);
    return [{ links: option.product_links.filter((link) => ids.includes(String(link.id))), qty: bundleQty(selection.option_qty) }];
  });
}

/**
 * Bundle price in cents: the sum over options of the linked products' prices times quantity,
 * using the shopper's selections when given, else each option's default link. Links whose
 * product is not in `linked` add nothing.
 */
export function bundlePrice(
  product: Pick<ProductDoc, 'bundle_options'>,
  linked: readonly PricedProduct[],
  selections?: readonly BundleOptionSelection[] | Readonly<Record<string, BundleOptionSelection>>,
): PricePair {
  const options = product.bundle_options ?? [];
  const chosenSelections = selections ? Object.values(selections) : [];
  const choices = chosenSelections.length > 0 ? selectedChoices(options, chosenSelections) : defaultChoices(options);
  const bySku = new Map(linked.map((doc) => [doc.sku, doc]));
  return choices.reduce(
    (total, { links, qty }) =>
      links.reduce((sum, link) => {
        const doc = bySku.get(link.sku);
        return doc ? addPrice(sum, docPrice(doc), qty) : sum;
      }, total),
    ZERO_PRICE,
  );
}
