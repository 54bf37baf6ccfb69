/**
 * Client-safe: a quick-order row's problem (QUICK_ORDER_MESSAGES of @shop/domain, in English from
 * the rules and the API) in the shop language, from the `bulkAdd.error.*` texts.
 */
import { QUICK_ORDER_MESSAGES } from '@shop/domain';
import { fillTemplate, matchText } from '../../lib/message-patterns.ts';
import type { BulkAddTexts } from './bulk-add-texts.ts';

/**
 * The row's problem as the shopper reads it; `name` fills the product's name where the text has
 * it. `unknownAs` words an unknown code for lists of products once sold (reorder, wishlist).
 */
export function rowProblemText(problem: string, texts: BulkAddTexts, { name = '', unknownAs }: { name?: string | null; unknownAs?: 'noLongerSold' } = {}): string {
  const matched = matchText(problem, QUICK_ORDER_MESSAGES);
  if (!matched) return texts['bulkAdd.error.unknown'] ?? problem;
  const key = matched.key === 'unknownSku' && unknownAs ? unknownAs : matched.key;
  return fillTemplate(texts[`bulkAdd.error.${key}`] ?? problem, { ...matched.params, name: name ?? '' });
}
