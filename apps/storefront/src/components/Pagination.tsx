import { t } from '@/i18n/index.ts';
import { adjacentPages, pageWindow } from '@/lib/pagination.ts';
import styles from './Pagination.module.css';

interface PaginationProps {
  current: number;
  pages: number;
  /** The URL of a page. */
  href: (page: number) => string;
  /** Pages shown on each side of the current one. */
  window: number;
  /** Also link the last page. */
  withLast?: boolean;
  /** Accessible name of the navigation landmark. */
  label?: string;
}

/**
 * Page links as plain anchors (no JavaScript needed): previous/next arrows with rel="prev" /
 * rel="next" and a spoken label, page numbers with "Pagina n", the current page marked with
 * aria-current. Renders nothing for a single page.
 */
export function Pagination({ current, pages, href, window, withLast = false, label = t('routing.pagination.label') }: PaginationProps) {
  if (pages <= 1) return null;
  const { previous, next } = adjacentPages(current, pages);
  return (
    <nav className={styles.pagination} aria-label={label}>
      <ul className={styles.list}>
        <li>
          {previous !== null ? (
            <a href={href(previous)} rel="prev" className={styles.arrow}>
              <span aria-hidden="true">‹</span>
              <span className={styles.arrowText}>{t('routing.pagination.previous')}</span>
            </a>
          ) : (
            <span className={`${styles.arrow} ${styles.disabled}`} aria-hidden="true">
              ‹<span className={styles.arrowText}>{t('routing.pagination.previous')}</span>
            </span>
          )}
        </li>
        {pageWindow(current, pages, { window, withLast }).map((item) =>
          item.type === 'gap' ? (
            <li key={item.key} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              {item.current ? (
                <span className={`${styles.page} ${styles.current}`} aria-current="page">
                  <span className="visually-hidden">{t('routing.pagination.page')} </span>
                  {item.page}
                </span>
              ) : (
                <a href={href(item.page)} className={styles.page} aria-label={t('routing.pagination.goTo', { page: item.page })}>
                  {item.page}
                </a>
              )}
            </li>
          ),
        )}
        <li>
          {next !== null ? (
            <a href={href(next)} rel="next" className={styles.arrow}>
              <span className={styles.arrowText}>{t('routing.pagination.next')}</span>
              <span aria-hidden="true">›</span>
            </a>
          ) : (
            <span className={`${styles.arrow} ${styles.disabled}`} aria-hidden="true">
              <span className={styles.arrowText}>{t('routing.pagination.next')}</span>›
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
