// `npm run catalog:seed -- --products N`: replaces the catalogue with the demo catalogue.
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { DataDirLockedError, openDatabase } from '@shop/db';
import { DEMO_PRODUCTS_MAX, loadConfig } from '../config.ts';
import { seedDemoCatalog } from '../seed/seed-demo.ts';

const { values } = parseArgs({ options: { products: { type: 'string', default: '5000' } } });
const products = Number(values.products);
if (!Number.isInteger(products) || products < 10 || products > DEMO_PRODUCTS_MAX) {
  console.error(`--products must be a whole number from 10 to ${DEMO_PRODUCTS_MAX}`);
  process.exit(2);
}

try {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await sql`TRUNCATE product, category, attribute, tax_rule, review, cms_page, cms_block, price_history CASCADE`.execute(database.db);
  const report = await seedDemoCatalog(database.db, products, console.log);
  console.log(`Seeded ${report.products} products and ${report.categories} categories into ${database.location} in ${report.milliseconds} ms`);
  await database.close();
} catch (error) {
  console.error(error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
}
