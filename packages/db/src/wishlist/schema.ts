import type { ColumnType } from 'kysely';

/** One product on a customer's wishlist (migration 0013-wishlist). */
export interface WishlistItemTable {
  customer_id: number;
  sku: string;
  added_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface WishlistTables {
  wishlist_item: WishlistItemTable;
}
