import type { AccountSection } from '@/lib/routing.ts';
import { accountTexts } from './account-texts.ts';
import { AddressBook } from './address-book/AddressBook.tsx';
import { addressBookTexts } from './address-book/address-book-texts.ts';
import { LoyaltyCardView, NewsletterStateView, RecentlyViewedView, ReviewsView } from './AccountSections.tsx';
import { DocumentsView } from './DocumentsView.tsx';
import { OrdersView } from './OrdersView.tsx';

/** SERVER: the client view of an account section with its texts. */
export function AccountSectionView({ section }: { section: AccountSection }) {
  if (section === 'shipping-details') return <AddressBook texts={addressBookTexts()} />;
  const texts = accountTexts();
  switch (section) {
    case 'orders':
      return <OrdersView texts={texts} />;
    case 'documents':
      return <DocumentsView texts={texts} />;
    case 'newsletter':
      return <NewsletterStateView texts={texts} />;
    case 'recently-viewed':
      return <RecentlyViewedView texts={texts} />;
    case 'reviews':
      return <ReviewsView texts={texts} />;
    case 'loyalty-card':
      return <LoyaltyCardView texts={texts} />;
  }
}
