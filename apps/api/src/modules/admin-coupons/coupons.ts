import {
  ADMIN_COUPON_MESSAGES as M,
  couponRuleProblem,
  type AdminCoupon,
  type AdminCouponCreateBody,
  type AdminCouponListQuery,
  type AdminCouponPage,
  type AdminCouponPatchBody,
} from '@shop/contracts';
import { couponKey, intArray, type CouponRow, type Db } from '@shop/db';
import { HttpError } from '../../http/errors.ts';
import { recordAudit, type AuditActor } from '../admin/audit.ts';

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The fields together (a percent over 100, a window ending first): 400 naming the field. */
function checkRules(coupon: Parameters<typeof couponRuleProblem>[0]): void {
  const problem = couponRuleProblem(coupon);
  if (problem) throw new HttpError(400, `${problem.field}: ${problem.message}`);
}

function present(row: CouponRow): AdminCoupon {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    discountType: row.discount_type,
    discountValue: row.discount_hundredths,
    categoryIds: row.category_ids,
    minSubtotalCents: row.min_subtotal_cents,
    validFrom: iso(row.valid_from),
    validTo: iso(row.valid_to),
    usageLimit: row.usage_limit,
    usagePerCustomer: row.usage_per_customer,
    timesUsed: row.times_used,
    active: row.active,
  };
}

/** The columns of the fields a body names (a PATCH names some). */
function columnsOf(body: AdminCouponPatchBody) {
  return {
    ...(body.code !== undefined ? { code: body.code, code_key: couponKey(body.code) } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.discountType !== undefined ? { discount_type: body.discountType } : {}),
    ...(body.discountValue !== undefined ? { discount_hundredths: body.discountValue } : {}),
    ...(body.categoryIds !== undefined ? { category_ids: body.categoryIds === null ? null : intArray([...new Set(body.categoryIds)]) } : {}),
    ...(body.minSubtotalCents !== undefined ? { min_subtotal_cents: body.minSubtotalCents } : {}),
    ...(body.validFrom !== undefined ? { valid_from: body.validFrom } : {}),
    ...(body.validTo !== undefined ? { valid_to: body.validTo } : {}),
    ...(body.usageLimit !== undefined ? { usage_limit: body.usageLimit } : {}),
    ...(body.usagePerCustomer !== undefined ? { usage_per_customer: body.usagePerCustomer } : {}),
    ...(body.active !== undefined ? { active: body.active } : {}),
  };
}

/**
 * The seller's coupons (issue #45 point 3): the same rows the cart applies and orders count, so a
 * coupon saved here is live at once and a deactivated one is refused at the next try. Every write
 * is audited in its own transaction.
 */
export class AdminCoupons {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async list(query: AdminCouponListQuery): Promise<AdminCouponPage> {
    let select = this.db.selectFrom('coupon');
    // code_key is the upper-cased code: a search in any case is a LIKE on it, its wildcards escaped.
    if (query.q) select = select.where('code_key', 'like', `%${couponKey(query.q).replace(/[\\%_]/g, '\\$&')}%`);
    if (query.active) select = select.where('active', '=', query.active === 'true');
    const [rows, count] = await Promise.all([
      select.selectAll().orderBy('code_key').limit(query.limit).offset((query.page - 1) * query.limit).execute(),
      select.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map(present), total: Number(count.n) };
  }

  async get(id: number): Promise<AdminCoupon> {
    const row = await this.db.selectFrom('coupon').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new HttpError(404, M.notFound);
    return present(row);
  }

  async create(body: AdminCouponCreateBody, actor: AuditActor): Promise<AdminCoupon> {
    checkRules(body);
    const at = this.now();
    return this.write(async (trx) => {
      await this.checkCode(trx, body.code);
      await this.checkCategories(trx, body.categoryIds);
      const row = await trx.insertInto('coupon').values({ ...columnsOf(body), code: body.code, code_key: couponKey(body.code), discount_type: body.discountType, discount_hundredths: body.discountValue }).returningAll().executeTakeFirstOrThrow();
      const created = present(row);
      await recordAudit(trx, actor, { action: 'coupon.create', objectType: 'coupon', objectId: String(row.id), before: null, after: created }, at);
      return created;
    });
  }

  async update(id: number, body: AdminCouponPatchBody, actor: AuditActor): Promise<AdminCoupon> {
    const at = this.now();
    return this.write(async (trx) => {
      const row = await trx.selectFrom('coupon').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!row) throw new HttpError(404, M.notFound);
      const before = present(row);
      checkRules({ ...before, ...body });
      if (body.code !== undefined && couponKey(body.code) !== row.code_key) await this.checkCode(trx, body.code);
      if (body.categoryIds !== undefined) await this.checkCategories(trx, body.categoryIds);
      const columns = columnsOf(body);
      if (Object.keys(columns).length === 0) return before;
      const after = present(await trx.updateTable('coupon').set(columns).where('id', '=', id).returningAll().executeTakeFirstOrThrow());
      await recordAudit(trx, actor, { action: 'coupon.update', objectType: 'coupon', objectId: String(id), before, after }, at);
      return after;
    });
  }

  /** A transaction whose clash on the code (two sellers saving one code at once) is the same 409 as the check's. */
  private async write<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction().execute(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, M.codeTaken);
      throw error;
    }
  }

  private async checkCode(trx: Db, code: string): Promise<void> {
    const clash = await trx.selectFrom('coupon').select('id').where('code_key', '=', couponKey(code)).executeTakeFirst();
    if (clash) throw new HttpError(409, M.codeTaken);
  }

  private async checkCategories(trx: Db, ids: readonly number[] | null): Promise<void> {
    if (!ids || ids.length === 0) return;
    const found = await trx.selectFrom('category').select('id').where('id', 'in', [...ids]).execute();
    const known = new Set(found.map((c) => c.id));
    const missing = ids.find((id) => !known.has(id));
    if (missing !== undefined) throw new HttpError(400, M.unknownCategory.replace('{id}', String(missing)));
  }
}

/** A `:id` of the path, or 404 (it names no coupon). */
export function couponIdOf(raw: string | undefined): number {
  if (!raw || !/^\d{1,9}$/.test(raw)) throw new HttpError(404, M.notFound);
  return Number(raw);
}

