/**
 * Deterministic Italian demo catalogue in Vue Storefront 1 document format.
 *
 * Whole catalogue: `generateCatalog({ products: 5000 })`.
 * In batches (benchmarks, 50k–200k products):
 *   const ctx = createCatalogContext({ products: 200_000 });
 *   const counts = new Map();
 *   for (const batch of productBatches(ctx, 1000)) {
 *     insert(batch, generateReviews(ctx, batch));
 *     countCategoryProducts(batch, counts);
 *   }
 *   insert(buildCategories(counts), buildAttributes(), buildTaxRules(), buildCmsPages(), buildCmsBlocks());
 */
export { generateCatalog, type DemoCatalog } from './catalog.ts';
export { createCatalogContext, DEFAULT_NOW, DEFAULT_SEED, type CatalogContext, type CatalogOptions } from './context.ts';
export { generateProducts, productBatches } from './products/index.ts';
export { generateReviews } from './reviews.ts';
export {
  buildCategories,
  countCategoryProducts,
  DEFAULT_CATEGORY_ID,
  ROOT_CATEGORY_ID,
  SPECIAL_CATEGORY_IDS,
} from './categories.ts';
export { buildAttributes } from './attributes.ts';
export { buildTaxRules, CUSTOMER_TAX_CLASS, PRODUCT_TAX_CLASS } from './tax-rules.ts';
export { buildCmsBlocks, buildCmsPages } from './cms.ts';
export { CUTTING_BOARD_SKU } from './products/cutting-board.ts';
export { IMAGES_PER_DEPARTMENT } from './products/document.ts';
