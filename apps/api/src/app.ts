import { createServer, type Server } from 'node:http';
import { SHOP_SALES_EMAIL } from '@shop/contracts';
import { MemorySearchProvider, PostgresSearchProvider, type Database, type FuzzinessRule } from '@shop/db';
import { observeRequest } from '@shop/observability';
import { shopMetrics } from './observability/metrics.ts';
import { clientAddressResolver } from './http/client-address.ts';
import { answerClientError, answerConnect } from './http/client-error.ts';
import { buildOpenApi } from './http/openapi.ts';
import type { AnyRoute } from './http/route.ts';
import { createRouter, SECURITY_HEADERS, send, type Logger } from './http/router.ts';
import { DEFAULT_WRITE_LIMITS, writeLimit, type WriteLimits } from './http/write-limit.ts';
import { adminRoutes } from './modules/catalog/import-routes.ts';
import { cartRoutes } from './modules/cart/routes.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { cmsRoutes } from './modules/cms/routes.ts';
import { healthRoutes } from './http/health.ts';
import { renderListRoutes } from './modules/catalog/render-list-routes.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { stockRoutes } from './modules/catalog/stock-routes.ts';
import { mediaRoutes } from './modules/media/routes.ts';
import { urlMapRoutes } from './modules/catalog/url-map-routes.ts';
import { vsfImageRoutes } from './modules/vsf-images/routes.ts';
import { vsfCatalogRoutes } from './modules/vsf-catalog/routes.ts';
import { CustomerDocuments } from './modules/accounts/documents.ts';
import type { Seller } from './modules/accounts/invoice-pdf.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { AccountService } from './modules/accounts/service.ts';
import { AccountThrottle } from './modules/accounts/throttle.ts';
import { ChallengeService, challengeKey } from './modules/accounts/challenge.ts';
import { DEFAULT_SIGN_IN_DEFENCE, type SignInDefence } from './modules/accounts/defence-config.ts';
import { passwordHashing } from './modules/accounts/passwords.ts';
import { TokenIssuer } from './modules/accounts/tokens.ts';
import type { MailDispatcher } from './modules/mail/outbox.ts';
import { orderRoutes } from './modules/orders/routes.ts';
import { OrderService } from './modules/orders/service.ts';
import { onlineMethods, type OnlinePaymentsConfig } from './modules/payments/configure.ts';
import { PaymentRegistry, type PaymentProvider } from './modules/payments/provider.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { PaymentService } from './modules/payments/service.ts';
import { CacheInvalidator, type StorefrontTarget } from './cache/invalidation.ts';
import type { CartLimits } from './modules/cart/limits.ts';
import { CartService } from './modules/cart/service.ts';
import { CatalogImportService } from './modules/catalog/import.ts';
import { CatalogService } from './modules/catalog/service.ts';
import { wishlistRoutes } from './modules/wishlist/routes.ts';
import { WishlistService } from './modules/wishlist/service.ts';
import { reviewRoutes } from './modules/reviews/routes.ts';
import { ReviewService } from './modules/reviews/service.ts';
import { quoteRoutes } from './modules/quotes/routes.ts';
import { cspReportRoutes, DEFAULT_CSP_REPORT_LIMITS, type CspReportLimits } from './modules/csp-reports/routes.ts';
import { QuoteService } from './modules/quotes/service.ts';
import { SearchService } from './modules/search/service.ts';
import { NewsletterLimits } from './modules/newsletter/limits.ts';
import { MailchimpList, type MailchimpConfig } from './modules/newsletter/mailchimp.ts';
import { newsletterRoutes } from './modules/newsletter/routes.ts';
import { NewsletterService } from './modules/newsletter/service.ts';
import { CrmSync } from './modules/crm/crm.ts';
import { DEFAULT_DELIVERY_DAYS, parseDeliveryDays, type DeliveryDays, type SellerSettingSources } from '@shop/contracts';
import { contactRoutes } from './modules/contact/routes.ts';
import { ContactService } from './modules/contact/service.ts';
import { RecipientCopies } from './modules/mail/recipient-copies.ts';
import { shopPlaceholders } from './modules/shop/placeholders.ts';
import { shopRoutes } from './modules/shop/routes.ts';
import { apiKeyRoutes } from './modules/admin/api-key-routes.ts';
import { ApiKeys } from './modules/admin/api-keys.ts';
import { AdminGuard } from './modules/admin/guard.ts';
import { adminRoutes as adminStaffRoutes, internalAdminRoutes } from './modules/admin/routes.ts';
import { internalBackupRoutes } from './modules/backup/routes.ts';
import { AdminService } from './modules/admin/service.ts';
import { SalesmanagoCrm, type SalesmanagoConfig } from './modules/crm/salesmanago.ts';
import { parseRea, parseSeat, type Natura, type RegimeFiscale } from './modules/invoices/document.ts';
import { invoiceRoutes } from './modules/invoices/routes.ts';
import { refundRoutes } from './modules/refunds/routes.ts';
import { RefundService } from './modules/refunds/service.ts';
import { OrderActions } from './modules/admin-orders/actions.ts';
import { adminOrderRoutes } from './modules/admin-orders/routes.ts';
import { adminOrderListRoutes } from './modules/admin-orders/list-routes.ts';
import { adminDashboardRoutes, DEFAULT_LOW_STOCK } from './modules/admin-dashboard/routes.ts';
import { AdminCoupons } from './modules/admin-coupons/coupons.ts';
import { adminCouponRoutes } from './modules/admin-coupons/routes.ts';
import { adminCustomerRoutes } from './modules/admin-customers/routes.ts';
import { ReviewModeration } from './modules/admin-reviews/moderation.ts';
import { adminReviewRoutes, internalReviewRoutes } from './modules/admin-reviews/routes.ts';
import { adminNewsletterRoutes } from './modules/admin-newsletter/routes.ts';
import { adminProductImageRoutes } from './modules/admin-products/image-routes.ts';
import { ProductImages } from './modules/admin-products/images.ts';
import { adminPriceCsvRoutes } from './modules/admin-price-csv/routes.ts';
import { PriceCsv } from './modules/admin-price-csv/service.ts';
import { adminProductRoutes } from './modules/admin-products/routes.ts';
import { AdminProducts } from './modules/admin-products/service.ts';
import { AdminCategories } from './modules/admin-categories/categories.ts';
import { adminCategoryRoutes } from './modules/admin-categories/routes.ts';
import { AdminContent } from './modules/admin-content/content.ts';
import { adminContentRoutes } from './modules/admin-content/routes.ts';
import { QuoteOffers } from './modules/admin-quotes/quotes.ts';
import { adminQuoteRoutes, quoteOfferRoutes } from './modules/admin-quotes/routes.ts';
import { InvoiceService, type InvoiceMoment } from './modules/invoices/service.ts';
import { HttpSdiChannel, type SdiConfig } from './modules/invoices/sdi/http-channel.ts';
import { SdiTransmissions } from './modules/invoices/sdi/transmissions.ts';

export interface AppOptions {
  database: Database;
  defaultCountry: string;
  /** Customer group → customer tax class (CUSTOMER_GROUP_TAX_CLASSES). */
  groupTaxClasses?: ReadonlyMap<number, number>;
  logger?: Logger;
  /** Violation reports of the storefront's CSP: per-address and per-process counts, body size; unset: DEFAULT_CSP_REPORT_LIMITS. */
  cspReportLimits?: CspReportLimits;
  /** Where each request's JSON log line goes (LOG_REQUESTS; @shop/observability); unset: no request log. */
  requestLog?: ((line: string) => void) | undefined;
  /** Bearer token of the admin routes. */
  adminToken: string;
  /** The storefront whose cache catalogue changes invalidate. */
  storefront?: StorefrontTarget;
  /** Sends the outbox's mails (modules/mail); started and stopped by start-api.ts. */
  mail: MailDispatcher;
  /** The offline payment methods the shop can take (modules/payments); configured methods without a provider are not offered. */
  payments: readonly PaymentProvider[];
  /** Credentials of the online methods (card, instalments, PayPal): real providers or their sandboxes. */
  onlinePayments?: OnlinePaymentsConfig;
  /** The shop's public address (provider return pages) and the API's public address for provider notifications. */
  shopUrl: string;
  notifyUrl: () => string;
  /** The shop's orders mailbox, named in checkout error texts. */
  contactEmail: string;
  /** The sales mailbox of quote requests; default SHOP_SALES_EMAIL. */
  salesEmail?: string | undefined;
  /** Minutes an unpaid online payment holds its stock. */
  paymentTtlMinutes: number;
  /** The seller named on the customers' invoices, every page and every mail. */
  seller: Seller;
  /** Where each of the seller's settings came from, the variable, a default or the demo's data (the back office shows it). */
  sellerSources: SellerSettingSources;
  /** Invoices (ADR 0028): issued when paid (default) or shipped; the seller's RegimeFiscale (default RF01); the Natura of 0 % lines (default N2.2). */
  invoicing?: { on: InvoiceMoment; regimeFiscale: RegimeFiscale; zeroRateNatura: Natura } | undefined;
  /** The one delivery promise (DELIVERY_DAYS); default DEFAULT_DELIVERY_DAYS. */
  deliveryDays?: DeliveryDays | undefined;
  /** The key customer access tokens are signed with (modules/accounts/token-secret.ts). */
  tokenSecret: Uint8Array;
  /** How long an access token lives; default 15 minutes. */
  accessTokenSeconds?: number;
  /** Edits a search word may have (ADR 0008); default by word length. */
  searchFuzziness?: FuzzinessRule;
  /** Where searches run (ADR 0008): an in-memory index in this process (default), or the database only. */
  searchEngine?: 'memory' | 'postgres';
  /** Proxies whose X-Forwarded-For is believed (IPs, CIDR ranges); default loopback. */
  trustedProxies?: readonly string[];
  /** New carts per client address (the idle-cart clean-up is start-api.ts's). */
  cartLimits?: Pick<CartLimits, 'createsPerWindow' | 'createWindowMs'>;
  /** Writes per client address (http/write-limit.ts); default DEFAULT_WRITE_LIMITS. */
  writeLimits?: WriteLimits;
  /** Sign-in and registration limits, the hashing queue and the challenge (ADR 0025); default DEFAULT_SIGN_IN_DEFENCE. */
  signInDefence?: SignInDefence | undefined;
  /** The newsletter's audience at Mailchimp; unset: the subscriber table is the list (ADR 0023). */
  mailchimp?: MailchimpConfig;
  /** The CRM of shoppers who allowed marketing (ADR 0022); unset: no CRM. */
  salesmanago?: SalesmanagoConfig;
  /** The SdI intermediary (ADR 0030): issued documents are queued and sent; unset: not sent. */
  sdi?: SdiConfig | undefined;
  /** NODE_ENV=production: back-office owners need TOTP (ADR 0027). */
  production?: boolean;
  /** The back office's clock; unset: the real one. */
  adminNow?: () => Date;
  /** The dashboard's low-stock threshold in pieces (LOW_STOCK); unset: DEFAULT_LOW_STOCK. */
  lowStock?: number | undefined;
}

export interface App {
  server: Server;
  routes: AnyRoute[];
  catalog: CatalogService;
  /** Order services enqueue mails in their transaction and `mail.kick()` after commit. */
  mail: MailDispatcher;
  orders: OrderService;
  /** start-api.ts sweeps unpaid orders whose payment time ran out. */
  payments: PaymentService;
  /** Invoices and credit notes (the refund calls issueCreditNote). */
  invoices: InvoiceService;
  /** Settles once the in-memory search index answers (the database answers searches until then). */
  searchReady: Promise<void>;
  /** Contacts on their way to the CRM (tests await `crm.idle()`). */
  crm: CrmSync;
  /** Drops this process's catalogue caches (another API instance changed the catalogue). */
  catalogCaches: { invalidate(): void };
  /** Staff sign-in, sessions and TOTP (modules/admin). */
  admin: AdminService;
  /** Sends issued documents to the SdI (start-api.ts starts it); undefined without an intermediary. */
  sdi: SdiTransmissions | undefined;
}

const API_VERSION = '0.1.0';

/** Wires services to routes and returns the HTTP server (not yet listening). */
export function createApp(options: AppOptions): App {
  const startedAt = Date.now();
  const { db } = options.database;
  const inDatabase = new PostgresSearchProvider(db, options.searchFuzziness);
  const inMemory = options.searchEngine === 'postgres' ? null : new MemorySearchProvider(db, inDatabase, { fuzziness: options.searchFuzziness, log: (line) => options.logger?.warn(line) });
  const catalog = new CatalogService(db, { defaultCountry: options.defaultCountry, groupTaxClasses: options.groupTaxClasses, catalogIndex: inMemory });
  // Catalogue reads are priced for the group of a customer token: accounts come before them.
  const defence = options.signInDefence ?? DEFAULT_SIGN_IN_DEFENCE;
  passwordHashing.configure(defence.hashQueue);
  const challenges = new ChallengeService(db, challengeKey(defence.challengeKey, options.tokenSecret), defence.challenge);
  const throttle = new AccountThrottle(db, defence.limits);
  const accounts = new AccountService(db, new TokenIssuer(db, options.tokenSecret, undefined, options.accessTokenSeconds), throttle, options.mail, { storeCode: 'it', shopUrl: options.shopUrl }, challenges);
  const routes: AnyRoute[] = [...healthRoutes(options.database, startedAt), ...catalogRoutes(catalog, accounts)];
  const search = new SearchService(db, catalog, inMemory ?? inDatabase);
  routes.push(...searchRoutes(search, accounts));
  routes.push(...vsfCatalogRoutes(catalog, search, accounts));
  const seller = { ...options.seller, phone: options.seller.phone ?? '', email: options.seller.email ?? options.contactEmail };
  const deliveryDays = options.deliveryDays ?? parseDeliveryDays(DEFAULT_DELIVERY_DAYS);
  routes.push(...shopRoutes({ seller, deliveryDays }));
  // The shop's data in CMS texts (the public CMS routes and the back office's preview fill them alike).
  const placeholders = () => shopPlaceholders(db, seller, deliveryDays);
  routes.push(...urlMapRoutes(db, catalog.pricing, accounts), ...stockRoutes(db), ...renderListRoutes(db, catalog.pricing, accounts), ...cmsRoutes(db, placeholders), ...mediaRoutes(db));
  routes.push(...vsfImageRoutes(db, options.storefront?.url?.split(',')[0]));
  const online = onlineMethods(options.onlinePayments);
  const registry = new PaymentRegistry([...options.payments, ...online.providers]);
  const crm = new CrmSync(options.salesmanago ? new SalesmanagoCrm(options.salesmanago) : null, options.logger);
  const carts = new CartService(db, catalog.pricing, {
    defaultCountry: options.defaultCountry,
    paymentCodes: registry.codes(),
    testPaymentCodes: registry.testCodes(),
    limits: options.cartLimits,
  });
  const invoicing = options.invoicing ?? { on: 'paid', regimeFiscale: 'RF01', zeroRateNatura: 'N2.2' };
  const seat = parseSeat(seller.address);
  if (!seat) throw new Error(`The seller's address "${seller.address}" must read like "Via Roma 1, 20121 Milano (MI)": invoices need each part`);
  const rea = parseRea(seller.rea);
  const invoices = new InvoiceService(db, {
    on: invoicing.on,
    zeroRateNatura: invoicing.zeroRateNatura,
    transmit: options.sdi !== undefined,
    seller: {
      name: seller.name,
      vatId: seller.vatId,
      fiscalCode: seller.fiscalCode,
      regimeFiscale: invoicing.regimeFiscale,
      seat,
      ...(rea ? { rea } : {}),
      ...(seller.pec ? { pec: seller.pec } : {}),
      ...(seller.phone ? { phone: seller.phone } : {}),
      ...(seller.email ? { email: seller.email } : {}),
    },
    ...(options.logger ? { logger: options.logger } : {}),
  });
  const sdi = options.sdi ? new SdiTransmissions(db, new HttpSdiChannel(options.sdi), { pollIntervalMs: options.sdi.pollIntervalMs }, options.logger ?? console) : undefined;
  const orders = new OrderService(db, carts, registry, options.mail, {
    storeCode: 'it',
    contactEmail: options.contactEmail,
    paymentTtlMinutes: options.paymentTtlMinutes,
    accounts,
    invoices,
  });
  const caches = {
    invalidate: () => {
      catalog.invalidate();
      search.invalidate();
    },
  };
  const imports = new CatalogImportService(options.database.db, new CacheInvalidator(options.storefront ?? {}), caches, options.logger);
  const payments = new PaymentService(db, registry, orders, { shopUrl: options.shopUrl, notifyUrl: options.notifyUrl }, options.logger);
  routes.push(...cartRoutes(carts, accounts), ...accountRoutes(accounts, new CustomerDocuments(db, accounts, { storeCode: 'it', seller: options.seller, invoices }), challenges, crm));
  routes.push(...orderRoutes(orders, payments, accounts, crm));
  routes.push(...paymentRoutes(payments), ...online.routes({ payments, carts, orders }));
  routes.push(...wishlistRoutes(new WishlistService(db), accounts));
  routes.push(...reviewRoutes(new ReviewService(db), accounts));
  // One count of copies per mailbox for every form that mails its sender (issue #43 point 7).
  const copies = new RecipientCopies(db);
  routes.push(...quoteRoutes(new QuoteService(db, options.mail, options.salesEmail ?? SHOP_SALES_EMAIL, copies), accounts));
  routes.push(...contactRoutes(new ContactService(db, options.mail, seller.email, copies), accounts));
  const mailchimp = options.mailchimp ? new MailchimpList(options.mailchimp) : undefined;
  routes.push(...newsletterRoutes(new NewsletterService(db, options.mail, new NewsletterLimits(db), { shopUrl: options.shopUrl }, mailchimp), crm));
  const admin = new AdminService(db, throttle, { production: options.production ?? false, secret: options.tokenSecret, now: options.adminNow });
  const apiKeys = new ApiKeys(db, admin.now);
  const adminGuard = new AdminGuard(admin, apiKeys);
  routes.push(...invoiceRoutes(invoices, db, adminGuard, { storeCode: 'it' }));
  const refundService = new RefundService(db, registry, invoices, options.mail, { storeCode: 'it', ...(options.logger ? { logger: options.logger } : {}) });
  routes.push(...refundRoutes(refundService, adminGuard));
  const refunds = refundService.port();
  const orderActions = new OrderActions({ db, storeCode: 'it', orders, invoices, payments: registry, mail: options.mail, refunds });
  routes.push(...adminOrderRoutes(orderActions, db, refunds, adminGuard));
  routes.push(...adminOrderListRoutes(db, adminGuard, { storeCode: 'it', now: options.adminNow }));
  routes.push(...adminDashboardRoutes(db, adminGuard, { storeCode: 'it', lowStock: options.lowStock ?? DEFAULT_LOW_STOCK, now: options.adminNow }));
  routes.push(...adminCouponRoutes(new AdminCoupons(db, admin.now), adminGuard));
  routes.push(...adminCustomerRoutes(db, accounts, adminGuard, { now: options.adminNow }));
  const moderation = new ReviewModeration(db, imports, admin.now);
  routes.push(...adminRoutes(imports, options.adminToken, adminGuard, admin.now), ...adminReviewRoutes(moderation, adminGuard), ...internalReviewRoutes(moderation, options.adminToken, options.trustedProxies));
  routes.push(...adminNewsletterRoutes(db, adminGuard, { now: options.adminNow }));
  const adminProducts = new AdminProducts(db, imports, catalog, { lowStock: options.lowStock ?? DEFAULT_LOW_STOCK, now: admin.now });
  // Before the products' own routes: `/api/admin/products/:sku` would take `prices.csv` for a SKU.
  routes.push(...adminPriceCsvRoutes(new PriceCsv(db, adminProducts, admin.now), adminGuard));
  routes.push(...adminProductRoutes(adminProducts, adminGuard), ...adminProductImageRoutes(new ProductImages(db, adminProducts), adminGuard));
  routes.push(...adminCategoryRoutes(new AdminCategories(db, imports, admin.now), adminGuard));
  routes.push(...adminContentRoutes(new AdminContent(db, imports, admin.now, placeholders), { seller, sources: options.sellerSources, regimeFiscale: invoicing.regimeFiscale, deliveryDays }, adminGuard));
  const quoteOffers = new QuoteOffers(db, carts, options.mail, { shopUrl: options.shopUrl, now: admin.now });
  routes.push(...adminQuoteRoutes(quoteOffers, adminGuard), ...quoteOfferRoutes(quoteOffers, accounts));
  routes.push(...adminStaffRoutes(admin, adminGuard, options.trustedProxies), ...apiKeyRoutes(apiKeys, adminGuard), ...internalAdminRoutes(admin, options.adminToken, options.trustedProxies));
  routes.push(...internalBackupRoutes(options.database, options.adminToken, options.trustedProxies));
  routes.push(...cspReportRoutes(options.logger ?? console, options.cspReportLimits ?? DEFAULT_CSP_REPORT_LIMITS));
  const openApi = JSON.stringify(buildOpenApi(routes, API_VERSION));
  const handle = createRouter(routes, {
    logger: options.logger,
    clientAddress: clientAddressResolver(options.trustedProxies),
    writeLimit: writeLimit(db, options.writeLimits ?? DEFAULT_WRITE_LIMITS),
  });

  const server = createServer((req, res) => {
    // The request's id (from the storefront, else new), its log line and its metrics (ADR 0033).
    const context = observeRequest(req, res, { service: 'api', log: options.requestLog });
    const path = (req.url ?? '/').split('?')[0];
    // The OpenAPI document is served raw: it is a standard document, not an envelope.
    if (req.method === 'GET' && path === '/api/openapi.json') {
      context.route = path;
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache', ...SECURITY_HEADERS });
      res.end(openApi);
      return;
    }
    // `/img/` is where Vue Storefront 1 reads pictures (modules/vsf-images).
    if (!path?.startsWith('/api/') && !path?.startsWith('/img/')) {
      send(res, 404, `Not found: ${path}`);
      return;
    }
    void handle(req, res, context);
  });
  server.on('clientError', answerClientError);
  server.on('connect', answerConnect);
  server.keepAliveTimeout = 65_000;
  const searchReady = inMemory
    ? inMemory.start().then(
        () => (inMemory.ready ? catalog.rehearse().catch((error: unknown) => options.logger?.warn(`Catalogue rehearsal failed: ${String(error)}`)) : undefined),
        (error: unknown) => options.logger?.warn(`Search index not built, searching in the database: ${String(error)}`),
      )
    : Promise.resolve();
  const unfollow = inMemory ? shopMetrics.followSearchIndex(() => inMemory.lag()) : undefined;
  server.on('close', () => {
    inMemory?.stop();
    unfollow?.();
  });
  return { server, routes, catalog, mail: options.mail, orders, payments, invoices, searchReady, crm, catalogCaches: caches, admin, sdi };
}
