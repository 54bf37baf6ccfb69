import type { Db } from '@shop/db';

/**
 * Demo coupons (README "Cart configuration"); NEWSLETTER10 comes with the cart migration because
 * the shop promises it. Values are hundredths: cents when fixed, hundredths of a percent when percent.
 */
export async function seedDemoCoupons(db: Db): Promise<void> {
  await db
    .insertInto('coupon')
    .values([
      { code: 'BENVENUTO5', code_key: 'BENVENUTO5', description: '5 EUR da 50 EUR di spesa', discount_type: 'fixed', discount_hundredths: 500, min_subtotal_cents: 5000 },
      { code: 'FREDDO15', code_key: 'FREDDO15', description: '15 % sulla refrigerazione da 300 EUR', discount_type: 'percent', discount_hundredths: 1500, category_ids: [90], min_subtotal_cents: 30000 },
      { code: 'PRIMI100', code_key: 'PRIMI100', description: '10 % per i primi 100 carrelli', discount_type: 'percent', discount_hundredths: 1000, usage_limit: 100 },
      { code: 'ESTATE2025', code_key: 'ESTATE2025', description: 'Scaduto il 30/09/2025', discount_type: 'percent', discount_hundredths: 2000, valid_to: '2025-10-01T00:00:00+02:00' },
    ])
    .onConflict((oc) => oc.column('code_key').doNothing())
    .execute();
}
