import type { TaxRuleDoc } from './catalog/types.ts';
import { percentOf, roundTo, type Cents } from './money.ts';

/** Where and for whom tax is computed; the default country comes from store configuration. */
export interface TaxContext {
  country: string;
  region?: string;
  /** Customer group; when a number, a rule applies only if its customer classes include it. */
  userGroupId?: number | null;
}

/** catalogue §4: "Default tax country comes from configuration (fallback PL)". */
export const FALLBACK_TAX_COUNTRY = 'PL';

/**
 * The country catalogue prices are taxed for: the configured default, else the spec's fallback.
 * (Cart totals do not fall back: without a configured country they ask for one, shopping §5.)
 */
export function catalogueTaxCountry(configured: string | null | undefined): string {
  return configured?.trim() || FALLBACK_TAX_COUNTRY;
}

/** A price split into net, tax and gross, in cents (gross = net + tax). */
export interface TaxedCents {
  net: Cents;
  tax: Cents;
  gross: Cents;
}

/** Tax rate in percent for a product tax class (0 when the class is not above 0 or no rule and rate match). */
export function findTaxRate(
  taxClassId: string | number | null | undefined,
  taxRules: readonly TaxRuleDoc[],
  ctx: TaxContext,
): number {
  const classId = Number.parseInt(String(taxClassId ?? ''), 10);
  if (!(classId > 0)) return 0;
  const groupId = ctx.userGroupId;
  const rule = taxRules.find(
    (candidate) =>
      candidate.product_tax_class_ids.some((id) => Number(id) === classId) &&
      (typeof groupId !== 'number' || candidate.customer_tax_class_ids.some((id) => Number(id) === groupId)),
  );
  const region = ctx.region ?? '';
  // First rate of the first matching rule wins, as in VSF; a rate without region name covers the whole country.
  const rate = rule?.rates.find(
    (candidate) =>
      candidate.tax_country_id === ctx.country &&
      (candidate.region_name === region || candidate.tax_region_id === 0 || !candidate.region_name),
  );
  return rate ? Number(rate.rate) : 0;
}

/** Adds tax to a net price: tax is `ratePercent` % of net, rounded to whole cents. */
export function priceWithTax(netCents: Cents, ratePercent: number): TaxedCents {
  const tax = percentOf(netCents, ratePercent);
  return { net: netCents, tax, gross: netCents + tax };
}

/**
 * Splits a tax-inclusive price: net is rounded and tax is the remainder, so the gross the
 * merchant entered survives unchanged (VSF rounded net and tax separately, which can add a cent).
 */
export function priceFromGross(grossCents: Cents, ratePercent: number): TaxedCents {
  const net = roundTo((grossCents * 100) / (100 + ratePercent), 0);
  return { net, tax: grossCents - net, gross: grossCents };
}
