import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { AccountSectionView } from '@/components/account/AccountSectionView.tsx';
import { t } from '@/i18n/index.ts';
import { ACCOUNT_SECTIONS, type AccountSection } from '@/lib/routing.ts';

/* /my-account/{section} (shopping.md §2): address book, newsletter, orders, documents, recently viewed, reviews, loyalty card. */
// Rendered on first request like every page of the store segment; an unknown section is a 404.
type Props = { params: Promise<{ section: string }> };

const sectionOf = (value: string): AccountSection | null => ((ACCOUNT_SECTIONS as readonly string[]).includes(value) ? (value as AccountSection) : null);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const section = sectionOf((await params).section);
  return section ? { title: t(`account.section.${section}`) } : {};
}

export default async function AccountSectionPage({ params }: Props) {
  const section = sectionOf((await params).section);
  if (!section) notFound();
  return (
    <section aria-labelledby="account-section">
      <h2 id="account-section">{t(`account.section.${section}`)}</h2>
      <AccountSectionView section={section} />
    </section>
  );
}
