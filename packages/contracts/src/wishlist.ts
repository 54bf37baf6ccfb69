import { WISHLIST_MAX } from '@shop/domain';
import { z } from 'zod';
import { text } from './strings.ts';

/**
 * The signed-in customer's wishlist on the server (shopping.md §3 "Wishlist": products by sku,
 * qty fixed at 1; issue #19, ADR 0021). The browser keeps its own copy and merges it in at login.
 */

export const wishlistSku = text().trim().min(1, 'sku must not be empty').max(64, 'sku must have at most 64 characters');

/** `POST /api/wishlist/items`: adds these SKUs (those already there keep their place). */
export const wishlistAddBody = z.object({ skus: z.array(wishlistSku).min(1, 'skus must list at least one sku').max(WISHLIST_MAX, `skus may list at most ${WISHLIST_MAX}`) });

export const wishlistItem = z.object({ sku: z.string(), qty: z.literal(1) });
export const wishlistAnswer = z.object({ items: z.array(wishlistItem) });

export type WishlistAnswer = z.infer<typeof wishlistAnswer>;
