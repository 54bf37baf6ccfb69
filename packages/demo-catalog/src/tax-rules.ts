import type { TaxRate, TaxRuleDoc } from '@shop/domain';

/**
 * Product tax classes (the product's `tax_class_id`, a string as in VSF documents):
 * 2 = IVA 22 % (almost everything), 5 = IVA 10 % (food: natural sausage casings),
 * 6 = IVA 4 % (digital manuals, taxed like books).
 */
export const PRODUCT_TAX_CLASS = { standard: 2, reduced: 5, superReduced: 6 } as const;
export type ProductTaxClass = (typeof PRODUCT_TAX_CLASS)[keyof typeof PRODUCT_TAX_CLASS];

/**
 * Customer tax classes: 3 = retail/private buyers (Magento's default "Retail Customer"),
 * 4 = resellers ("Rivenditori", business buyers with a VAT number).
 */
export const CUSTOMER_TAX_CLASS = { retail: 3, reseller: 4 } as const;

const rate = (id: number, country: string, percent: number, code: string): TaxRate => ({
  id,
  tax_country_id: country,
  tax_region_id: 0,
  tax_postcode: '*',
  rate: percent,
  code,
});

const rule = (id: number, code: string, customer: number[], product: number[], rates: TaxRate[]): TaxRuleDoc => ({
  id,
  code,
  priority: 0,
  position: id - 1,
  customer_tax_class_ids: customer,
  product_tax_class_ids: product,
  tax_rate_ids: rates.map((r) => r.id ?? 0),
  calculate_subtotal: false,
  rates,
});

/**
 * Four rules. Retail buyers pay Italian VAT by product class (22/10/4 %), and German buyers of
 * standard goods pay 19 % (the German store view). Resellers get their own rule for standard goods
 * because a German business buyer is invoiced under EU reverse charge (0 %); reduced classes are
 * the same for both customer classes, so those rules list both.
 */
export function buildTaxRules(): TaxRuleDoc[] {
  const { retail, reseller } = CUSTOMER_TAX_CLASS;
  const { standard, reduced, superReduced } = PRODUCT_TAX_CLASS;
  return [
    rule(1, 'IVA 22% - privati', [retail], [standard], [rate(1, 'IT', 22, 'IVA22-IT'), rate(2, 'DE', 19, 'MwSt19-DE')]),
    rule(2, 'IVA 10% - alimenti', [retail, reseller], [reduced], [rate(3, 'IT', 10, 'IVA10-IT')]),
    rule(3, 'IVA 4% - libri e manuali', [retail, reseller], [superReduced], [rate(4, 'IT', 4, 'IVA4-IT')]),
    rule(4, 'IVA 22% - rivenditori (reverse charge UE)', [reseller], [standard], [
      rate(5, 'IT', 22, 'IVA22-IT-B2B'),
      rate(6, 'DE', 0, 'RC0-DE'),
    ]),
  ];
}
