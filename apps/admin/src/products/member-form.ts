import type { AdminProductMember, ProductPatch } from '@shop/contracts';
import { ApiError } from '../api.ts';
import { centsToInput, parseEuros, parseQuantity, quantityInput } from '../format.ts';
import { t } from '../i18n/translate.ts';

/** A child's, bundle product's or grouped member's price and stock as typed in its row. */
export interface MemberForm {
  price: string;
  qty: string;
}

export const memberFormOf = (member: AdminProductMember): MemberForm => ({ price: centsToInput(member.priceCents), qty: quantityInput(member.stock.qty) });

/** The PATCH of the member's own SKU: what changed of price and stock; a value that cannot be read is refused naming the product. */
export function memberPatchOf(form: MemberForm, member: AdminProductMember): ProductPatch {
  const price = parseEuros(form.price);
  if (price === null) throw new ApiError(422, t('products.members.bad.price', { sku: member.sku }));
  const qty = parseQuantity(form.qty);
  if (qty === null) throw new ApiError(422, t('products.members.bad.qty', { sku: member.sku }));
  return { ...(price !== member.priceCents ? { priceCents: price } : {}), ...(qty !== member.stock.qty ? { qty } : {}) };
}
