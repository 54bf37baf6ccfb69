/** Pure helpers of the category page and the sitemap over catalogue category documents. */
import { buildCategoryTree, type CategoryDoc, type CategoryNode, type FaqPair } from '@shop/domain';
import { htmlToText } from './text.ts';

/**
 * The category and its active descendants, depth-first in menu order (VSF's category list
 * query: `category_ids in [id + descendants]`).
 */
export function descendantCategoryIds(categoryId: number, categories: readonly CategoryDoc[]): number[] {
  const ids = [categoryId];
  const walk = (nodes: readonly CategoryNode[]) => {
    for (const node of nodes) {
      ids.push(node.id);
      walk(node.children);
    }
  };
  walk(buildCategoryTree(categories, categoryId));
  return ids;
}

/** The active children of a category, in menu order. */
export function subcategories(categoryId: number, categories: readonly CategoryDoc[]): CategoryNode[] {
  return buildCategoryTree(categories, categoryId).map((node) => ({ ...node, children: [] }));
}

/** Magento's robots value ('INDEX,FOLLOW', 'NOINDEX,NOFOLLOW', …); missing parts allow. */
export function parseRobots(robots: string | null | undefined): { index: boolean; follow: boolean } {
  const parts = (robots ?? '').toUpperCase().split(/[\s,]+/);
  return { index: !parts.includes('NOINDEX'), follow: !parts.includes('NOFOLLOW') };
}

/** The category's FAQ (faq_question_1..5 / faq_answer_1..5) as plain text, complete pairs only. */
export function categoryFaq(category: CategoryDoc): FaqPair[] {
  const pairs: FaqPair[] = [];
  for (let i = 1; i <= 5; i++) {
    const question = htmlToText(category[`faq_question_${i}`] as string | null | undefined);
    const answer = htmlToText(category[`faq_answer_${i}`] as string | null | undefined);
    if (question && answer) pairs.push({ question, answer });
  }
  return pairs;
}

/** Id of Magento's "Default Category", which the sitemap skips (shopping.md §2). */
export const SITEMAP_SKIPPED_CATEGORY_ID = 2;

/**
 * Categories of the sitemap: every active category but id 2, in tree order (each parent before
 * its children, siblings by position), then any active category whose parent is inactive or
 * unknown, by position.
 */
export function sitemapCategories<C extends CategoryDoc>(categories: readonly C[]): C[] {
  const active = categories.filter((c) => c.is_active && c.id !== SITEMAP_SKIPPED_CATEGORY_ID);
  const byParent = new Map<number, C[]>();
  for (const c of active) byParent.set(c.parent_id, [...(byParent.get(c.parent_id) ?? []), c]);
  for (const list of byParent.values()) list.sort((a, b) => a.position - b.position || a.id - b.id);
  const ids = new Set(active.map((c) => c.id));
  const ordered: C[] = [];
  const seen = new Set<number>();
  const visit = (c: C) => {
    if (seen.has(c.id)) return;
    seen.add(c.id);
    ordered.push(c);
    for (const child of byParent.get(c.id) ?? []) visit(child);
  };
  const roots = active.filter((c) => !ids.has(c.parent_id)).sort((a, b) => a.level - b.level || a.position - b.position || a.id - b.id);
  for (const root of roots) visit(root);
  return ordered;
}
