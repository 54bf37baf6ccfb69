import type { Selectable } from 'kysely';
import type { Db } from '../connect.ts';
import type { FeeOptionTable, FeeTable, PaymentMethodTable, ShippingMethodTable } from './schema.ts';

export type ShippingMethodRow = Selectable<ShippingMethodTable>;
export type PaymentMethodRow = Selectable<PaymentMethodTable>;
export type FeeRow = Selectable<FeeTable> & { options: Selectable<FeeOptionTable>[] };

/** The shop's active shipping methods, in display order. */
export async function listShippingMethods(db: Db): Promise<ShippingMethodRow[]> {
  return db.selectFrom('shipping_method').selectAll().where('active', '=', true).orderBy('position').orderBy('carrier_code').execute();
}

/** The shop's active payment methods, in display order. */
export async function listPaymentMethods(db: Db): Promise<PaymentMethodRow[]> {
  return db.selectFrom('payment_method').selectAll().where('active', '=', true).orderBy('position').orderBy('code').execute();
}

/** Active fees with their options, in display order. */
export async function listFees(db: Db): Promise<FeeRow[]> {
  const [fees, options] = await Promise.all([
    db.selectFrom('fee').selectAll().where('active', '=', true).orderBy('position').orderBy('id').execute(),
    db.selectFrom('fee_option').selectAll().orderBy('position').orderBy('id').execute(),
  ]);
  return fees.map((fee) => ({ ...fee, options: options.filter((option) => option.fee_id === fee.id) }));
}
