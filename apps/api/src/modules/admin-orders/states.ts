import { ADMIN_MESSAGES, ADMIN_ORDER_ACTIONS, ADMIN_ORDER_MESSAGES as M, ADMIN_ORDER_STATES, type AdminOrderAction, type StaffRoleName } from '@shop/contracts';
import type { OrderRow } from '@shop/db';
import { formatMessage } from '@shop/domain';
import { HttpError } from '../../http/errors.ts';

/**
 * What the order's state allows (issue 44 point 3), one rule per action, shared by the order
 * page's `actions` and the actions' refusals. A seller's choices: a bank transfer ships once
 * paid, cash on delivery ships unpaid (the courier collects); an online order ships once paid.
 * All three are `processing` exactly then, so shipping asks for `processing`.
 */

/** Money came in and is not (wholly) back. */
export const holdsMoney = (order: Pick<OrderRow, 'payment_status'>) => order.payment_status === 'paid' || order.payment_status === 'partially_refunded';
const wasPaid = (order: Pick<OrderRow, 'payment_status'>) => holdsMoney(order) || order.payment_status === 'refunded';

/** 409 naming the order's state and the refused action, in Italian. */
function notAllowed(order: Pick<OrderRow, 'increment_id'>, state: keyof typeof ADMIN_ORDER_STATES, action: AdminOrderAction): HttpError {
  return new HttpError(409, formatMessage(M.notAllowed, { number: order.increment_id, state: ADMIN_ORDER_STATES[state], action: ADMIN_ORDER_ACTIONS[action] }));
}

/** Refuses recording an offline payment the order cannot take (`online`: the provider records it). */
export function checkPaymentReceived(order: OrderRow, online: boolean): void {
  if (wasPaid(order)) throw new HttpError(409, formatMessage(M.alreadyPaid, { number: order.increment_id }));
  if (online || (order.status !== 'pending_payment' && order.status !== 'processing')) throw notAllowed(order, order.status, 'payment-received');
}

export function checkShip(order: OrderRow): void {
  if (order.status !== 'processing') throw notAllowed(order, order.status, 'ship');
  if (order.shipping_status === 'shipped') throw new HttpError(409, M.nothingToShip);
}

/** Cancelling: never once anything went out; a paid order only by the owner (it is refunded whole). */
export function checkCancel(order: OrderRow, role: StaffRoleName): void {
  if (order.shipping_status !== 'not_shipped') throw notAllowed(order, order.shipping_status, 'cancel');
  if (order.status !== 'pending_payment' && order.status !== 'processing' && order.status !== 'closed') throw notAllowed(order, order.status, 'cancel');
  if (holdsMoney(order) && role !== 'owner') throw new HttpError(403, ADMIN_MESSAGES.ownerOnly);
}

const passes = (check: () => void) => {
  try {
    check();
    return true;
  } catch {
    return false;
  }
};

/** Who asks and what the shop can do for this order: its role, an online method. */
export interface ActionContext {
  role: StaffRoleName;
  online: boolean;
}

/** The actions the order page offers this user. */
export function allowedActions(order: OrderRow, { role, online }: ActionContext): AdminOrderAction[] {
  const actions: AdminOrderAction[] = [];
  if (passes(() => checkPaymentReceived(order, online))) actions.push('payment-received');
  if (passes(() => checkShip(order))) actions.push('ship');
  if (passes(() => checkCancel(order, role))) actions.push('cancel');
  if (role === 'owner' && holdsMoney(order)) actions.push('refund');
  actions.push('note', 'resend-mail');
  return actions;
}
