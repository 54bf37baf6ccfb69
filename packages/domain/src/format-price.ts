import type { Cents } from './money.ts';
import { parseVsfDate } from './vsf-date.ts';

/** Store formatting settings; the shop is it-IT / EUR. */
export interface PriceFormatOptions {
  locale?: string;
  currency?: string;
}

const DEFAULT_LOCALE = 'it-IT';
const FALLBACK_LOCALE = 'en-US'; // spec §9: locale fallback en-US
const DEFAULT_CURRENCY = 'EUR';

/** The value `cache` keeps for `key`, made on first use (Intl answers are slow to make, cheap to reuse). */
function kept<K, V>(cache: Map<K, V>, key: K, make: () => V): V {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    cache.set(key, value);
  }
  return value;
}

// Asking Intl whether it supports a locale is slow (tens of microseconds, more on phones), and
// every price asks: the answer is kept per locale.
const resolvedLocales = new Map<string | undefined, string>();

function resolveLocale(locale: string | undefined): string {
  return kept(resolvedLocales, locale, () => supportedOrFallback(locale ?? DEFAULT_LOCALE));
}

function supportedOrFallback(locale: string): string {
  try {
    return Intl.NumberFormat.supportedLocalesOf(locale).length > 0 ? locale : FALLBACK_LOCALE;
  } catch {
    return FALLBACK_LOCALE; // malformed language tag
  }
}

// Building an Intl formatter costs far more than using one; product lists format hundreds of prices.
const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return kept(formatters, `${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}

const currencySigns = new Map<string, string>();

/** The currency sign as the locale writes it (€ for EUR, $ for USD in en-US). */
export function currencySign(opts: PriceFormatOptions = {}): string {
  const currency = opts.currency ?? DEFAULT_CURRENCY;
  const locale = resolveLocale(opts.locale);
  return kept(currencySigns, `${locale}|${currency}`, () => {
    const parts = numberFormat(locale, { style: 'currency', currency }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? currency;
  });
}

/**
 * Sign first, then the amount with 2 decimals and locale separators, '-' before negatives
 * (spec §9): 123450 → '€1234,50' (it-IT does not group 4 digits), -999 → '-€9,99'.
 */
export function formatPrice(cents: Cents, opts: PriceFormatOptions = {}): string {
  const amount = numberFormat(resolveLocale(opts.locale), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Math.abs(cents / 100));
  return `${cents < 0 ? '-' : ''}${currencySign(opts)}${amount}`;
}

/**
 * A number the locale's way (12.345 and 4,5 in it-IT), from a kept formatter: pages write dozens
 * (facet counts, texts with numbers), and a new Intl.NumberFormat costs ~50 µs each.
 */
export function formatNumber(value: number, locale: string = DEFAULT_LOCALE, options: Intl.NumberFormatOptions = {}): string {
  return numberFormat(resolveLocale(locale), options).format(value);
}

/** A range bound without decimals when whole (50 €, not 50,00 €), else with 2. */
function rangeAmount(cents: Cents, locale: string): string {
  const digits = cents % 100 === 0 ? 0 : 2;
  return numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(cents / 100);
}

/**
 * Label of price-filter bucket `index` of `count` (spec §9): first '< €50', last '> €150',
 * others '€50 - 100'. An open upper bound always reads '> from'.
 */
export function formatPriceRangeLabel(
  index: number,
  count: number,
  fromCents: Cents | null,
  toCents: Cents | null,
  opts: PriceFormatOptions = {},
): string {
  const locale = resolveLocale(opts.locale);
  const sign = currencySign(opts);
  const from = rangeAmount(fromCents ?? 0, locale);
  if (index === 0 && toCents !== null) return `< ${sign}${rangeAmount(toCents, locale)}`;
  if (index === count - 1 || toCents === null) return `> ${sign}${from}`;
  return `${sign}${from} - ${rangeAmount(toCents, locale)}`;
}

/** Date and time as 'HH:mm D/M/YYYY' (spec §9) in the shop's time zone, Latin digits. */
export function formatDateTime(
  date: Date | string,
  locale: string = DEFAULT_LOCALE,
  timeZone = 'Europe/Rome',
): string {
  const parsed = parseVsfDate(date);
  if (!parsed) return '';
  const parts = new Intl.DateTimeFormat(resolveLocale(locale), {
    timeZone,
    numberingSystem: 'latn',
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(parsed);
  const part = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? '';
  // Some locales pad day and month once a time is present; D/M wants them unpadded.
  return `${part('hour').padStart(2, '0')}:${part('minute')} ${Number(part('day'))}/${Number(part('month'))}/${part('year')}`;
}
