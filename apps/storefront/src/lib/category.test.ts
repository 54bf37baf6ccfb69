import { describe, expect, it } from 'vitest';
import type { CategoryDoc } from '@shop/domain';
import { categoryFaq, descendantCategoryIds, parseRobots, sitemapCategories, subcategories } from './category.ts';

const cat = (id: number, parent_id: number, position: number, extra: Partial<CategoryDoc> = {}): CategoryDoc => ({
  id,
  parent_id,
  name: `C${id}`,
  slug: `c${id}`,
  is_active: true,
  position,
  level: 0,
  product_count: 0,
  path: '',
  ...extra,
});

// The tree of VSF's buildFilterProductsQuery.spec: 20 → [21 → [23 → [24, 25, 26]], 22 → [27, 28]]
const TREE = [
  cat(2, 1, 1, { level: 1 }),
  cat(3, 2, 1, { level: 2 }),
  cat(20, 3, 1, { level: 3 }),
  cat(21, 20, 1),
  cat(22, 20, 2),
  cat(23, 21, 1),
  cat(24, 23, 1),
  cat(25, 23, 2),
  cat(26, 23, 3),
  cat(27, 22, 1),
  cat(28, 22, 2),
  cat(29, 22, 3, { is_active: false }),
];

describe('descendantCategoryIds', () => {
  it('lists the category and its active subtree depth-first (VSF vector)', () => {
    expect(descendantCategoryIds(20, TREE)).toEqual([20, 21, 23, 24, 25, 26, 22, 27, 28]);
    expect(descendantCategoryIds(28, TREE)).toEqual([28]);
  });
});

describe('subcategories', () => {
  it('lists the active children by position', () => {
    expect(subcategories(22, TREE).map((c) => c.id)).toEqual([27, 28]);
  });
});

describe('parseRobots', () => {
  it('reads Magento robots values', () => {
    expect(parseRobots('INDEX,FOLLOW')).toEqual({ index: true, follow: true });
    expect(parseRobots('NOINDEX,FOLLOW')).toEqual({ index: false, follow: true });
    expect(parseRobots('noindex, nofollow')).toEqual({ index: false, follow: false });
    expect(parseRobots(null)).toEqual({ index: true, follow: true });
  });
});

describe('categoryFaq', () => {
  it('keeps complete pairs as plain text', () => {
    const doc = cat(20, 3, 1, {
      faq_question_1: 'Come si affila?',
      faq_answer_1: '<p>Con una <b>cote</b>.</p>',
      faq_question_2: 'Senza risposta',
      faq_answer_2: '',
      faq_question_5: 'Quinta?',
      faq_answer_5: 'Sì',
    });
    expect(categoryFaq(doc)).toEqual([
      { question: 'Come si affila?', answer: 'Con una cote.' },
      { question: 'Quinta?', answer: 'Sì' },
    ]);
  });
});

describe('sitemapCategories', () => {
  it('lists active categories but id 2, parents before children', () => {
    expect(sitemapCategories(TREE).map((c) => c.id)).toEqual([3, 20, 21, 23, 24, 25, 26, 22, 27, 28]);
  });

  it('keeps categories whose parent is inactive', () => {
    const tree = [...TREE, cat(40, 29, 1)];
    expect(sitemapCategories(tree).map((c) => c.id)).toContain(40);
  });
});
