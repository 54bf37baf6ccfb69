import type { AccountSection } from '@/lib/routing.ts';
import { accountTexts } from './account-texts.ts';
import { AddressBook } from './address-book/AddressBook.tsx';
import { addressBookTexts } from './address-book/address-book-texts.ts';
import { LoyaltyCardView, RecentlyViewedView, ReviewsView } from './AccountSections.tsx';
import { AccountNewsletter } from '../newsletter/AccountNewsletter.tsx';
import { newsletterTexts } from '../newsletter/newsletter-texts.ts';
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
      return <AccountNewsletter texts={newsletterTexts()} />;
    case 'recently-viewed':
      return <RecentlyViewedView texts={texts} />;
    case 'reviews':
      return <ReviewsView texts={texts} />;
    case 'loyalty-card':
      return <LoyaltyCardView texts={texts} />;
  }
}
