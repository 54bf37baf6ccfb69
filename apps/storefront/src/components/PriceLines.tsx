import { formatPrice } from '@shop/domain';
import type { PriceView } from '@/lib/price.ts';

/** The words of a price block; passed in, so client components can show prices without the message catalogue. */
export interface PriceLabels {
  exclTax: string;
  inclTax: string;
  was: string;
  now: string;
}

/**
 * Price as the shop shows it: the net price ("IVA esclusa") first, the VAT-inclusive price
 * beside it (Italian consumer law), and the regular price struck through during a special price.
 * `lowest`: the 30-day lowest price line, already worded.
 */
export function PriceLines({ price, labels, size = 'md', lowest }: { price: PriceView; labels: PriceLabels; size?: 'md' | 'lg'; lowest?: string }) {
  const special = price.originalNet !== null;
  const line = (original: number | null, value: number, label: string) => (
    <>
      {special && (
        <>
          <span className="visually-hidden">{labels.was}: </span>
          <s className="price__old">{formatPrice(original ?? 0)}</s>{' '}
          <span className="visually-hidden">{labels.now}: </span>
        </>
      )}
      {/* data-cents: what is shown, so a refresh rewrites (and formats) only a price that changed. */}
      <span className="price__value" data-cents={value}>
        {formatPrice(value)}
      </span>{' '}
      <span className="price__label">{label}</span>
    </>
  );
  return (
    <div className={`price price--${size}${special ? ' price--special' : ''}`}>
      <p className="price__line price__line--net">{line(price.originalNet, price.net, labels.exclTax)}</p>
      <p className="price__line price__line--gross">{line(price.originalGross, price.gross, labels.inclTax)}</p>
      {lowest !== undefined && <p className="price__line price__line--lowest">{lowest}</p>}
    </div>
  );
}
