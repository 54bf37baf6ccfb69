import type { FaqPair } from '@shop/domain';
import { t } from '@/i18n/index.ts';
import { JsonLd } from '../JsonLd.tsx';
import styles from './category.module.css';

/** The category's frequent questions as disclosures (no JavaScript), with FAQPage JSON-LD. */
export function CategoryFaq({ faq }: { faq: readonly FaqPair[] }) {
  if (faq.length === 0) return null;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faq.map(({ question, answer }) => ({
      '@type': 'Question',
      name: question,
      acceptedAnswer: { '@type': 'Answer', text: answer },
    })),
  };
  return (
    <section className={styles.faq} aria-labelledby="category-faq">
      <h2 id="category-faq">{t('category.faq.heading')}</h2>
      <ul className={styles.faqList}>
        {faq.map(({ question, answer }) => (
          <li key={question}>
            <details className={styles.faqItem}>
              <summary className={styles.faqQuestion}>{question}</summary>
              <p className={styles.faqAnswer}>{answer}</p>
            </details>
          </li>
        ))}
      </ul>
      <JsonLd data={jsonLd} />
    </section>
  );
}
