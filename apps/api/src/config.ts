import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_TRUSTED_PROXIES, invalidProxyEntries } from './http/client-address.ts';
import { DEFAULT_MAIL_FROM, type MailConfig } from './modules/mail/outbox.ts';
import type { FuzzinessRule } from '@shop/db';
import type { BankAccount } from './modules/payments/offline.ts';
import { LIVE_API_URLS, type OnlinePaymentsConfig } from './modules/payments/configure.ts';
import { ACCESS_TOKEN_SECONDS } from './modules/accounts/tokens.ts';
import type { Seller } from './modules/accounts/invoice-pdf.ts';
import { fiscalCodeKind, isValidPartitaIva, normalisePartitaIva } from '@shop/domain';
import { DEFAULT_CART_LIMITS, type CartLimits } from './services/cart/cart-limits.ts';
import { DEFAULT_WRITE_LIMITS, type WriteLimits } from './http/write-limit.ts';

/** The repository root (var/outbox lives there by default). */
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const port = z.coerce.number().int().min(0).max(65_535);

/** An optional variable; set but empty counts as unset. */
function optional<T extends z.ZodType<string>>(schema: T) {
  return schema.optional().or(z.literal('').transform(() => undefined));
}

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
  SEED_DEMO: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  DEMO_PRODUCTS: z.coerce.number().int().min(10).max(500_000).default(5_000),
  LOG_REQUESTS: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  ADMIN_TOKEN: optional(z.string().min(32, 'must be at least 32 characters')),
  STOREFRONT_INTERNAL_URL: optional(z.string().regex(/^https?:\/\/[^/]/, 'must be an http:// or https:// URL')),
  REVALIDATE_SECRET: optional(z.string().min(16, 'must be at least 16 characters')),
  MAIL_OUTBOX_DIR: optional(z.string()),
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\/[^/]/, 'must be an smtp:// or smtps:// URL')),
  MAIL_FROM: z.string().regex(/@/, 'must be an e-mail address, e.g. "Shop" <orders@example.com>').default(DEFAULT_MAIL_FROM),
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
  SELLER_ADDRESS: optional(z.string().trim().min(5)),
  SELLER_PEC: optional(z.string().trim().regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, 'must be an e-mail address')),
  SELLER_REA: optional(z.string().trim().min(3)),
  ORDER_PAYMENT_TTL_MINUTES: z.coerce.number().int().min(5).max(10_080).default(60),
  NODE_ENV: z.string().default('development'),
  SEARCH_FUZZINESS: z.enum(['by-length', 'two']).default('two'),
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
})
  .refine((e) => !e.STOREFRONT_INTERNAL_URL || e.REVALIDATE_SECRET, {
    message: 'is required when STOREFRONT_INTERNAL_URL is set',
    path: ['REVALIDATE_SECRET'],
  })
  // A card payment is only ever confirmed by a signed webhook: a key without its secret could take money it never records.
  .refine((e) => !e.STRIPE_SECRET_KEY || e.STRIPE_WEBHOOK_SECRET, { message: 'is required when STRIPE_SECRET_KEY is set', path: ['STRIPE_WEBHOOK_SECRET'] })
  .refine((e) => !e.PAYPAL_CLIENT_ID === !e.PAYPAL_CLIENT_SECRET, { message: 'PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET go together', path: ['PAYPAL_CLIENT_SECRET'] })
  .refine((e) => !e.SELLER_NAME === !e.SELLER_VAT_ID && !e.SELLER_VAT_ID === !e.SELLER_ADDRESS, { message: 'SELLER_NAME, SELLER_VAT_ID and SELLER_ADDRESS go together', path: ['SELLER_VAT_ID'] })
  // Invoices with the placeholder seller must never reach a real customer.
  .refine((e) => e.NODE_ENV !== 'production' || e.SELLER_VAT_ID, { message: 'is required in production (invoices name the seller)', path: ['SELLER_VAT_ID'] });

export type ApiConfig = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  poolSize: number;
  defaultCountry: string;
  seedDemo: boolean;
  demoProducts: number;
  logRequests: boolean;
  /** Bearer token of the admin API; when unset, one is generated per start (services/admin-token.ts). */
  adminToken?: string;
  /** Where the storefront takes cache invalidations, and the secret it checks; unset: none are sent. */
  storefrontInternalUrl?: string;
  revalidateSecret?: string;
  /** Order mails (modules/mail); unset: `.eml` files into `mail-outbox` inside dataDir (tests). */
  mail?: MailConfig;
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
  /** Proxies whose X-Forwarded-For is believed (http/client-address.ts); unset: loopback. */
  trustedProxies?: readonly string[];
  /** New carts per client address, idle-cart expiry; unset: DEFAULT_CART_LIMITS. */
  cartLimits?: CartLimits;
  /** Writes (POST, PUT, DELETE) per client address; unset: DEFAULT_WRITE_LIMITS. */
  writeLimits?: WriteLimits;
  /** The seller named on invoices; unset: DEMO_SELLER. */
  seller?: Seller;
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
};

function seller(e: z.output<typeof envSchema>): Seller {
  if (!e.SELLER_NAME || !e.SELLER_VAT_ID || !e.SELLER_ADDRESS) return DEMO_SELLER;
  const vatId = normalisePartitaIva(e.SELLER_VAT_ID);
  return {
    name: e.SELLER_NAME,
    vatId,
    // A company's codice fiscale is usually its partita IVA.
    fiscalCode: e.SELLER_FISCAL_CODE ?? vatId,
    address: e.SELLER_ADDRESS,
    ...(e.SELLER_PEC ? { pec: e.SELLER_PEC } : {}),
    ...(e.SELLER_REA ? { rea: e.SELLER_REA } : {}),
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
    seedDemo: e.SEED_DEMO,
    demoProducts: e.DEMO_PRODUCTS,
    logRequests: e.LOG_REQUESTS,
    adminToken: e.ADMIN_TOKEN,
    storefrontInternalUrl: e.STOREFRONT_INTERNAL_URL?.replace(/\/+$/, ''),
    revalidateSecret: e.REVALIDATE_SECRET,
    mail: {
      outboxDir: e.MAIL_OUTBOX_DIR ? resolve(cwd, e.MAIL_OUTBOX_DIR) : resolve(REPO_ROOT, 'var/outbox'),
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
    },
    bankAccount: bankAccount(e),
    seller: seller(e),
    paymentTtlMinutes: e.ORDER_PAYMENT_TTL_MINUTES,
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
    searchFuzziness: e.SEARCH_FUZZINESS,
    trustedProxies: e.TRUSTED_PROXIES,
    cartLimits: {
      createsPerWindow: e.CART_CREATE_LIMIT,
      createWindowMs: e.CART_CREATE_WINDOW_MINUTES * 60_000,
      ttlDays: e.CART_TTL_DAYS,
      sweepIntervalMs: e.CART_SWEEP_MINUTES * 60_000,
    },
    writeLimits: { perWindow: e.WRITE_LIMIT, windowSeconds: e.WRITE_LIMIT_WINDOW_SECONDS },
  };
}
