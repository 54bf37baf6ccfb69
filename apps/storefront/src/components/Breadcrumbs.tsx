import { t } from '@/i18n/index.ts';
import { absoluteUrl } from '@/lib/shop-url.ts';
import { storeHref } from '@/lib/store.ts';
import { JsonLd } from './JsonLd.tsx';
import styles from './Breadcrumbs.module.css';

export interface Crumb {
  name: string;
  href: string;
}

/**
 * Breadcrumb trail: home, then the given steps; the last one is the current page (not a link,
 * `aria-current`). Also writes the schema.org BreadcrumbList. Paths get the store prefix here.
 */
export function Breadcrumbs({ trail }: { trail: readonly Crumb[] }) {
  const steps: Crumb[] = [{ name: t('routing.breadcrumbs.home'), href: '/' }, ...trail].map((step) => ({
    name: step.name,
    href: storeHref(step.href),
  }));
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: steps.map((step, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: step.name,
      item: absoluteUrl(step.href),
    })),
  };
  return (
    <nav aria-label={t('routing.breadcrumbs.label')} className={styles.breadcrumbs}>
      <ol className={styles.list}>
        {steps.map((step, i) =>
          i === steps.length - 1 ? (
            <li key={step.href} className={styles.item} aria-current="page">
              {step.name}
            </li>
          ) : (
            <li key={step.href} className={styles.item}>
              <a href={step.href}>
                {step.name}
              </a>
            </li>
          ),
        )}
      </ol>
      <JsonLd data={jsonLd} />
    </nav>
  );
}
