import type { AttributeDoc, CategoryDoc, CmsBlockDoc, CmsPageDoc, ProductDoc, ReviewDoc, TaxRuleDoc } from '@shop/domain';
import { buildAttributes } from './attributes.ts';
import { buildCategories, countCategoryProducts } from './categories.ts';
import { buildCmsBlocks, buildCmsPages } from './cms.ts';
import { createCatalogContext, type CatalogOptions } from './context.ts';
import { generateProducts } from './products/index.ts';
import { generateReviews } from './reviews.ts';
import { buildTaxRules } from './tax-rules.ts';

export interface DemoCatalog {
  /** Flat list, without children_data. */
  categories: CategoryDoc[];
  attributes: AttributeDoc[];
  taxRules: TaxRuleDoc[];
  products: ProductDoc[];
  reviews: ReviewDoc[];
  cmsPages: CmsPageDoc[];
  cmsBlocks: CmsBlockDoc[];
}

/** The whole demo catalogue in memory; for very large sizes stream `productBatches` instead. */
export function generateCatalog(options: CatalogOptions): DemoCatalog {
  const ctx = createCatalogContext(options);
  const products = generateProducts(ctx, 0, ctx.total);
  return {
    categories: buildCategories(countCategoryProducts(products)),
    attributes: buildAttributes(),
    taxRules: buildTaxRules(),
    products,
    reviews: generateReviews(ctx, products),
    cmsPages: buildCmsPages(),
    cmsBlocks: buildCmsBlocks(),
  };
}
