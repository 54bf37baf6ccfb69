import { t } from '@/i18n/index.ts';
import type { AttributeRow } from './attributes.ts';
import styles from './product.module.css';

/** The technical sheet: one row per visible attribute, labelled. */
export function TechnicalAttributes({ rows }: { rows: readonly AttributeRow[] }) {
  if (rows.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="product-details">
      <h2 id="product-details">{t('product.details')}</h2>
      <table className={styles.specs} data-testid="technical-attributes">
        <thead className="visually-hidden">
          <tr>
            <th scope="col">{t('product.details.name')}</th>
            <th scope="col">{t('product.details.value')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.code}>
              <th scope="row">{row.label}</th>
              <td>{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
