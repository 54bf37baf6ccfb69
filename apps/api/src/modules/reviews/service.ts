import type { ReviewCreateBody } from '@shop/contracts';
import { findCustomerReviews, insertCustomerReview, REVIEW_PENDING, type CustomerRow, type Db } from '@shop/db';
import { plainText, productUrl, type ReviewDoc } from '@shop/domain';
import { HttpError, tooManyRequests } from '../../http/errors.ts';
import { databaseRateLimiter } from '../../http/database-rate-limiter.ts';
import { RateLimiterRes } from 'rate-limiter-flexible';

/** Reviews one client address may send an hour: a person writes a few; a script is stopped. */
export const REVIEWS_PER_HOUR = 10;
export const ALREADY_REVIEWED = 'You have already reviewed this product.';
export const REVIEW_RATE_MESSAGE = 'Too many reviews from this address. Please try again in {minutes} minutes.';

/** 'YYYY-MM-DD HH:mm:ss' (UTC), the catalogue's review date format. */
const vsfNow = (now: Date) => now.toISOString().slice(0, 19).replace('T', ' ');

/**
 * Reviews written in the shop (issue #19, ADR 0021): by signed-in customers, one per product,
 * stored as plain text (plainText: no markup even for clients that would render it as HTML),
 * pending until the staff approves it in the back office or with `npm run review:approve`
 * (modules/admin-reviews), when it shows on the product page with the rating in the JSON-LD.
 */
export class ReviewService {
  private readonly perAddress;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.perAddress = databaseRateLimiter(db, 'review-address', REVIEWS_PER_HOUR, 3600);
  }

  /** A review by the signed-in customer, or a guest's (customer undefined: VSF1 sends none), pending either way. */
  async create(customer: CustomerRow | undefined, body: ReviewCreateBody['review'], clientAddress: string): Promise<ReviewDoc> {
    const fields = { title: plainText(body.title), detail: plainText(body.detail), nickname: plainText(body.nickname) };
    for (const [name, value] of Object.entries(fields)) {
      if (value.length < (name === 'title' ? 1 : 2)) throw new HttpError(400, `review.${name}: must hold text, not only markup`);
    }
    const product = await this.db.selectFrom('product').select('id').where('id', '=', body.product_id).executeTakeFirst();
    if (!product) throw new HttpError(404, 'Product not found');
    try {
      await this.perAddress.consume(clientAddress);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw tooManyRequests(REVIEW_RATE_MESSAGE, error.msBeforeNext);
      throw error;
    }
    const review = await insertCustomerReview(this.db, customer?.id ?? null, {
      product_id: body.product_id,
      ...fields,
      review_entity: 'product',
      review_status: REVIEW_PENDING,
      created_at: vsfNow(this.now()),
      ...(body.rating ? { ratings: [{ percent: body.rating * 20, value: body.rating, rating_code: 'Rating' }] } : {}),
    });
    if (!review) throw new HttpError(409, ALREADY_REVIEWED);
    return review;
  }

  /** The customer's reviews, newest first, each with the product it is about (null when it left the catalogue). */
  async mine(customer: CustomerRow) {
    const reviews = await findCustomerReviews(this.db, customer.id);
    const ids = [...new Set(reviews.map((r) => r.product_id))];
    const products = ids.length === 0 ? [] : await this.db.selectFrom('product').select(['id', 'sku', 'name', 'slug']).where('id', 'in', ids).execute();
    const byId = new Map(products.map((p) => [p.id, { sku: p.sku, name: p.name, url: productUrl({ parentSku: p.sku, slug: p.slug }) }]));
    return reviews.map((review) => ({ ...review, product: byId.get(review.product_id) ?? null }));
  }
}
