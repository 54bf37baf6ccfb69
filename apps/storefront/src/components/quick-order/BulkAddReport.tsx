'use client';

import type { BulkAddPlan } from '@shop/domain';
import { fillTemplate } from '@/lib/message-patterns.ts';
import { useStoreHref } from '../StorePrefix.tsx';
import { rowProblemText } from './bulk-add-message.ts';
import type { BulkAddTexts } from './bulk-add-texts.ts';
import styles from './quick-order.module.css';

/** What a bulk add did, or that it could not reach the shop (null). */
export type BulkAddOutcome = BulkAddPlan | 'failed';

/**
 * The report of a bulk add (quick order, reorder, whole wishlist), read out as it appears: the
 * products added (and where less than asked was left, how many), then those not added and why.
 */
export function BulkAddReport({ outcome, texts, unknownAs }: { outcome: BulkAddOutcome | null; texts: BulkAddTexts; unknownAs?: 'noLongerSold' }) {
  const href = useStoreHref();
  const t = (key: string, params?: Record<string, string | number>) => fillTemplate(texts[`bulkAdd.${key}`] ?? key, params);
  return (
    <div role="status" className={styles.report} data-testid="bulk-add-report">
      {outcome === 'failed' && <p className={styles.error}>{t('failed')}</p>}
      {outcome && outcome !== 'failed' && (
        <>
          {outcome.add.length > 0 ? (
            <>
              <p className={styles.added}>
                {t('added', { count: outcome.add.length })} <a href={href('/shoppingcart')}>{t('goToCart')}</a>
              </p>
              <ul data-testid="bulk-added">
                {outcome.add.map((line, index) => (
                  <li key={`${line.sku}-${index}`}>
                    {line.reducedFrom === undefined
                      ? t('addedLine', { qty: line.qty, name: line.name, sku: line.sku })
                      : t('reducedLine', { qty: line.qty, name: line.name, sku: line.sku, asked: line.reducedFrom })}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className={styles.error}>{t('nothingAdded')}</p>
          )}
          {outcome.refused.length > 0 && (
            <>
              <p className={styles.error}>{t('notAdded', { count: outcome.refused.length })}</p>
              <ul data-testid="bulk-not-added">
                {outcome.refused.map((line, index) => (
                  <li key={`${line.sku}-${index}`}>
                    {t('notAddedLine', { label: line.name ?? line.sku, sku: line.sku, reason: rowProblemText(line.error, texts, { name: line.name ?? line.sku, ...(unknownAs ? { unknownAs } : {}) }) })}
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </div>
  );
}
