/**
 * BROWSER: many products into the cart at once (issue 42 point 17: the quick order, "Riordina"
 * from an account order, the whole wishlist). The rows are resolved by `POST /api/cart/quick-order`
 * (name, price excl. tax for the buyer's group, stock, or what is wrong), the valid ones added
 * through the cart engine's `add` like "Aggiungi al carrello", the others reported with why.
 */
import type { QuickOrderRowResult } from '@shop/contracts';
import { CART_PATHS } from '@shop/contracts/cart-paths';
import { bulkAddPlan, QUICK_ORDER_MAX_ROWS, type BulkAddPlan } from '@shop/domain';
import { sessionCall } from '../account/session.ts';
import { runCartAction } from './cart-store.ts';

/** The rows resolved as the API answered them, or null when the shop could not be reached. */
export async function resolveRows(rows: readonly { sku: string; qty: number }[]): Promise<QuickOrderRowResult[] | null> {
  if (rows.length === 0) return [];
  const answers: QuickOrderRowResult[] = [];
  for (let start = 0; start < rows.length; start += QUICK_ORDER_MAX_ROWS) {
    const answer = await sessionCall<QuickOrderRowResult[]>('POST', CART_PATHS.quickOrder, {}, { rows: rows.slice(start, start + QUICK_ORDER_MAX_ROWS) });
    if (answer.code !== 200 || typeof answer.result === 'string') return null;
    answers.push(...answer.result);
  }
  return answers;
}

/** Adds the plan's rows to the cart in one operation (one sync with the server). */
export async function addPlanned(plan: BulkAddPlan): Promise<void> {
  if (plan.add.length === 0) return;
  await runCartAction((actions) =>
    actions.add(plan.add.map(({ sku, qty, name, stock }) => ({ item: { sku, qty, name, type_id: 'simple' }, stock }))),
  );
}

/** Resolves the rows, adds the valid ones (with `reduceToStock`, rows over stock with what is left) and answers what was and was not added; null when offline or the shop failed. */
export async function bulkAdd(rows: readonly { sku: string; qty: number }[], options: { reduceToStock?: boolean } = {}): Promise<BulkAddPlan | null> {
  const resolved = await resolveRows(rows);
  if (!resolved) return null;
  const plan = bulkAddPlan(resolved, options);
  await addPlanned(plan);
  return plan;
}
