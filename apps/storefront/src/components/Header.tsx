import { getMenuTree, TILE_FIELDS } from '@/lib/api/catalog.ts';
import { t } from '@/i18n/index.ts';
import { AccountLink } from './account/AccountLink.tsx';
import { CategoryMenu } from './CategoryMenu.tsx';
import { CompareLink } from './compare/CompareLink.tsx';
import { CartLink, CartPanels } from './cart/CartShell.tsx';
import { cartTexts } from './cart/cart-texts.ts';
import { CartIcon, CompareIcon, HeartIcon, UserIcon } from './Icons.tsx';
import { Logo } from './Logo.tsx';
import { SearchForm } from './SearchForm.tsx';
import { Overlay } from './ui/Overlay.tsx';
import { WishlistLink, WishlistPanels } from './wishlist/WishlistShell.tsx';
import { wishlistViewTexts } from './wishlist/wishlist-texts.ts';

/** Site header of the default layout: logo, search, service links and the category menu. */
export async function Header() {
  const tree = await getMenuTree();
  const cart = cartTexts();
  return (
    <header className="site-header">
      <div className="site-header__bar">
        <div className="container site-header__inner">
          <Logo />
          <SearchForm />
          <nav className="actions" aria-label={t('a11y.serviceLinks')}>
            <ul className="actions__list">
              <li>
                <AccountLink label={t('header.account')} greeting={t('account.greeting')} icon={<UserIcon />} className="actions__link" labelClassName="actions__label" />
              </li>
              <li>
                <WishlistLink label={t('header.wishlist')} badge={t('wishlist.badge')} icon={<HeartIcon />} />
              </li>
              <li>
                <CartLink texts={cart} icon={<CartIcon />} />
              </li>
              <li>
                <CompareLink label={t('compare.headerLink')} countText={t('compare.headerCount')} icon={<CompareIcon />} />
              </li>
            </ul>
          </nav>
        </div>
      </div>
      <div className="site-header__menu">
        <div className="container">
          <CategoryMenu tree={tree} />
        </div>
      </div>
      <Overlay />
      <CartPanels texts={cart} />
      <WishlistPanels texts={wishlistViewTexts()} fields={TILE_FIELDS} />
    </header>
  );
}
