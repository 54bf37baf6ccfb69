import type { CustomOptionValue } from './catalog/types.ts';
import { percentOf, toCents, type PricePair } from './money.ts';

/** The part of a chosen custom option value that prices it. */
export type PricedOptionValue = Pick<CustomOptionValue, 'option_type_id' | 'price' | 'price_type'>;

/**
 * Price added by chosen custom option values, in cents: a fixed price adds itself to net and
 * gross; a percent adds that percent of the product's net and gross price. Only values with
 * option_type_id above 0 count.
 */
export function customOptionsDelta(values: readonly PricedOptionValue[], productPrice: PricePair): PricePair {
  return values
    .filter((value) => Number.parseInt(String(value.option_type_id), 10) > 0)
    .reduce<PricePair>((delta, value) => {
      if (value.price_type === 'percent') {
        return {
          net: delta.net + percentOf(productPrice.net, value.price),
          gross: delta.gross + percentOf(productPrice.gross, value.price),
        };
      }
      const fixed = toCents(value.price);
      return { net: delta.net + fixed, gross: delta.gross + fixed };
    }, { net: 0, gross: 0 });
}
