import type { Db } from '../connect.ts';
import { intArray } from '../sql-values.ts';

export interface CartFeeChoice {
  /** 0 for the cart's shipping fees. */
  cartItemId: number;
  feeId: number;
  optionIds: number[];
}

/** Replaces the selected options of one fee on a line (or on the cart); none selected deletes the row. */
export async function setCartFee(db: Db, cartId: number, choice: CartFeeChoice): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('cart_fee')
      .where('cart_id', '=', cartId)
      .where('cart_item_id', '=', choice.cartItemId)
      .where('fee_id', '=', choice.feeId)
      .execute();
    if (choice.optionIds.length === 0) return;
    await trx
      .insertInto('cart_fee')
      .values({ cart_id: cartId, cart_item_id: choice.cartItemId, fee_id: choice.feeId, option_ids: intArray(choice.optionIds) })
      .execute();
  });
}
