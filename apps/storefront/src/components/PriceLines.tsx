import { formatPrice } from '@shop/domain';
import type { PriceView } from '@/lib/price.ts';

/** The words of a price block; passed in, so client components can show prices without the message catalogue. */
export interface PriceLabels {
  exclTax: string;
  inclTax: string;
  was: string;
  now: string;
}

/** The amounts of a PriceView as the shopper reads them. */
export interface WrittenPrice {
  net: string;
  gross: string;
  originalNet: string | null;
  originalGross: string | null;
}

export function writePrice(price: PriceView): WrittenPrice {
  const write = (cents: number | null) => (cents === null ? null : formatPrice(cents));
  return { net: formatPrice(price.net), gross: formatPrice(price.gross), originalNet: write(price.originalNet), originalGross: write(price.originalGross) };
}

/**
 * Price as the shop shows it: the net price ("IVA esclusa") first, the VAT-inclusive price
 * beside it (Italian consumer law), and the regular price struck through during a special price.
 * `lowest`: the 30-day lowest price line, already worded. `written`: the amounts written already
 * (on the server, where a browser would otherwise format them to hydrate a page).
 */
export function PriceLines({
  price,
  labels,
  size = 'md',
  lowest,
  written = writePrice(price),
}: {
  price: PriceView;
  labels: PriceLabels;
  size?: 'md' | 'lg';
  lowest?: string;
  written?: WrittenPrice;
}) {
  const special = price.originalNet !== null;
  const line = (original: string | null, value: number, text: string, label: string) => (
    <>
      {special && (
        <>
          <span className="visually-hidden">{labels.was}: </span>
          <s className="price__old">{original}</s>{' '}
          <span className="visually-hidden">{labels.now}: </span>
        </>
      )}
      {/* data-cents: what is shown, so a refresh rewrites (and formats) only a price that changed. */}
      <span className="price__value" data-cents={value}>
        {text}
      </span>{' '}
      <span className="price__label">{label}</span>
    </>
  );
  return (
    <div className={`price price--${size}${special ? ' price--special' : ''}`}>
      <p className="price__line price__line--net">{line(written.originalNet, price.net, written.net, labels.exclTax)}</p>
      <p className="price__line price__line--gross">{line(written.originalGross, price.gross, written.gross, labels.inclTax)}</p>
      {lowest !== undefined && <p className="price__line price__line--lowest">{lowest}</p>}
    </div>
  );
}
