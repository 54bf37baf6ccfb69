/**
 * The configurable options of a cart line, shared by the product page (adding a child) and edit
 * mode (turning a line into another child). Pure: tested through cart-items and edit-mode.
 */
import type { ConfigOption } from './types.ts';

/** The configurable options of a child, as the cart sends them and as labels. */
export function configurableSelection(options: readonly ConfigOption[], attributes: Readonly<Record<string, string>>) {
  const chosen = options.flatMap((option) => {
    const valueId = attributes[option.attribute_code];
    const value = option.values.find((candidate) => candidate.id === valueId);
    return value ? [{ option, value }] : [];
  });
  return {
    product_option: { extension_attributes: { configurable_item_options: chosen.map(({ option, value }) => ({ option_id: option.id, option_value: value.id })) } },
    options: chosen.map(({ option, value }) => ({ label: option.label, value: value.label })),
  };
}
