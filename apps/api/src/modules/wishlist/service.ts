import type { WishlistAnswer } from '@shop/contracts';
import { deleteWishlistItems, findWishlist, insertWishlistItems, type CustomerRow, type Db } from '@shop/db';
import { WISHLIST_MAX } from '@shop/domain';
import { HttpError } from '../../http/errors.ts';

const answer = (skus: readonly string[]): WishlistAnswer => ({ items: skus.map((sku) => ({ sku, qty: 1 as const })) });

/**
 * The signed-in customer's wishlist (issue #19, ADR 0021): SKUs of catalogue products, at most
 * WISHLIST_MAX. Every call answers the whole list, which the browser adopts as its copy.
 */
export class WishlistService {
  constructor(private readonly db: Db) {}

  async list(customer: CustomerRow): Promise<WishlistAnswer> {
    return answer(await findWishlist(this.db, customer.id));
  }

  /** Adds products; SKUs not in the catalogue are left out (a list kept in a browser may name a product since removed). */
  async add(customer: CustomerRow, skus: readonly string[]): Promise<WishlistAnswer> {
    const wanted = [...new Set(skus)];
    const known = await this.db.selectFrom('product').select('sku').where('sku', 'in', wanted).execute();
    const knownSet = new Set(known.map((row) => row.sku));
    const current = await findWishlist(this.db, customer.id);
    const fresh = wanted.filter((sku) => knownSet.has(sku) && !current.includes(sku));
    if (current.length + fresh.length > WISHLIST_MAX) throw new HttpError(400, `A wishlist holds at most ${WISHLIST_MAX} products`);
    await insertWishlistItems(this.db, customer.id, fresh);
    return answer([...current, ...fresh]);
  }

  async remove(customer: CustomerRow, skus: readonly string[] | 'all'): Promise<WishlistAnswer> {
    await deleteWishlistItems(this.db, customer.id, skus);
    return this.list(customer);
  }
}
