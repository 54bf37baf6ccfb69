import { percentOf, sumCents, type Cents } from '../money.ts';
import { couponLineDiscounts, couponProblem, type CouponRule } from './coupon.ts';

/**
 * Cart totals in integer cents. THE rounding rule (ADR 0009): amounts excluding tax are exact
 * cents (unit price × qty); each tax is rounded once, half away from zero (money.ts roundTo), on
 * a whole row after its discount and on each service amount (shipping, delivery fees, product
 * fees, payment surcharge); the tax total is the sum of those rounded taxes; the grand total is
 * the sum of the net segments minus the discount plus the tax. Nothing is rounded twice, so every
 * figure shown adds up to the grand total exactly.
 */

export interface TotalsLine {
  id: number;
  sku: string;
  name: string;
  qty: number;
  /** Unit price excluding tax (special prices and option prices included). */
  unitNet: Cents;
  taxRate: number;
  categoryIds: readonly number[];
  options: readonly { label: string; value: string }[];
  /** Selected product fees of the whole line, excluding tax. */
  productFee: Cents;
}

export interface TotalsInput {
  lines: readonly TotalsLine[];
  /** Net shipping price; null when no method is chosen or nothing ships. */
  shipping: Cents | null;
  /** Selected delivery services (shipping fees), net. */
  shippingFee: Cents;
  /** Cost of the chosen payment method, net. */
  surcharge: Cents;
  /** VAT rate of services: shipping, fees and surcharge (the standard rate). */
  serviceTaxRate: number;
  coupon: CouponRule | null;
  now: Date;
}

export interface LineTotals {
  id: number;
  sku: string;
  name: string;
  qty: number;
  price: Cents;
  /** Unit price with its own tax, for display. */
  priceInclTax: Cents;
  rowTotal: Cents;
  /** Row with the tax of the undiscounted row, for display. */
  rowTotalInclTax: Cents;
  discount: Cents;
  /** Tax charged on the row after its discount. */
  tax: Cents;
  taxPercent: number;
  productFee: Cents;
  options: readonly { label: string; value: string }[];
}

export interface CartTotalsCents {
  items: LineTotals[];
  itemsQty: number;
  subtotal: Cents;
  subtotalInclTax: Cents;
  /** Positive amount taken off the subtotal. */
  discount: Cents;
  /** The coupon code when one is attached; `couponActive` says whether it discounts now. */
  couponCode: string | null;
  couponActive: boolean;
  shipping: Cents;
  shippingInclTax: Cents;
  shippingFee: Cents;
  productFee: Cents;
  surcharge: Cents;
  tax: Cents;
  grandTotal: Cents;
}

export function computeCartTotals(input: TotalsInput): CartTotalsCents {
  const rows = input.lines.map((line) => line.unitNet * line.qty);
  const subtotal = sumCents(rows);
  const couponActive = input.coupon !== null && couponProblem(input.coupon, subtotal, input.now) === null;
  const discounts =
    couponActive && input.coupon
      ? couponLineDiscounts(input.coupon, input.lines.map((line, i) => ({ rowTotal: rows[i]!, categoryIds: line.categoryIds })))
      : rows.map(() => 0);

  const items = input.lines.map((line, i): LineTotals => {
    const rowTotal = rows[i]!;
    return {
      id: line.id,
      sku: line.sku,
      name: line.name,
      qty: line.qty,
      price: line.unitNet,
      priceInclTax: line.unitNet + percentOf(line.unitNet, line.taxRate),
      rowTotal,
      rowTotalInclTax: rowTotal + percentOf(rowTotal, line.taxRate),
      discount: discounts[i]!,
      tax: percentOf(rowTotal - discounts[i]!, line.taxRate),
      taxPercent: line.taxRate,
      productFee: line.productFee,
      options: line.options,
    };
  });

  const shipping = input.shipping ?? 0;
  const productFee = sumCents(items.map((item) => item.productFee));
  const serviceTax = (amount: Cents) => percentOf(amount, input.serviceTaxRate);
  const shippingTax = serviceTax(shipping);
  const tax =
    sumCents(items.map((item) => item.tax)) +
    shippingTax +
    serviceTax(input.shippingFee) +
    serviceTax(productFee) +
    serviceTax(input.surcharge);
  const discount = sumCents(discounts);
  return {
    items,
    itemsQty: sumCents(items.map((item) => item.qty)),
    subtotal,
    subtotalInclTax: sumCents(items.map((item) => item.rowTotalInclTax)),
    discount,
    couponCode: input.coupon?.code ?? null,
    couponActive,
    shipping,
    shippingInclTax: shipping + shippingTax,
    shippingFee: input.shippingFee,
    productFee,
    surcharge: input.surcharge,
    tax,
    grandTotal: subtotal - discount + shipping + input.shippingFee + productFee + input.surcharge + tax,
  };
}

export type TotalSegmentCode =
  | 'subtotal'
  | 'shipping'
  | 'shipping_fee'
  | 'product_fee'
  | 'surcharge'
  | 'discount'
  | 'tax'
  | 'grand_total';

export interface TotalSegmentCents {
  code: TotalSegmentCode;
  title: string;
  value: Cents;
}

/**
 * The total segments, every one of them: the cart summary skips shipping and zero values
 * itself (shopping.md §2). Amounts exclude tax except tax and grand_total; discount is negative.
 */
export function totalSegments(totals: CartTotalsCents, titles: { shipping?: string | null; surcharge?: string | null }): TotalSegmentCents[] {
  return [
    { code: 'subtotal', title: 'Subtotale', value: totals.subtotal },
    { code: 'shipping', title: titles.shipping ? `Spedizione (${titles.shipping})` : 'Spedizione', value: totals.shipping },
    { code: 'shipping_fee', title: 'Servizi di consegna', value: totals.shippingFee },
    { code: 'product_fee', title: 'Servizi sui prodotti', value: totals.productFee },
    { code: 'surcharge', title: titles.surcharge ? `Costo pagamento (${titles.surcharge})` : 'Costo pagamento', value: totals.surcharge },
    { code: 'discount', title: totals.couponCode ? `Sconto (${totals.couponCode})` : 'Sconto', value: -totals.discount },
    { code: 'tax', title: 'IVA', value: totals.tax },
    { code: 'grand_total', title: 'Totale', value: totals.grandTotal },
  ];
}
