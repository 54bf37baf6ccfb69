import type { SellerIdentity as Seller } from '@shop/contracts';
import { t } from '@/i18n/index.ts';
import styles from './SellerIdentity.module.css';

/**
 * SERVER: who sells (issue #42 point 11), at the foot of every page: the same data as on the
 * invoices and in every mail (name, registered office, partita IVA, REA, phone, e-mail, PEC).
 * Its own block, so other footer lines (a test-shop notice) sit beside it, not inside it.
 */
export function SellerIdentity({ seller }: { seller: Seller }) {
  return (
    <address className={styles.seller} data-testid="seller-identity" aria-label={t('seller.label')}>
      <strong>{seller.name}</strong> · {seller.address}
      <br />
      {t('seller.vatId', { vatId: seller.vatId })}
      {seller.fiscalCode !== seller.vatId && <> · {t('seller.fiscalCode', { fiscalCode: seller.fiscalCode })}</>}
      {seller.rea && <> · {t('seller.rea', { rea: seller.rea })}</>}
      <br />
      {t('seller.phone')} <a href={`tel:${seller.phone.replace(/[^+\d]/g, '')}`}>{seller.phone}</a> · {t('seller.email')}{' '}
      <a href={`mailto:${seller.email}`}>{seller.email}</a>
      {seller.pec && (
        <>
          {' '}
          · {t('seller.pec')} {seller.pec}
        </>
      )}
    </address>
  );
}
