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

/** The shop's time zone: every date the shop shows is Rome's, on the server and in any browser alike. */
export const SHOP_TIME_ZONE = 'Europe/Rome';

/** A moment's calendar and clock in the shop's time zone. */
export interface ShopDateParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

// One formatter per zone: building one costs far more than using it (order lists show dozens).
const partFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Year, month, day, hour and minute of `date` in the shop's time zone (not the machine's nor the
 * browser's); null when the date is empty or unreadable (VSF dates without a zone are UTC).
 */
export function shopDateParts(date: Date | string | null | undefined, timeZone: string = SHOP_TIME_ZONE): ShopDateParts | null {
  const parsed = parseVsfDate(date);
  if (!parsed) return null;
  const format = kept(partFormatters, timeZone, () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      numberingSystem: 'latn',
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    }),
  );
  const parts = format.formatToParts(parsed);
  const part = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value ?? NaN);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour') % 24, minute: part('minute') };
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * Date and time as 'HH:mm D/M/YYYY' (spec §9) in the shop's time zone, Latin digits; '' when the
 * date is unreadable. `locale` is kept for callers: the spec's pattern is the same in every locale.
 */
export function formatDateTime(date: Date | string, _locale: string = DEFAULT_LOCALE, timeZone: string = SHOP_TIME_ZONE): string {
  const p = shopDateParts(date, timeZone);
  return p ? `${two(p.hour)}:${two(p.minute)} ${p.day}/${p.month}/${p.year}` : '';
}

/**
 * The day alone, in the shop's time zone: 'D/M/YYYY' (the spec's date without the time), or
 * 'DD/MM/YYYY' with `padded` (the invoice's legal date); '' when the date is unreadable.
 */
export function formatDate(date: Date | string, { padded = false, timeZone = SHOP_TIME_ZONE }: { padded?: boolean; timeZone?: string } = {}): string {
  const p = shopDateParts(date, timeZone);
  if (!p) return '';
  return padded ? `${two(p.day)}/${two(p.month)}/${p.year}` : `${p.day}/${p.month}/${p.year}`;
}

const ITALIAN_MONTHS = ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'];

/** A letter's date and time, written out in Italian in the shop's time zone: '25 novembre 2026 alle ore 11:00'. */
export function formatLongDateTime(date: Date | string): string {
  const p = shopDateParts(date);
  return p ? `${p.day} ${ITALIAN_MONTHS[p.month - 1]} ${p.year} alle ore ${two(p.hour)}:${two(p.minute)}` : '';
}
