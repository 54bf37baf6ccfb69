import { generateCatalog } from '@shop/demo-catalog';
import { sql } from 'kysely';
import {
  upsertAttributes,
  upsertCategories,
  upsertCms,
  upsertProducts,
  upsertReviews,
  upsertTaxRules,
  type Db,
} from '@shop/db';
import { seedDemoCoupons } from './demo-coupons.ts';

export interface SeedReport {
  products: number;
  categories: number;
  milliseconds: number;
}

/** Writes the deterministic demo catalogue; attributes go first so products get their filters. */
export async function seedDemoCatalog(db: Db, products: number, log: (line: string) => void = () => {}): Promise<SeedReport> {
  const started = performance.now();
  const catalog = generateCatalog({ products });
  log(`Generated ${catalog.products.length} demo products in ${Math.round(performance.now() - started)} ms`);
  await db.transaction().execute(async (trx) => {
    await upsertAttributes(trx, catalog.attributes);
    await upsertTaxRules(trx, catalog.taxRules);
    await upsertCategories(trx, catalog.categories);
    await upsertProducts(trx, catalog.products);
    await upsertReviews(trx, catalog.reviews);
    await upsertCms(trx, 'cms_page', catalog.cmsPages);
    await upsertCms(trx, 'cms_block', catalog.cmsBlocks);
    await seedDemoCoupons(trx);
  });
  // Fresh statistics at once (the embedded database's vacuumWhereDue comes minutes later): without
  // them the planner guesses row counts and picks slow plans.
  await sql`ANALYZE`.execute(db);
  return {
    products: catalog.products.length,
    categories: catalog.categories.length,
    milliseconds: Math.round(performance.now() - started),
  };
}
