import type { TaxRuleDoc } from './catalog/types.ts';

// Rules R1–R3 of vsf1-behavior.md §2(b).
export const TAX_RULES: TaxRuleDoc[] = [
  {
    id: 1,
    code: 'R1',
    product_tax_class_ids: [2],
    customer_tax_class_ids: [3],
    rates: [
      { tax_country_id: 'DE', tax_region_id: 0, rate: 19 },
      { tax_country_id: 'IT', tax_region_id: 0, rate: 22 },
    ],
  },
  {
    id: 2,
    code: 'R2',
    product_tax_class_ids: [5],
    customer_tax_class_ids: [3],
    rates: [{ tax_country_id: 'IT', tax_region_id: 12, region_name: 'Lombardia', rate: 10 }],
  },
  {
    id: 3,
    code: 'R3',
    product_tax_class_ids: [6],
    customer_tax_class_ids: [1],
    rates: [{ tax_country_id: 'IT', tax_region_id: 0, rate: 4 }],
  },
];
