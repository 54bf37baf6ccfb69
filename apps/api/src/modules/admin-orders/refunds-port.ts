import type { AdminRefund } from '@shop/contracts';
import type { Db, OrderRow } from '@shop/db';
import type { AuditActor } from '../admin/audit.ts';

/**
 * What the order page and the cancel action need of the refunds (modules/refunds provides it:
 * `RefundService.port()`), so that the order actions do not depend on the refunds' internals.
 */
export interface RefundsPort {
  /** An order's refunds, oldest first. */
  refundsOf(db: Db, orderId: number): Promise<AdminRefund[]>;
  /**
   * Refunds whatever of the order was paid and not yet refunded, with its credit note, in its own
   * transaction (a provider refund cannot run inside ours); throws an HttpError that leaves the
   * order as it was when it fails. It must leave the order's payment `refunded`: the cancel
   * action then ends the order (stock, coupon, status `canceled`) in its own locked transaction.
   */
  refundWhole(order: OrderRow, request: { reason: string; iban?: string | undefined; staff: AuditActor }): Promise<void>;
}
