import { formatPrice } from '@shop/domain';
import { t } from '@/i18n/index.ts';
import type { PriceView } from '@/lib/price.ts';

/**
 * Price as the shop shows it: the net price ("IVA esclusa") first, the VAT-inclusive price
 * beside it (Italian consumer law), and the regular price struck through during a special price.
 */
export function PriceBlock({ price, size = 'md' }: { price: PriceView; size?: 'md' | 'lg' }) {
  const special = price.originalNet !== null;
  return (
    <div className={`price price--${size}${special ? ' price--special' : ''}`}>
      <p className="price__line price__line--net">
        {special && (
          <>
            <span className="visually-hidden">{t('price.was')}: </span>
            <s className="price__old">{formatPrice(price.originalNet ?? 0)}</s>{' '}
            <span className="visually-hidden">{t('price.now')}: </span>
          </>
        )}
        <span className="price__value">{formatPrice(price.net)}</span>{' '}
        <span className="price__label">{t('price.exclTax')}</span>
      </p>
      <p className="price__line price__line--gross">
        {special && (
          <>
            <span className="visually-hidden">{t('price.was')}: </span>
            <s className="price__old">{formatPrice(price.originalGross ?? 0)}</s>{' '}
            <span className="visually-hidden">{t('price.now')}: </span>
          </>
        )}
        <span className="price__value">{formatPrice(price.gross)}</span>{' '}
        <span className="price__label">{t('price.inclTax')}</span>
      </p>
      {price.lowestNet !== undefined && (
        <p className="price__line price__line--lowest">
          {t('product.lowest30d', { net: formatPrice(price.lowestNet), gross: formatPrice(price.lowestGross ?? price.lowestNet) })}
        </p>
      )}
    </div>
  );
}
