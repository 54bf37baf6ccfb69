import { describe, expect, it } from 'vitest';
import { generateCatalog } from './index.ts';

describe('large catalogue', () => {
  // Benchmarks load 50k products; the timeout is the performance budget (about 3 s on an idle 2-core VM).
  it('generates 50,000 products', { timeout: 15_000 }, () => {
    const { products, categories } = generateCatalog({ products: 50_000 });
    expect(products).toHaveLength(50_000);
    expect(new Set(products.map((p) => p.sku)).size).toBe(50_000);
    expect(categories.find((c) => c.id === 20)?.product_count).toBeGreaterThan(1000);
  });
});
