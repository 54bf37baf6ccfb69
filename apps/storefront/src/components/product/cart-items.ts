/**
 * The cart items the product page adds, per product type (catalogue.md §5, vsf1-behavior.md
 * §3.4): a simple product with its custom options, a configurable's chosen child with its
 * configurable options (and what edit mode needs), each grouped member with a quantity, a
 * bundle with its selections. Pure: unit-tested in cart-items.test.ts.
 */
import { configurableSelection } from '../../lib/cart/configurable-selection.ts';
import type { ItemToAdd } from '../../lib/cart/cart-engine.ts';
import type { CartItem, ConfigOption, NewCartItem } from '../../lib/cart/types.ts';
import type { BundleChoices } from './bundle-pricing.ts';
import type { CustomOptionChoices } from './pricing.ts';
import { maxOrderQuantity, type StockStatus } from './stock.ts';
import type { BundleOptionView, ConfigurableOptionView, CustomOptionView, SellableItem, VariantItem } from './types.ts';

/** Where the cart line links and what it shows about the product page it came from. */
export interface CartOrigin {
  /** The product's public path without store prefix (`/p/SKU/slug`). */
  url: string;
  typeId: string;
}

/** The regular price to strike through in the cart, while the catalogue shows a special price. */
function regularPrice(item: SellableItem): number | undefined {
  return item.special_price && item.original_price && item.original_price > item.price ? item.original_price : undefined;
}

function baseItem(item: SellableItem, qty: number, typeId: string, url: string): NewCartItem {
  const regular = regularPrice(item);
  return {
    sku: item.sku,
    name: item.name,
    qty,
    type_id: typeId,
    url,
    ...(item.image ? { image: item.image } : {}),
    ...(regular === undefined ? {} : { regular_price: regular }),
    availability: { tone: item.availability.tone, text: item.availability.text },
    max_qty: maxOrderQuantity(item.stock) ?? null,
  };
}

/** Chosen custom options as the cart sends them (checkboxes comma-joined) and as labels. */
export function customOptionSelections(options: readonly CustomOptionView[], choices: CustomOptionChoices) {
  const selections: { option_id: number; option_value: string }[] = [];
  const labels: { label: string; value: string }[] = [];
  for (const option of options) {
    const choice = choices[option.option_id];
    if (Array.isArray(choice)) {
      if (choice.length === 0) continue;
      selections.push({ option_id: option.option_id, option_value: choice.join(',') });
      const titles = (option.values ?? []).filter((value) => choice.includes(value.option_type_id)).map((value) => value.title);
      labels.push({ label: option.title, value: titles.join(', ') });
    } else if (typeof choice === 'string' && choice.trim() !== '') {
      selections.push({ option_id: option.option_id, option_value: choice.trim() });
      labels.push({ label: option.title, value: choice.trim() });
    }
  }
  return { selections, labels };
}

/** A simple, virtual or downloadable product (or a configurable's child) with its custom options. */
export function itemForCart(
  item: SellableItem,
  qty: number,
  origin: CartOrigin,
  custom: { options: readonly CustomOptionView[]; choices: CustomOptionChoices },
): NewCartItem {
  const { selections, labels } = customOptionSelections(custom.options, custom.choices);
  return {
    ...baseItem(item, qty, origin.typeId, origin.url),
    ...(selections.length > 0
      ? { product_option: { extension_attributes: { custom_options: selections } }, options: labels }
      : {}),
  };
}

/** The configurable options and children a configurable line keeps for edit mode. */
export function configurableData(options: readonly ConfigurableOptionView[], variants: readonly VariantItem[]): NonNullable<CartItem['configurable']> {
  const configOptions: ConfigOption[] = options.map((option) => ({
    id: option.attributeId,
    attribute_code: option.code,
    label: option.label,
    values: option.values.map((value) => ({ ...value })),
  }));
  return {
    options: configOptions,
    children: variants.map((variant) => {
      const regular = regularPrice(variant);
      return {
        sku: variant.sku,
        name: variant.name,
        attributes: Object.fromEntries(options.flatMap((option) => (variant[option.code] == null ? [] : [[option.code, String(variant[option.code])]]))),
        ...(variant.image ? { image: variant.image } : {}),
        ...(regular === undefined ? {} : { regular_price: regular }),
        availability: { tone: variant.availability.tone, text: variant.availability.text },
      };
    }),
  };
}

/** A configurable product's chosen child: the line is the child, linked to the parent page. */
export function configurableForCart(
  parentSku: string,
  child: VariantItem,
  qty: number,
  origin: CartOrigin,
  data: NonNullable<CartItem['configurable']>,
): NewCartItem {
  const attributes = data.children.find((candidate) => candidate.sku === child.sku)?.attributes ?? {};
  return {
    ...baseItem(child, qty, 'configurable', `${origin.url}/${encodeURIComponent(child.sku)}`),
    parentSku,
    ...configurableSelection(data.options, attributes),
    configurable: data,
  };
}

/** Grouped products are added as their members, each with its quantity (cart grouped qty defaults to 1). */
export function groupedForCart(
  members: readonly { member: SellableItem; status: StockStatus }[],
  quantities: Readonly<Record<string, number>>,
  url: string,
): ItemToAdd[] {
  return members
    .filter(({ member }) => (quantities[member.sku] ?? 0) > 0)
    .map(({ member, status }) => ({ item: baseItem(member, quantities[member.sku] ?? 1, 'simple', url), stock: status }));
}

/** A bundle with its selections (option ids, link ids and option quantities). */
export function bundleForCart(
  bundle: SellableItem,
  options: readonly BundleOptionView[],
  items: Readonly<Record<string, SellableItem>>,
  choices: BundleChoices,
  qty: number,
  url: string,
): NewCartItem {
  const bundleOptions = options.map((option) => ({
    option_id: option.option_id,
    option_qty: choices[option.option_id]?.qty ?? 0,
    option_selections: choices[option.option_id]?.ids ?? [],
  }));
  const labels = options.flatMap((option) => {
    const names = (choices[option.option_id]?.ids ?? []).flatMap((id) => {
      const link = option.product_links.find((candidate) => candidate.id === id);
      return link ? [items[link.sku]?.name ?? link.sku] : [];
    });
    return names.length > 0 ? [{ label: option.title, value: names.join(', ') }] : [];
  });
  return {
    ...baseItem(bundle, qty, 'bundle', url),
    product_option: { extension_attributes: { bundle_options: bundleOptions } },
    options: labels,
  };
}
