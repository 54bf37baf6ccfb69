import { formatPrice } from '@shop/domain';
import { t } from '@/i18n/index.ts';
import type { PriceView } from '@/lib/price.ts';
import { PriceLines, type PriceLabels } from './PriceLines.tsx';

/** SERVER: the price words from the message catalogue. */
export function priceLabels(): PriceLabels {
  return { exclTax: t('price.exclTax'), inclTax: t('price.inclTax'), was: t('price.was'), now: t('price.now') };
}

/** SERVER: the 30-day lowest price line of a discounted price, worded; undefined when not known. */
export function lowestPriceLine(price: PriceView): string | undefined {
  if (price.lowestNet === undefined) return undefined;
  return t('product.lowest30d', { net: formatPrice(price.lowestNet), gross: formatPrice(price.lowestGross ?? price.lowestNet) });
}

/** A price block with the shop's words (see PriceLines). */
export function PriceBlock({ price, size = 'md' }: { price: PriceView; size?: 'md' | 'lg' }) {
  return <PriceLines price={price} labels={priceLabels()} size={size} lowest={lowestPriceLine(price)} />;
}
