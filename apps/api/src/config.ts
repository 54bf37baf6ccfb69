import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHOP_SALES_EMAIL } from '@shop/contracts';
import { z } from 'zod';
import { DEFAULT_TRUSTED_PROXIES, invalidProxyEntries } from './http/client-address.ts';
import { DEFAULT_MAIL_FROM, type MailConfig } from './modules/mail/outbox.ts';
import type { FuzzinessRule } from '@shop/db';
import type { BankAccount } from './modules/payments/offline.ts';
import { LIVE_API_URLS, type OnlinePaymentsConfig } from './modules/payments/configure.ts';
import { TEST_SETUP_REFUSED, testPaymentSettings } from './modules/payments/test-settings.ts';
import { ACCESS_TOKEN_SECONDS } from './modules/accounts/tokens.ts';
import type { Seller } from './modules/accounts/invoice-pdf.ts';
import { NATURA_CODES, parseSeat, REGIME_FISCALE_CODES, type Natura, type RegimeFiscale } from './modules/invoices/document.ts';
import type { InvoiceMoment } from './modules/invoices/service.ts';
import { DEFAULT_DELIVERY_DAYS, parseDeliveryDays, type DeliveryDays, type SellerSettingSources } from '@shop/contracts';
import { fiscalCodeKind, isValidPartitaIva, normalisePartitaIva } from '@shop/domain';
import { DEFAULT_CART_LIMITS, type CartLimits } from './modules/cart/limits.ts';
import { DEFAULT_WRITE_LIMITS, type WriteLimits } from './http/write-limit.ts';
import { DEFAULT_SIGN_IN_DEFENCE, type SignInDefence } from './modules/accounts/defence-config.ts';
import { DEFAULT_CSP_REPORT_LIMITS, type CspReportLimits } from './modules/csp-reports/routes.ts';
import { DEFAULT_LOW_STOCK } from './modules/admin-dashboard/routes.ts';
import type { MailchimpConfig } from './modules/newsletter/mailchimp.ts';
import type { SalesmanagoConfig } from './modules/crm/salesmanago.ts';
import type { SdiConfig } from './modules/invoices/sdi/http-channel.ts';

/** The most products the demo seed writes: it writes them in one transaction (seed/seed-demo.ts). */
export const DEMO_PRODUCTS_MAX = 500_000;

/** The repository root (var/outbox lives there by default). */
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const port = z.coerce.number().int().min(0).max(65_535);

/** An optional variable; set but empty counts as unset. */
function optional<T extends z.ZodType<string>>(schema: T) {
  return schema.optional().or(z.literal('').transform(() => undefined));
}

/** One http(s) URL, or several separated by commas (one per instance). */
const urlList = z.string().regex(/^\s*https?:\/\/[^/,\s][^,]*(,\s*https?:\/\/[^/,\s][^,]*)*$/, 'must be an http:// or https:// URL, or several separated by commas');

/** The seller's variables a production start refuses to go without. */
export const SELLER_REQUIRED_IN_PRODUCTION = ['SELLER_NAME', 'SELLER_VAT_ID', 'SELLER_ADDRESS', 'SELLER_PHONE', 'SELLER_EMAIL'] as const;

/** Environment of the API process; every variable has a default so a fresh clone just runs. */
const envSchema = z.object({
  API_PORT: port.default(3001),
  API_HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATA_DIR: z.string().default('var/db'),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(8),
  // IT for this shop; set empty for none: catalogue prices then fall back to PL (catalogue §4) and cart totals are refused (shopping §5).
  DEFAULT_COUNTRY: z.union([z.string().regex(/^[A-Z]{2}$/, 'must be an ISO country code such as IT, or empty'), z.literal('')]).default('IT'),
  // Customer group → customer tax class, e.g. "1:3,2:4" (retail 3, resellers 4); unset: no group selects one.
  CUSTOMER_GROUP_TAX_CLASSES: z
    .string()
    .trim()
    .regex(/^(\d+:\d+(\s*,\s*\d+:\d+)*)?$/, 'must be group:class pairs separated by commas, such as 1:3,2:4')
    .default('')
    .transform((pairs) => new Map(pairs ? pairs.split(',').map((pair) => pair.split(':').map(Number) as [number, number]) : [])),
  SEED_DEMO: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  DEMO_PRODUCTS: z.coerce.number().int().min(10).max(DEMO_PRODUCTS_MAX).default(5_000),
  /** One JSON line per request on standard output (ADR 0033); false: none. */
  LOG_REQUESTS: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  /** The internal port of GET /metrics (Prometheus); unset: no metrics server. Never the public port. */
  API_METRICS_PORT: z.literal('').transform(() => undefined).or(port.optional()),
  API_METRICS_HOST: z.string().default('127.0.0.1'),
  ADMIN_TOKEN: optional(z.string().min(32, 'must be at least 32 characters')),
  // One storefront, or each instance's, comma-separated (npm run start:prod).
  STOREFRONT_INTERNAL_URL: optional(urlList),
  // One edge cache, or each of several, comma-separated: every one is purged.
  EDGE_PURGE_URL: optional(urlList),
  REVALIDATE_SECRET: optional(z.string().min(16, 'must be at least 16 characters')),
  MAIL_OUTBOX_DIR: optional(z.string()),
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\/[^/]/, 'must be an smtp:// or smtps:// URL')),
  MAIL_FROM: z.string().regex(/@/, 'must be an e-mail address, e.g. "Shop" <orders@example.com>').default(DEFAULT_MAIL_FROM),
  /** The sales mailbox that receives quote requests (modules/quotes). */
  SALES_EMAIL: z.string().trim().regex(/^[^\s@<>]+@[^\s@<>]+$/, 'must be an e-mail address such as vendite@example.it').default(SHOP_SALES_EMAIL),
  BANK_IBAN: optional(z.string().trim().regex(/^[A-Z]{2}\d{2}[A-Z0-9 ]{11,34}$/, 'must be an IBAN such as IT60X0542811101000000123456')),
  BANK_BENEFICIARY: optional(z.string().trim().min(2)),
  BANK_NAME: optional(z.string().trim().min(2)),
  /** Signs customer access tokens; several API instances must share it. Unset: one kept in DATA_DIR. */
  TOKEN_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  ACCESS_TOKEN_SECONDS: z.coerce.number().int().min(10).max(3600).default(ACCESS_TOKEN_SECONDS),
  /** The shop's public address: where payment providers send the buyer back. */
  SHOP_URL: z.string().regex(/^https?:\/\/[^/]+$/, 'must be an origin such as https://shop.example.it (no path)').default('http://localhost:3000'),
  /** Where providers reach the API's notification routes (IPN); default SHOP_URL, whose /api goes to the API. */
  PAYMENT_NOTIFY_URL: optional(z.string().regex(/^https?:\/\/[^/]+$/, 'must be an origin such as https://shop.example.it (no path)')),
  STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')),
  STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_\w+$/, 'must be the webhook signing secret (whsec_…)')),
  STRIPE_API_URL: optional(z.string().regex(/^https?:\/\/[^/]+$/, 'must be an origin, e.g. http://127.0.0.1:3101 (the sandbox)')),
  ALMA_API_KEY: optional(z.string().regex(/^sk_(test|live)_\w+$/, 'must be an Alma API key (sk_test_… or sk_live_…)')),
  ALMA_API_URL: z.string().regex(/^https?:\/\/[^/]+$/, 'must be an origin, e.g. https://api.sandbox.getalma.eu').default(LIVE_API_URLS.alma),
  PAYPAL_CLIENT_ID: optional(z.string().min(1)),
  PAYPAL_CLIENT_SECRET: optional(z.string().min(1)),
  PAYPAL_API_URL: z.string().regex(/^https?:\/\/[^/]+$/, 'must be an origin, e.g. https://api-m.sandbox.paypal.com').default(LIVE_API_URLS.paypal),
  /** The shop's fiscal data on its invoices; unset (outside production): DEMO_SELLER. */
  SELLER_NAME: optional(z.string().trim().min(2)),
  SELLER_VAT_ID: optional(z.string().trim().refine(isValidPartitaIva, 'must be a valid partita IVA (11 digits)')),
  SELLER_FISCAL_CODE: optional(z.string().trim().toUpperCase().refine((v) => fiscalCodeKind(v) !== null, 'must be a codice fiscale (11 digits or 16 characters)')),
  // One line, as FatturaPA's Sede needs each part: "Via Roma 1, 20121 Milano (MI)".
  SELLER_ADDRESS: optional(z.string().trim().refine((v) => parseSeat(v) !== null, 'must read like "Via Roma 1, 20121 Milano (MI)": street and number, postcode, city and province (the electronic invoice needs each)')),
  /** The seller's FatturaPA RegimeFiscale: RF01 ordinary, RF19 flat-rate (forfettario), … */
  SELLER_REGIME_FISCALE: z.enum(REGIME_FISCALE_CODES).default('RF01'),
  SELLER_PEC: optional(z.string().trim().regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, 'must be an e-mail address')),
  SELLER_REA: optional(z.string().trim().min(3)),
  SELLER_PHONE: optional(z.string().trim().regex(/^\+?[\d][\d ./-]{5,24}$/, 'must be a phone number such as +39 02 1234567')),
  SELLER_EMAIL: optional(z.string().trim().regex(/^[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+$/, 'must be an e-mail address such as info@example.it')),
  /** The one delivery promise of cart, pages and mails: working days, e.g. "2-3" or "1". */
  DELIVERY_DAYS: z.string().trim().regex(/^[1-9]\d?(-[1-9]\d?)?$/, 'must be working days such as 2-3 or 1').default(DEFAULT_DELIVERY_DAYS)
    .refine((v) => { const [min, max] = v.split('-').map(Number); return max === undefined || max > min!; }, 'the second number must be greater than the first, e.g. 2-3'),
  /** When an order's invoice is issued (ADR 0028): once paid (default) or once shipped. */
  INVOICE_ON: z.enum(['paid', 'shipped']).default('paid'),
  /** The FatturaPA Natura of 0 % lines (a 0 % line must say why it bears no VAT). */
  INVOICE_ZERO_RATE_NATURA: z.enum(NATURA_CODES).default('N2.2'),
  ORDER_PAYMENT_TTL_MINUTES: z.coerce.number().int().min(5).max(10_080).default(60),
  /** The back-office dashboard lists stock at or below this many pieces. */
  LOW_STOCK: z.coerce.number().min(0).max(1_000_000).default(DEFAULT_LOW_STOCK),
  NODE_ENV: z.string().default('development'),
  /** Outside production: create a back-office owner at start when missing and tell its password (issue #44); false: not. */
  DEMO_OWNER: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  /** A test shop on purpose: test payment settings allowed in production, every page and mail marked (issue #43). */
  PAYMENTS_TEST_MODE: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  SEARCH_FUZZINESS: z.enum(['by-length', 'two']).default('two'),
  /** memory: an in-memory search index in the API process (ADR 0008); postgres: search in the database only. */
  SEARCH_ENGINE: z.enum(['memory', 'postgres']).default('memory'),
  /** Comma-separated IPs and CIDR ranges whose X-Forwarded-For is believed; empty: none. */
  TRUSTED_PROXIES: z
    .string()
    .default(DEFAULT_TRUSTED_PROXIES.join(','))
    .transform((v) => v.split(',').map((entry) => entry.trim()).filter(Boolean))
    .refine((entries) => invalidProxyEntries(entries).length === 0, {
      message: 'must be IP addresses or CIDR ranges separated by commas, e.g. 127.0.0.1,10.0.0.0/8',
    }),
  CART_CREATE_LIMIT: z.coerce.number().int().min(1).default(DEFAULT_CART_LIMITS.createsPerWindow),
  CART_CREATE_WINDOW_MINUTES: z.coerce.number().positive().default(DEFAULT_CART_LIMITS.createWindowMs / 60_000),
  CART_TTL_DAYS: z.coerce.number().positive().default(DEFAULT_CART_LIMITS.ttlDays),
  CART_SWEEP_MINUTES: z.coerce.number().positive().default(DEFAULT_CART_LIMITS.sweepIntervalMs / 60_000),
  WRITE_LIMIT: z.coerce.number().int().min(1).default(DEFAULT_WRITE_LIMITS.perWindow),
  WRITE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(DEFAULT_WRITE_LIMITS.windowSeconds),
  /** Sign-in and registration defence (issue #43, ADR 0025). */
  LOGIN_CHALLENGE_ADDRESSES: z.coerce.number().int().min(1).default(DEFAULT_SIGN_IN_DEFENCE.limits.challengeAddresses),
  LOGIN_ATTACK_WINDOW_MINUTES: z.coerce.number().positive().default(DEFAULT_SIGN_IN_DEFENCE.limits.attackWindowSeconds / 60),
  LOGIN_CHALLENGE_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(DEFAULT_SIGN_IN_DEFENCE.limits.challengeDelayMs),
  REGISTER_LIMIT: z.coerce.number().int().min(1).default(DEFAULT_SIGN_IN_DEFENCE.limits.registerPerHour),
  REGISTER_CHALLENGE_AFTER: z.coerce.number().int().min(0).default(DEFAULT_SIGN_IN_DEFENCE.limits.registerChallengeAfter),
  REGISTER_DOMAIN_LIMIT: z.coerce.number().int().min(1).default(DEFAULT_SIGN_IN_DEFENCE.limits.registerPerDomain),
  REGISTER_DOMAIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(DEFAULT_SIGN_IN_DEFENCE.limits.registerDomainWindowSeconds),
  HASH_CONCURRENCY: z.coerce.number().int().min(1).default(DEFAULT_SIGN_IN_DEFENCE.hashQueue.concurrency),
  HASH_QUEUE: z.coerce.number().int().min(0).default(DEFAULT_SIGN_IN_DEFENCE.hashQueue.maxQueued),
  ALTCHA_HMAC_KEY: optional(z.string().min(32, 'must have at least 32 characters')),
  ALTCHA_COST: z.coerce.number().int().min(1).max(1_000_000).default(DEFAULT_SIGN_IN_DEFENCE.challenge.cost),
  ALTCHA_MAX_COUNTER: z.coerce.number().int().min(2).max(10_000_000).default(DEFAULT_SIGN_IN_DEFENCE.challenge.maxCounter),
  /** CSP violation reports (POST /api/csp-report) per client address, and logged by one API process, per minute. */
  CSP_REPORT_LIMIT: z.coerce.number().int().min(1).default(DEFAULT_CSP_REPORT_LIMITS.perAddress),
  CSP_REPORT_PROCESS_LIMIT: z.coerce.number().int().min(1).default(DEFAULT_CSP_REPORT_LIMITS.perProcess),
  /** The newsletter's Mailchimp audience (ADR 0023); unset: the subscriber table is the list. */
  MAILCHIMP_API_KEY: optional(z.string().regex(/^[0-9a-f]{32}-[a-z]+\d+$/, 'must be a Mailchimp API key (32 hex characters, a dash and the data centre, e.g. …-us6)')),
  MAILCHIMP_LIST_ID: optional(z.string().regex(/^[0-9a-zA-Z]{1,64}$/, 'must be the audience id, e.g. a1b2c3d4e5')),
  MAILCHIMP_API_URL: optional(z.string().regex(/^https?:\/\/[^/]+$/, 'must be an origin, e.g. http://127.0.0.1:3104 (the sandbox)')),
  /** The CRM (SALESmanago, ADR 0022): contacts of shoppers who allowed marketing; unset: no CRM. */
  SALESMANAGO_CLIENT_ID: optional(z.string().trim().min(1)),
  SALESMANAGO_API_KEY: optional(z.string().trim().min(1)),
  SALESMANAGO_API_SECRET: optional(z.string().trim().min(1)),
  SALESMANAGO_OWNER: optional(z.string().trim().regex(/^[^\s@<>]+@[^\s@<>]+$/, 'must be the e-mail of the SALESmanago user who owns the contacts')),
  SALESMANAGO_API_URL: z.string().regex(/^https?:\/\/[^/]+$/, 'must be an origin, e.g. https://app3.salesmanago.com').default('https://www.salesmanago.com'),
  /** Invoices to the SdI through an intermediary (ADR 0030); unset: not sent (the month's ZIP goes to the accountant). */
  SDI_API_URL: optional(z.string().regex(/^https?:\/\/[^\s?#]+$/, 'must be the intermediary API\'s base URL, e.g. https://api.intermediario.example/v1')),
  SDI_API_KEY: optional(z.string().trim().min(1)),
  SDI_POLL_SECONDS: z.coerce.number().int().min(1).default(60),
})
  .refine((e) => !e.STOREFRONT_INTERNAL_URL || e.REVALIDATE_SECRET, {
    message: 'is required when STOREFRONT_INTERNAL_URL is set',
    path: ['REVALIDATE_SECRET'],
  })
  // A card payment is only ever confirmed by a signed webhook: a key without its secret could take money it never records.
  .refine((e) => !e.STRIPE_SECRET_KEY || e.STRIPE_WEBHOOK_SECRET, { message: 'is required when STRIPE_SECRET_KEY is set', path: ['STRIPE_WEBHOOK_SECRET'] })
  .refine((e) => !e.SDI_API_URL === !e.SDI_API_KEY, { message: 'SDI_API_URL and SDI_API_KEY go together', path: ['SDI_API_KEY'] })
  .refine((e) => !e.MAILCHIMP_API_KEY === !e.MAILCHIMP_LIST_ID, { message: 'MAILCHIMP_API_KEY and MAILCHIMP_LIST_ID go together', path: ['MAILCHIMP_LIST_ID'] })
  .refine((e) => [e.SALESMANAGO_API_KEY, e.SALESMANAGO_API_SECRET, e.SALESMANAGO_OWNER].every((v) => !v === !e.SALESMANAGO_CLIENT_ID), {
    message: 'SALESMANAGO_CLIENT_ID, SALESMANAGO_API_KEY, SALESMANAGO_API_SECRET and SALESMANAGO_OWNER go together',
    path: ['SALESMANAGO_CLIENT_ID'],
  })
  .refine((e) => !e.PAYPAL_CLIENT_ID === !e.PAYPAL_CLIENT_SECRET, { message: 'PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET go together', path: ['PAYPAL_CLIENT_SECRET'] })
  .refine((e) => !e.SELLER_NAME === !e.SELLER_VAT_ID && !e.SELLER_VAT_ID === !e.SELLER_ADDRESS, { message: 'SELLER_NAME, SELLER_VAT_ID and SELLER_ADDRESS go together', path: ['SELLER_VAT_ID'] })
  // Pages, mails and invoices with the placeholder seller must never reach a real customer: each missing variable is named.
  .superRefine((e, ctx) => {
    if (e.NODE_ENV !== 'production') return;
    for (const name of SELLER_REQUIRED_IN_PRODUCTION) {
      if (!e[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required in production (pages, mails and invoices name the seller)' });
    }
  })
  // A sandbox approval must never mark a real order paid: production takes live payments only, unless it says it is a test shop.
  .superRefine((e, ctx) => {
    if (e.NODE_ENV !== 'production' || e.PAYMENTS_TEST_MODE) return;
    for (const { variable, reason } of testPaymentSettings(e)) ctx.addIssue({ code: 'custom', path: [variable], message: `${reason}: ${TEST_SETUP_REFUSED}` });
  });

export type ApiConfig = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  poolSize: number;
  defaultCountry: string;
  /** Customer group → customer tax class, for the tax rules of a signed-in customer's prices. */
  groupTaxClasses?: ReadonlyMap<number, number>;
  seedDemo: boolean;
  demoProducts: number;
  /** One JSON log line per request on standard output (LOG_REQUESTS). */
  logRequests: boolean;
  /** Where the request log lines go instead of standard output (tests read them). */
  requestLog?: (line: string) => void;
  /** The internal port of GET /metrics (API_METRICS_PORT; 0: any free port); unset: none. */
  metricsPort?: number;
  /** The interface the metrics listen on (API_METRICS_HOST, loopback by default). */
  metricsHost?: string;
  /** Bearer token of the admin API; when unset, one is generated per start (http/admin-token.ts). */
  adminToken?: string;
  /** Where the storefront (each instance, comma-separated) takes cache invalidations, and the secret it checks; unset: none are sent. */
  storefrontInternalUrl?: string;
  /** The edge cache (or each of several, comma-separated) purged by tag after the storefronts (ADR 0024); unset: no edge cache. */
  edgePurgeUrl?: string;
  revalidateSecret?: string;
  /** Order mails (modules/mail); unset: `.eml` files into `mail-outbox` inside dataDir (tests). */
  mail?: MailConfig;
  /** The sales mailbox of quote requests; default SHOP_SALES_EMAIL. */
  salesEmail?: string;
  /** The account bank-transfer buyers pay to; null: bank transfer is not offered. */
  bankAccount: BankAccount | null;
  /** Minutes an unpaid online payment holds its stock and coupon. */
  paymentTtlMinutes: number;
  /** The shop's public address (payment return pages). */
  shopUrl: string;
  /** Where providers reach the API's notification routes; unset: the API's own address. */
  notifyUrl?: string;
  /** Online methods with their credentials; a method without them is not offered. */
  onlinePayments?: OnlinePaymentsConfig;
  /** Signs customer access tokens; unset: a secret kept in dataDir. */
  tokenSecret?: string;
  /** How long an access token lives (ADR 0017). */
  accessTokenSeconds?: number;
  /** Edits a search word may have (ADR 0008). */
  searchFuzziness?: FuzzinessRule;
  /** Where searches run (ADR 0008); default the in-memory index. */
  searchEngine?: 'memory' | 'postgres';
  /** Proxies whose X-Forwarded-For is believed (http/client-address.ts); unset: loopback. */
  trustedProxies?: readonly string[];
  /** New carts per client address, idle-cart expiry; unset: DEFAULT_CART_LIMITS. */
  cartLimits?: CartLimits;
  /** Writes (POST, PUT, DELETE) per client address; unset: DEFAULT_WRITE_LIMITS. */
  writeLimits?: WriteLimits;
  /** Sign-in and registration limits, the hashing queue and the challenge (ADR 0025); unset: DEFAULT_SIGN_IN_DEFENCE. */
  signInDefence?: SignInDefence;
  /** CSP violation reports; unset: DEFAULT_CSP_REPORT_LIMITS. */
  cspReportLimits?: CspReportLimits;
  /** The seller named on invoices, pages and mails; unset: DEMO_SELLER. */
  seller?: Seller;
  /** Where each of the seller's values came from (the back office shows it); unset: `sellerSourcesOf`. */
  sellerSources?: SellerSettingSources;
  /** Invoices (ADR 0028): when they are issued, the seller's regime, the Natura of 0 % lines; unset: paid, RF01, N2.2. */
  invoicing?: { on: InvoiceMoment; regimeFiscale: RegimeFiscale; zeroRateNatura: Natura };
  /** The shop's one delivery promise (DELIVERY_DAYS); unset: DEFAULT_DELIVERY_DAYS. */
  deliveryDays?: DeliveryDays;
  /** The newsletter's Mailchimp audience; unset: the subscriber table is the list. */
  mailchimp?: MailchimpConfig;
  /** The CRM's credentials (SALESmanago); unset: no CRM. */
  salesmanago?: SalesmanagoConfig;
  /** The SdI intermediary (ADR 0030); unset: invoices are not sent. */
  sdi?: SdiConfig;
  /** PAYMENTS_TEST_MODE: a test shop on purpose, its mails marked (the storefront marks its pages). */
  paymentsTestMode?: boolean;
  /** NODE_ENV=production: back-office owners need TOTP (ADR 0027). */
  production?: boolean;
  /** Create the demo back-office owner at start when missing (outside production, DEMO_OWNER). */
  demoOwner?: boolean;
  /** The back office's clock (sessions, TOTP); tests move it. Unset: the real one. */
  adminNow?: () => Date;
  /** The dashboard's low-stock threshold in pieces (LOW_STOCK). */
  lowStock?: number;
};

/** Shown until the shop configures its own account; never in production (the method is hidden there). */
export const TEST_BANK_ACCOUNT: BankAccount = {
  iban: 'IT60X0542811101000000123456',
  beneficiary: 'Bottega Pro srl (conto di prova)',
  bank: 'Banca di prova - ambiente di test',
  test: true,
};

/** The demo shop's placeholder fiscal data (a partita IVA with a valid check digit that belongs to nobody). */
export const DEMO_SELLER: Seller = {
  name: 'Bottega Pro srl (dati di prova)',
  vatId: '01234560157',
  fiscalCode: '01234560157',
  address: "Via dell'Esempio 1, 20121 Milano (MI)",
  pec: 'bottegapro@pec.example.it',
  rea: 'MI-0000000',
  phone: '+39 02 0000000',
  email: 'info@bottega-pro.example',
};

function seller(e: z.output<typeof envSchema>): Seller {
  if (!e.SELLER_NAME || !e.SELLER_VAT_ID || !e.SELLER_ADDRESS) {
    return { ...DEMO_SELLER, ...(e.SELLER_PHONE ? { phone: e.SELLER_PHONE } : {}), ...(e.SELLER_EMAIL ? { email: e.SELLER_EMAIL } : {}) };
  }
  const vatId = normalisePartitaIva(e.SELLER_VAT_ID);
  return {
    name: e.SELLER_NAME,
    vatId,
    // A company's codice fiscale is usually its partita IVA.
    fiscalCode: e.SELLER_FISCAL_CODE ?? vatId,
    address: e.SELLER_ADDRESS,
    ...(e.SELLER_PEC ? { pec: e.SELLER_PEC } : {}),
    ...(e.SELLER_REA ? { rea: e.SELLER_REA } : {}),
    // Outside production a missing contact keeps the demo's (production refuses to start without it).
    phone: e.SELLER_PHONE ?? DEMO_SELLER.phone,
    email: e.SELLER_EMAIL ?? DEMO_SELLER.email,
  };
}

/**
 * Where each seller setting comes from, for a seller passed without them (tests, scripts): all
 * the demo's without a seller, else each value set counts as configured.
 */
export function sellerSourcesOf(seller: Seller | undefined, options: { regimeFiscale?: boolean; deliveryDays?: boolean } = {}): SellerSettingSources {
  const own = (value: string | undefined) => (seller ? (value ? 'env' : 'unset') : 'demo');
  return {
    name: own(seller?.name),
    vatId: own(seller?.vatId),
    fiscalCode: own(seller?.fiscalCode),
    address: own(seller?.address),
    pec: own(seller?.pec),
    rea: own(seller?.rea),
    phone: own(seller?.phone),
    email: own(seller?.email),
    regimeFiscale: options.regimeFiscale ? 'env' : 'default',
    deliveryDays: options.deliveryDays ? 'env' : 'default',
  };
}

/** Where each value of `seller(e)` came from: its variable, another one, the demo's data or the default. */
function sellerSources(e: z.output<typeof envSchema>, env: NodeJS.ProcessEnv): SellerSettingSources {
  const set = (name: string) => (env[name] ?? '').trim() !== '';
  const own = Boolean(e.SELLER_NAME && e.SELLER_VAT_ID && e.SELLER_ADDRESS);
  const optional = (value: string | undefined) => (own ? (value ? 'env' : 'unset') : 'demo');
  return {
    name: own ? 'env' : 'demo',
    vatId: own ? 'env' : 'demo',
    fiscalCode: own ? (e.SELLER_FISCAL_CODE ? 'env' : 'derived') : 'demo',
    address: own ? 'env' : 'demo',
    pec: optional(e.SELLER_PEC),
    rea: optional(e.SELLER_REA),
    // Outside production a missing contact keeps the demo's (see `seller`).
    phone: e.SELLER_PHONE ? 'env' : 'demo',
    email: e.SELLER_EMAIL ? 'env' : 'demo',
    regimeFiscale: set('SELLER_REGIME_FISCALE') ? 'env' : 'default',
    deliveryDays: set('DELIVERY_DAYS') ? 'env' : 'default',
  };
}

function bankAccount(e: { BANK_IBAN?: string | undefined; BANK_BENEFICIARY?: string | undefined; BANK_NAME?: string | undefined; NODE_ENV: string }) {
  if (e.BANK_IBAN) {
    return { iban: e.BANK_IBAN.replace(/\s+/g, ''), beneficiary: e.BANK_BENEFICIARY ?? 'Bottega Pro srl', bank: e.BANK_NAME ?? '', test: false };
  }
  return e.NODE_ENV === 'production' ? null : TEST_BANK_ACCOUNT;
}

/** Reads the configuration, failing with one readable line per bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ApiConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.API_PORT,
    host: e.API_HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(cwd, e.DATA_DIR),
    poolSize: e.DB_POOL_SIZE,
    defaultCountry: e.DEFAULT_COUNTRY,
    groupTaxClasses: e.CUSTOMER_GROUP_TAX_CLASSES,
    seedDemo: e.SEED_DEMO,
    demoProducts: e.DEMO_PRODUCTS,
    logRequests: e.LOG_REQUESTS,
    metricsPort: e.API_METRICS_PORT,
    metricsHost: e.API_METRICS_HOST,
    adminToken: e.ADMIN_TOKEN,
    storefrontInternalUrl: e.STOREFRONT_INTERNAL_URL?.replace(/\/+$/, ''),
    edgePurgeUrl: e.EDGE_PURGE_URL?.replace(/\/+$/, ''),
    revalidateSecret: e.REVALIDATE_SECRET,
    mail: {
      outboxDir: e.MAIL_OUTBOX_DIR ? resolve(cwd, e.MAIL_OUTBOX_DIR) : resolve(REPO_ROOT, 'var/outbox'),
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      testShop: e.PAYMENTS_TEST_MODE,
    },
    salesEmail: e.SALES_EMAIL,
    bankAccount: bankAccount(e),
    seller: seller(e),
    sellerSources: sellerSources(e, env),
    invoicing: { on: e.INVOICE_ON, regimeFiscale: e.SELLER_REGIME_FISCALE, zeroRateNatura: e.INVOICE_ZERO_RATE_NATURA },
    deliveryDays: parseDeliveryDays(e.DELIVERY_DAYS),
    paymentTtlMinutes: e.ORDER_PAYMENT_TTL_MINUTES,
    lowStock: e.LOW_STOCK,
    shopUrl: e.SHOP_URL,
    tokenSecret: e.TOKEN_SECRET,
    accessTokenSeconds: e.ACCESS_TOKEN_SECONDS,
    notifyUrl: e.PAYMENT_NOTIFY_URL ?? e.SHOP_URL,
    onlinePayments: {
      ...(e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { stripe: { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, ...(e.STRIPE_API_URL ? { apiUrl: e.STRIPE_API_URL } : {}) } }
        : {}),
      ...(e.ALMA_API_KEY ? { alma: { apiKey: e.ALMA_API_KEY, apiUrl: e.ALMA_API_URL } } : {}),
      ...(e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET ? { paypal: { clientId: e.PAYPAL_CLIENT_ID, clientSecret: e.PAYPAL_CLIENT_SECRET, apiUrl: e.PAYPAL_API_URL } } : {}),
    },
    paymentsTestMode: e.PAYMENTS_TEST_MODE,
    production: e.NODE_ENV === 'production',
    demoOwner: e.NODE_ENV !== 'production' && e.DEMO_OWNER,
    searchFuzziness: e.SEARCH_FUZZINESS,
    searchEngine: e.SEARCH_ENGINE,
    trustedProxies: e.TRUSTED_PROXIES,
    cartLimits: {
      createsPerWindow: e.CART_CREATE_LIMIT,
      createWindowMs: e.CART_CREATE_WINDOW_MINUTES * 60_000,
      ttlDays: e.CART_TTL_DAYS,
      sweepIntervalMs: e.CART_SWEEP_MINUTES * 60_000,
    },
    writeLimits: { perWindow: e.WRITE_LIMIT, windowSeconds: e.WRITE_LIMIT_WINDOW_SECONDS },
    signInDefence: {
      limits: {
        challengeAddresses: e.LOGIN_CHALLENGE_ADDRESSES,
        attackWindowSeconds: e.LOGIN_ATTACK_WINDOW_MINUTES * 60,
        challengeDelayMs: e.LOGIN_CHALLENGE_DELAY_MS,
        registerPerHour: e.REGISTER_LIMIT,
        registerChallengeAfter: e.REGISTER_CHALLENGE_AFTER,
        registerPerDomain: e.REGISTER_DOMAIN_LIMIT,
        registerDomainWindowSeconds: e.REGISTER_DOMAIN_WINDOW_SECONDS,
      },
      hashQueue: { concurrency: e.HASH_CONCURRENCY, maxQueued: e.HASH_QUEUE },
      challenge: { ...DEFAULT_SIGN_IN_DEFENCE.challenge, cost: e.ALTCHA_COST, maxCounter: e.ALTCHA_MAX_COUNTER },
      challengeKey: e.ALTCHA_HMAC_KEY,
    },
    cspReportLimits: { ...DEFAULT_CSP_REPORT_LIMITS, perAddress: e.CSP_REPORT_LIMIT, perProcess: e.CSP_REPORT_PROCESS_LIMIT },
    ...(e.MAILCHIMP_API_KEY && e.MAILCHIMP_LIST_ID ? { mailchimp: { apiKey: e.MAILCHIMP_API_KEY, listId: e.MAILCHIMP_LIST_ID, apiUrl: e.MAILCHIMP_API_URL } } : {}),
    ...(e.SALESMANAGO_CLIENT_ID && e.SALESMANAGO_API_KEY && e.SALESMANAGO_API_SECRET && e.SALESMANAGO_OWNER
      ? { salesmanago: { clientId: e.SALESMANAGO_CLIENT_ID, apiKey: e.SALESMANAGO_API_KEY, apiSecret: e.SALESMANAGO_API_SECRET, owner: e.SALESMANAGO_OWNER, apiUrl: e.SALESMANAGO_API_URL } }
      : {}),
    ...(e.SDI_API_URL && e.SDI_API_KEY ? { sdi: { apiUrl: e.SDI_API_URL, apiKey: e.SDI_API_KEY, pollIntervalMs: e.SDI_POLL_SECONDS * 1000 } } : {}),
  };
}
