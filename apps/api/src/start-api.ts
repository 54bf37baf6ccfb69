import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { countProducts, followCatalogChanges, openDatabase, vacuumWhereDue, type Database } from '@shop/db';
import { createApp, type App } from './app.ts';
import { createMailDispatcher, DEFAULT_MAIL_FROM } from './modules/mail/outbox.ts';
import { tokenSecret } from './modules/accounts/token-secret.ts';
import { bankTransfer, cashOnDelivery } from './modules/payments/offline.ts';
import { issueAdminToken } from './http/admin-token.ts';
import { createCartExpiry, type CartExpiry } from './modules/cart/expiry.ts';
import { periodicJob } from './jobs/periodic.ts';
import { DEFAULT_CART_LIMITS } from './modules/cart/limits.ts';
import { DEMO_SELLER, sellerSourcesOf, type ApiConfig } from './config.ts';
import { seedDemoCatalog } from './seed/seed-demo.ts';
import { ensureDemoOwner, type DemoOwner } from './modules/admin/demo-owner.ts';
import { serveMetrics, type MetricsServer } from '@shop/observability';

export interface RunningApi {
  app: App;
  database: Database;
  /** The scheduled clean-up of idle guest carts (running while the API is). */
  cartExpiry: CartExpiry;
  url: string;
  /** Where Prometheus reads this process's metrics (config.metricsPort); unset: not served. */
  metricsUrl?: string;
  /** The demo back-office owner (config.demoOwner), for the start script to print. */
  demoOwner?: DemoOwner;
  stop(): Promise<void>;
}

/** How often unpaid online orders are checked for expiry. */
const ORDER_EXPIRY_SWEEP_MS = 60_000;
/** How often the embedded database's tables are looked at for a vacuum (vacuumWhereDue), and at start. */
const EMBEDDED_VACUUM_INTERVAL_MS = 5 * 60_000;

/** The address of a From header: `"Shop" <orders@example.com>` → orders@example.com. */
const mailAddress = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from;

/** Opens the database (migrating and, when empty, seeding it) and starts listening. */
export async function startApi(config: ApiConfig, log: (line: string) => void = console.log): Promise<RunningApi> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.poolSize });
  try {
    if (config.seedDemo && (await countProducts(database.db)) === 0) {
      log(`Empty catalogue: seeding ${config.demoProducts} demo products…`);
      const report = await seedDemoCatalog(database.db, config.demoProducts, log);
      log(`Seeded ${report.products} products and ${report.categories} categories in ${report.milliseconds} ms`);
    }
    const demoOwner = config.demoOwner ? await ensureDemoOwner(database.db, config.dataDir, new Date()) : undefined;
    const mail = createMailDispatcher(
      database.db,
      { ...(config.mail ?? { outboxDir: join(config.dataDir, 'mail-outbox'), from: DEFAULT_MAIL_FROM }), seller: config.seller ?? DEMO_SELLER },
      console,
    );
    const cartLimits = config.cartLimits ?? DEFAULT_CART_LIMITS;
    // The API's own address, known once it listens (the default for provider notifications).
    let url = '';
    const app = createApp({
      database,
      mail,
      defaultCountry: config.defaultCountry,
      groupTaxClasses: config.groupTaxClasses,
      adminToken: config.adminToken ?? issueAdminToken(config.dataDir),
      storefront: { url: config.storefrontInternalUrl, secret: config.revalidateSecret, edgeUrl: config.edgePurgeUrl },
      logger: console,
      requestLog: config.requestLog ?? (config.logRequests ? (line) => process.stdout.write(`${line}\n`) : undefined),
      payments: [cashOnDelivery, ...(config.bankAccount ? [bankTransfer(config.bankAccount)] : [])],
      contactEmail: mailAddress(config.mail?.from ?? DEFAULT_MAIL_FROM),
      salesEmail: config.salesEmail,
      paymentTtlMinutes: config.paymentTtlMinutes,
      seller: config.seller ?? DEMO_SELLER,
      sellerSources: config.sellerSources ?? sellerSourcesOf(config.seller, { regimeFiscale: Boolean(config.invoicing), deliveryDays: Boolean(config.deliveryDays) }),
      invoicing: config.invoicing,
      deliveryDays: config.deliveryDays,
      onlinePayments: config.onlinePayments,
      shopUrl: config.shopUrl,
      notifyUrl: () => config.notifyUrl ?? url,
      tokenSecret: tokenSecret(config.dataDir, config.tokenSecret),
      accessTokenSeconds: config.accessTokenSeconds,
      searchFuzziness: config.searchFuzziness,
      searchEngine: config.searchEngine,
      trustedProxies: config.trustedProxies,
      cartLimits,
      writeLimits: config.writeLimits,
      signInDefence: config.signInDefence,
      cspReportLimits: config.cspReportLimits,
      mailchimp: config.mailchimp,
      salesmanago: config.salesmanago,
      sdi: config.sdi,
      production: config.production,
      adminNow: config.adminNow,
      lowStock: config.lowStock,
    });
    await new Promise<void>((resolve, reject) => {
      app.server.once('error', reject);
      app.server.listen(config.port, config.host, resolve);
    });
    const { port } = app.server.address() as AddressInfo;
    let metrics: MetricsServer | undefined;
    try {
      metrics = config.metricsPort === undefined ? undefined : await serveMetrics({ port: config.metricsPort, host: config.metricsHost ?? '127.0.0.1' });
    } catch (error) {
      app.server.close();
      throw error;
    }
    url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
    if (config.paymentsTestMode) log('PAYMENTS_TEST_MODE=true: a test shop, payments are not real; every mail is marked as a test');
    log(`Commerce API on ${url} (database: ${database.kind} ${database.location})${metrics ? `, metrics on ${metrics.url}` : ''}`);
    mail.start();
    log(config.sdi ? `SdI: issued invoices are sent through ${config.sdi.apiUrl}` : 'SdI: sending off (SDI_API_URL and SDI_API_KEY unset); the month\'s ZIP is at /api/admin/invoices/export');
    app.sdi?.start();
    const expiry = setInterval(() => {
      app.payments.expireDue().catch((error: unknown) => console.error('Order expiry failed:', error));
    }, ORDER_EXPIRY_SWEEP_MS);
    expiry.unref();
    const cartExpiry = createCartExpiry(database.db, cartLimits);
    cartExpiry.start();
    // The embedded database has no autovacuum: its work is done here (a server does its own).
    const vacuum = database.kind === 'pglite' ? periodicJob(EMBEDDED_VACUUM_INTERVAL_MS, () => vacuumWhereDue(database.db), 'Vacuum of the embedded database failed:') : undefined;
    vacuum?.start();
    // Several instances on one server: catalogue changes made by the others (ADR 0024).
    const changes = config.databaseUrl ? followCatalogChanges(config.databaseUrl, () => app.catalogCaches.invalidate(), console.warn) : undefined;
    return {
      app,
      database,
      cartExpiry,
      url,
      ...(metrics ? { metricsUrl: metrics.url } : {}),
      ...(demoOwner ? { demoOwner } : {}),
      stop: async () => {
        app.server.closeAllConnections();
        await new Promise<void>((resolve) => app.server.close(() => resolve()));
        await metrics?.close();
        clearInterval(expiry);
        await changes?.stop();
        await cartExpiry.stop();
        await vacuum?.stop();
        await mail.stop();
        await app.sdi?.stop();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
