import { isKnownCustomerGroup, unknownGroupMessage } from '@shop/contracts';
import { setCustomerGroupById, type Db } from '@shop/db';
import { HttpError } from '../../http/errors.ts';
import { recordAudit, type AuditActor } from '../admin/audit.ts';

/**
 * The one way a customer changes group, for the back office's route and `npm run customer:group`
 * alike: only a group the shop knows, audited in the same transaction. The customer's prices and
 * tax class follow at their next request (they are read from the group then). Undefined for an
 * unknown customer.
 */
export async function changeCustomerGroup(db: Db, customerId: number, groupId: number, actor: AuditActor, now: Date) {
  if (!isKnownCustomerGroup(groupId)) throw new HttpError(400, `groupId: ${unknownGroupMessage()}`);
  return db.transaction().execute(async (trx) => {
    const changed = await setCustomerGroupById(trx, customerId, groupId);
    if (!changed) return undefined;
    if (changed.before.group_id !== groupId) {
      await recordAudit(trx, actor, { action: 'customer.group', objectType: 'customer', objectId: String(customerId), before: { groupId: changed.before.group_id }, after: { groupId } }, now);
    }
    return changed.after;
  });
}
