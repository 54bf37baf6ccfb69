import type { IncomingMessage } from 'node:http';
import { text } from '@shop/contracts';
import { z } from 'zod';
import { EdgeCached, PrivateAnswer } from '../../http/route.ts';
import type { AccountService } from '../accounts/service.ts';

/**
 * The query of catalogue reads: a customer's access token (`?token=`, or `Authorization: Bearer`)
 * prices the answer for the customer's group (shopping.md §6). Other parameters are ignored, as before.
 */
export const customerTokenQuery = z.object({ token: text().max(2048).optional() });

/**
 * Runs a catalogue read for the customer group of the request: the signed-in customer's current
 * group (a bad or expired token is 401, as on every customer call), else guests'. An answer priced
 * for a customer is theirs alone (PrivateAnswer): it must never reach a shared cache or a guest.
 * A guest's answer with `edgeTags` is public: the edge cache keeps it until one of them is purged.
 */
export async function forCustomerGroup<R>(
  accounts: AccountService,
  req: IncomingMessage,
  token: string | undefined,
  read: (customerGroupId: number | undefined) => Promise<R>,
  edgeTags?: readonly string[],
): Promise<R | PrivateAnswer<R> | EdgeCached<R>> {
  const customer = await accounts.optionalCustomer(req, token);
  if (customer) return new PrivateAnswer(await read(customer.group_id));
  const result = await read(undefined);
  return edgeTags ? new EdgeCached(result, edgeTags) : result;
}
