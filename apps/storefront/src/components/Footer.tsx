import { cmsPageUrl, formatPrice, shopDateParts } from '@shop/domain';
import { t, type MessageKey } from '@/i18n/index.ts';
import { ConsentSettingsLink } from './consent/ConsentSettingsLink.tsx';
import { SellerIdentity } from './SellerIdentity.tsx';
import { deliveryDays, getShopInfo } from '@/lib/api/shop.ts';
import { QUICK_ORDER_PATH } from '@/lib/routing.ts';
import { SHIPPING_RATE_CENTS } from '@/lib/shop-config.ts';
import { FOOTER_GROUPS, LEGAL_CMS_PAGES, staticPageUrl } from '@/lib/static-pages.ts';
import { storeHref } from '@/lib/store.ts';

const HEADINGS = {
  service: 'footer.heading.service',
  shop: 'footer.heading.shop',
  company: 'footer.heading.company',
} as const satisfies Record<keyof typeof FOOTER_GROUPS, MessageKey>;

/** Site footer: the static pages of shopping.md §2 grouped in three columns, the legal pages, and the seller. */
export async function Footer() {
  const year = shopDateParts(new Date())?.year ?? new Date().getUTCFullYear(); // the year in the shop's time zone
  const [info, days] = await Promise.all([getShopInfo(), deliveryDays()]);
  return (
    <footer className="site-footer">
      <div className="container">
        <nav className="site-footer__nav" aria-label={t('a11y.footerNavigation')}>
          {(Object.keys(FOOTER_GROUPS) as (keyof typeof FOOTER_GROUPS)[]).map((group) => (
            <section key={group} className="site-footer__group" aria-labelledby={`footer-${group}`}>
              <h2 id={`footer-${group}`} className="site-footer__heading">
                {t(HEADINGS[group])}
              </h2>
              <ul className="site-footer__links">
                {FOOTER_GROUPS[group].map((name) => (
                  <li key={name}>
                    <a href={storeHref(staticPageUrl(name))}>
                      {t(`static.${name}.title`)}
                    </a>
                  </li>
                ))}
                {group === 'shop' && (
                  <li>
                    <a href={storeHref(QUICK_ORDER_PATH)}>{t('footer.quickOrder')}</a>
                  </li>
                )}
              </ul>
            </section>
          ))}
          <section className="site-footer__group" aria-labelledby="footer-legal">
            <h2 id="footer-legal" className="site-footer__heading">
              {t('legalPages.heading')}
            </h2>
            <ul className="site-footer__links">
              {LEGAL_CMS_PAGES.map((identifier) => (
                <li key={identifier}>
                  <a href={storeHref(cmsPageUrl(identifier))}>{t(`legalPages.${identifier}`)}</a>
                </li>
              ))}
            </ul>
          </section>
        </nav>
        <div className="site-footer__notes">
          <p>{t('footer.shipping', { days, price: formatPrice(SHIPPING_RATE_CENTS) })}</p>
          <p>{t('footer.prices')}</p>
          <p>{t('footer.copyright', { year })}</p>
          <p>
            <ConsentSettingsLink label={t('consent.settingsLink')} />
          </p>
        </div>
        {info && <SellerIdentity seller={info.seller} />}
      </div>
    </footer>
  );
}
