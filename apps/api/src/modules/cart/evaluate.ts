import type { CartFeeChoice, CartItemRow, CartRow, CouponRow, FeeRow, PaymentMethodRow, ShippingMethodRow } from '@shop/db';
import { couponRule } from '@shop/db';
import {
  computeCartTotals,
  feeOptionAmount,
  isPaymentAllowed,
  isVirtualCart,
  percentOf,
  shippingRate,
  type CartTotalsCents,
  type Cents,
  type ShippingRateRule,
  type ShippingSurchargeRule,
  type TotalsLine,
} from '@shop/domain';
import type { ResolvedLine } from './resolve-line.ts';

/** A stored line with its priced product (unavailable products have no `line`). */
export interface PricedItem<Row = CartItemRow> {
  row: Row;
  line: ResolvedLine | null;
  taxRate: number;
  /** Why the line cannot be bought now. */
  problem?: string;
}

export interface CartConfig {
  shipping: ShippingMethodRow[];
  payment: PaymentMethodRow[];
  fees: FeeRow[];
}

export interface EvaluationInput {
  cart: CartRow;
  items: PricedItem[];
  config: CartConfig;
  feeChoices: CartFeeChoice[];
  coupon: CouponRow | null;
  country: string;
  postcode: string | undefined;
  serviceTaxRate: number;
  now: Date;
}

export interface Evaluation {
  input: EvaluationInput;
  priced: (PricedItem & { line: ResolvedLine })[];
  virtual: boolean;
  categoryIds: number[];
  /** Totals before any payment surcharge: what payment rules judge. */
  beforePayment: CartTotalsCents;
  totals: CartTotalsCents;
  shippingMethod: ShippingMethodRow | null;
  paymentMethod: PaymentMethodRow | null;
}

export const hundredths = (value: number) => value / 100;

/** A fee option's price as the domain rules read it. */
export function feeOptionPrice(option: FeeRow['options'][number]) {
  return { price: hundredths(option.price_hundredths), price_type: option.price_type };
}

export function feeAppliesToLine(fee: FeeRow, line: ResolvedLine): boolean {
  if (fee.kind !== 'product' || isVirtualCart([line.productType])) return false;
  return fee.category_ids === null || line.categoryIds.some((id) => fee.category_ids!.includes(id));
}

/** The option ids chosen for a fee on a line (or on the cart: cartItemId 0). */
export function chosenOptionIds(choices: readonly CartFeeChoice[], cartItemId: number, feeId: number): number[] {
  return choices.find((c) => c.cartItemId === cartItemId && c.feeId === feeId)?.optionIds ?? [];
}

/** Selected options of `fee` for a line (or 0: the cart), priced on `base` cents. */
function selectedFeeAmount(input: EvaluationInput, fee: FeeRow, cartItemId: number, base: Cents, qty: number): Cents {
  const chosen = chosenOptionIds(input.feeChoices, cartItemId, fee.id);
  return fee.options
    .filter((option) => chosen.includes(option.id))
    .reduce((sum, option) => sum + feeOptionAmount(feeOptionPrice(option), base, qty), 0);
}

export function shippingRule(method: ShippingMethodRow): ShippingRateRule {
  return {
    countries: method.countries,
    price: method.price_cents,
    freeFrom: method.free_from_cents,
    surcharges: method.surcharges as ShippingSurchargeRule[],
  };
}

export const paymentRule = (method: PaymentMethodRow) => ({
  hideForVirtual: method.hide_for_virtual,
  maxGrandTotal: method.max_grand_total_cents,
});

/** Whether the method may be offered for this cart, judged on the grand total with its own cost. */
export function paymentAllowed(evaluation: Pick<Evaluation, 'virtual' | 'beforePayment' | 'input'>, method: PaymentMethodRow): boolean {
  const cost = method.cost_cents;
  const grandTotal = evaluation.beforePayment.grandTotal + cost + percentOf(cost, evaluation.input.serviceTaxRate);
  return isPaymentAllowed(paymentRule(method), { virtual: evaluation.virtual, grandTotal });
}

/**
 * The cart's totals from stored lines, choices and configuration: product fees per line, shipping
 * fees on the subtotal, shipping on the subtotal after discount, then the payment cost if the
 * chosen method is still allowed. Pure: the service loads, this computes.
 */
export function evaluateCart(input: EvaluationInput): Evaluation {
  const priced = input.items.filter((item): item is PricedItem & { line: ResolvedLine } => item.line !== null && !item.problem);
  const virtual = isVirtualCart(priced.map((item) => item.line.productType));
  const categoryIds = [...new Set(priced.flatMap((item) => item.line.categoryIds))];
  const lines: TotalsLine[] = priced.map(({ row, line, taxRate }) => {
    const rowNet = line.unitNet * row.qty;
    const productFee = input.config.fees
      .filter((fee) => feeAppliesToLine(fee, line))
      .reduce((sum, fee) => sum + selectedFeeAmount(input, fee, row.id, rowNet, row.qty), 0);
    return { id: row.id, sku: line.sku, name: line.name, qty: row.qty, unitNet: line.unitNet, taxRate, categoryIds: line.categoryIds, options: line.options, productFee };
  });
  const totalsWith = (shipping: Cents | null, shippingFee: Cents, surcharge: Cents) =>
    computeCartTotals({
      lines,
      shipping,
      shippingFee,
      surcharge,
      serviceTaxRate: input.serviceTaxRate,
      coupon: input.coupon ? couponRule(input.coupon) : null,
      now: input.now,
    });

  const goods = totalsWith(null, 0, 0);
  const shippingFee = virtual
    ? 0
    : input.config.fees
        .filter((fee) => fee.kind === 'shipping')
        .reduce((sum, fee) => sum + selectedFeeAmount(input, fee, 0, goods.subtotal, 1), 0);
  const chosenShipping = virtual
    ? undefined
    : input.config.shipping.find(
        (m) => m.carrier_code === input.cart.shipping_carrier_code && m.method_code === input.cart.shipping_method_code,
      );
  const shippingPrice = chosenShipping
    ? shippingRate(shippingRule(chosenShipping), {
        subtotalAfterDiscount: goods.subtotal - goods.discount,
        categoryIds,
        country: input.country,
        postcode: input.postcode,
      })
    : null;
  const shippingMethod = shippingPrice === null ? null : chosenShipping!;
  const beforePayment = totalsWith(shippingPrice, shippingFee, 0);

  const chosenPayment = input.config.payment.find((m) => m.code === input.cart.payment_method) ?? null;
  const paymentMethod = chosenPayment && paymentAllowed({ virtual, beforePayment, input }, chosenPayment) ? chosenPayment : null;
  const totals = paymentMethod ? totalsWith(shippingPrice, shippingFee, paymentMethod.cost_cents) : beforePayment;
  return { input, priced, virtual, categoryIds, beforePayment, totals, shippingMethod, paymentMethod };
}
