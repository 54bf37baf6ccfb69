import { ApiError } from '../api.ts';
import { centsToInput, localInputToIso, parseEuros, toLocalInput } from '../format.ts';
import { t } from '../i18n/translate.ts';
import type { AdminCoupon, AdminCouponCreateBody } from '@shop/contracts';

/** The coupon dialog's fields as typed: euros and percents the Italian way, dates as the browser's local time. */
export interface CouponForm {
  code: string;
  description: string;
  discountType: 'fixed' | 'percent';
  value: string;
  categoryIds: string;
  minSubtotal: string;
  validFrom: string;
  validTo: string;
  usageLimit: string;
  usagePerCustomer: string;
  active: boolean;
}

export function formOf(coupon: AdminCoupon | null): CouponForm {
  if (!coupon) return { code: '', description: '', discountType: 'percent', value: '', categoryIds: '', minSubtotal: '', validFrom: '', validTo: '', usageLimit: '', usagePerCustomer: '', active: true };
  return {
    code: coupon.code,
    description: coupon.description,
    discountType: coupon.discountType,
    value: coupon.discountType === 'fixed' ? centsToInput(coupon.discountValue) : String(coupon.discountValue / 100).replace('.', ','),
    categoryIds: (coupon.categoryIds ?? []).join(', '),
    minSubtotal: coupon.minSubtotalCents ? centsToInput(coupon.minSubtotalCents) : '',
    validFrom: toLocalInput(coupon.validFrom),
    validTo: toLocalInput(coupon.validTo),
    usageLimit: coupon.usageLimit === null ? '' : String(coupon.usageLimit),
    usagePerCustomer: coupon.usagePerCustomer === null ? '' : String(coupon.usagePerCustomer),
    active: coupon.active,
  };
}

const refuse = (key: string): never => {
  throw new ApiError(422, t(key));
};

/** "12,5" → 1250 hundredths of a percent, else null. */
function parsePercent(input: string): number | null {
  const plain = input.trim().replace(/\s|%/g, '').replace(',', '.');
  return /^\d{1,3}(\.\d{1,2})?$/.test(plain) ? Math.round(Number(plain) * 100) : null;
}

const optionalCount = (input: string, key: string) => {
  if (input.trim() === '') return null;
  return /^\d{1,9}$/.test(input.trim()) ? Number(input.trim()) : refuse(key);
};

/** The form's label of each field the API names at the start of its refusals (`code: esiste già…`). */
const LABEL_KEYS: Record<string, (form: CouponForm) => string> = {
  code: () => 'coupons.field.code',
  description: () => 'coupons.field.description',
  discountType: () => 'coupons.field.type',
  discountValue: (form) => `coupons.field.${form.discountType}`,
  categoryIds: () => 'coupons.field.categoryIds',
  minSubtotalCents: () => 'coupons.field.minSubtotal',
  validFrom: () => 'coupons.field.validFrom',
  validTo: () => 'coupons.field.validTo',
  usageLimit: () => 'coupons.field.usageLimit',
  usagePerCustomer: () => 'coupons.field.usagePerCustomer',
  active: () => 'coupons.field.active',
};

/**
 * The API's refusal as the dialog shows it: the field the API names for programs (`code`,
 * `validTo`) becomes the label the seller sees beside the field (`Codice`, `Valido fino al`).
 */
export function refusalOf(error: unknown, form: CouponForm): unknown {
  if (!(error instanceof ApiError)) return error;
  const [, field, rest] = /^(\w+): ([\s\S]*)$/.exec(error.message) ?? [];
  const key = field ? LABEL_KEYS[field] : undefined;
  return key ? new ApiError(error.statusCode, `${t(key(form))}: ${rest}`) : error;
}

/** The request body of a form, or an error naming the field to correct (the API checks the rest: 100 %, the window, the code). */
export function bodyOf(form: CouponForm): AdminCouponCreateBody {
  const value = form.discountType === 'fixed' ? parseEuros(form.value) : parsePercent(form.value);
  if (value === null) refuse(form.discountType === 'fixed' ? 'coupons.bad.amount' : 'coupons.bad.percent');
  const ids = form.categoryIds.split(/[\s,;]+/).filter(Boolean);
  if (ids.some((id) => !/^\d{1,9}$/.test(id))) refuse('coupons.bad.categories');
  const minSubtotal = form.minSubtotal.trim() === '' ? 0 : parseEuros(form.minSubtotal);
  if (minSubtotal === null) refuse('coupons.bad.minSubtotal');
  return {
    code: form.code.trim(),
    description: form.description.trim(),
    discountType: form.discountType,
    discountValue: value!,
    categoryIds: ids.length ? ids.map(Number) : null,
    minSubtotalCents: minSubtotal!,
    validFrom: localInputToIso(form.validFrom),
    validTo: localInputToIso(form.validTo),
    usageLimit: optionalCount(form.usageLimit, 'coupons.bad.usageLimit'),
    usagePerCustomer: optionalCount(form.usagePerCustomer, 'coupons.bad.usagePerCustomer'),
    active: form.active,
  };
}
