import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as catalog from './0001-catalog.ts';
import * as ginWithoutPendingList from './0002-gin-without-pending-list.ts';
import * as search from './0003-search.ts';
import * as cart from './0004-cart.ts';
import * as positionOrder from './0005-position-order-index.ts';
import * as mailOutbox from './0006-mail-outbox.ts';
import * as orders from './0007-orders.ts';
import * as cartActivity from './0008-cart-activity.ts';
import * as cmsHierarchy from './0009-cms-hierarchy.ts';
import * as orderAttributes from './0010-order-attributes.ts';
import * as onlinePayments from './0011-online-payments.ts';
import * as accounts from './0012-accounts.ts';
import * as wishlist from './0013-wishlist.ts';
import * as newsletter from './0014-newsletter.ts';
import * as searchChanges from './0015-search-changes.ts';
import * as customerReviews from './0016-customer-reviews.ts';
import * as quoteRequests from './0017-quote-requests.ts';
import * as signInDefence from './0018-sign-in-defence.ts';
import * as couponPersonKey from './0019-coupon-person-key.ts';
import * as cardMethodTitle from './0020-card-method-title.ts';
import * as backOfficeStaff from './0023-back-office-staff.ts';
import * as invoices from './0024-invoices.ts';
import * as orderFulfilmentStates from './0025-order-fulfilment-states.ts';
import * as adminOrderList from './0026-admin-order-list.ts';
import * as orderShipmentsNotes from './0027-order-shipments-notes.ts';
import * as orderRefunds from './0028-order-refunds.ts';
import * as apiKeysAndSdi from './0029-api-keys-and-sdi.ts';
import * as reviewModeration from './0034-review-moderation.ts';
import * as adminProducts from './0030-admin-products.ts';
import * as cmsNewIds from './0033-cms-new-ids.ts';
import * as quoteOffers from './0035-quote-offers.ts';
import * as productMedia from './0036-product-media.ts';
import * as adminProductNameFold from './0037-admin-product-name-fold.ts';
import * as productGinPendingLists from './0038-product-gin-pending-lists.ts';
import * as searchChangePricesOnly from './0040-search-change-prices-only.ts';
import * as adminProductListCovering from './0041-admin-product-list-covering.ts';
import * as productUnusedIndexes from './0042-product-unused-indexes.ts';

// Migrations live in code (not a folder scan) so that they bundle and run the same everywhere.
const migrations: Record<string, Migration> = {
  '0001-catalog': catalog,
  '0002-gin-without-pending-list': ginWithoutPendingList,
  '0003-search': search,
  '0004-cart': cart,
  '0005-position-order-index': positionOrder,
  '0006-mail-outbox': mailOutbox,
  '0007-orders': orders,
  '0008-cart-activity': cartActivity,
  '0009-cms-hierarchy': cmsHierarchy,
  '0010-order-attributes': orderAttributes,
  '0011-online-payments': onlinePayments,
  '0012-accounts': accounts,
  '0013-wishlist': wishlist,
  '0014-newsletter': newsletter,
  '0015-search-changes': searchChanges,
  '0016-customer-reviews': customerReviews,
  '0017-quote-requests': quoteRequests,
  '0018-sign-in-defence': signInDefence,
  '0019-coupon-person-key': couponPersonKey,
  '0020-card-method-title': cardMethodTitle,
  '0023-back-office-staff': backOfficeStaff,
  '0024-invoices': invoices,
  '0025-order-fulfilment-states': orderFulfilmentStates,
  '0026-admin-order-list': adminOrderList,
  '0027-order-shipments-notes': orderShipmentsNotes,
  '0028-order-refunds': orderRefunds,
  '0029-api-keys-and-sdi': apiKeysAndSdi,
  '0034-review-moderation': reviewModeration,
  '0030-admin-products': adminProducts,
  '0033-cms-new-ids': cmsNewIds,
  '0035-quote-offers': quoteOffers,
  '0036-product-media': productMedia,
  '0037-admin-product-name-fold': adminProductNameFold,
  '0038-product-gin-pending-lists': productGinPendingLists,
  '0040-search-change-prices-only': searchChangePricesOnly,
  '0041-admin-product-list-covering': adminProductListCovering,
  '0042-product-unused-indexes': productUnusedIndexes,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${(error as Error).message ?? String(error)}`, { cause: error });
  }
}
