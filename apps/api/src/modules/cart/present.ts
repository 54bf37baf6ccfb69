import type { CartTotals, FeeOption, FeesResult, PaymentMethod, ServerCartItem, ShippingMethod } from '@shop/contracts';
import { toStockItem, type FeeRow, type PaymentMethodRow, type ShippingMethodRow } from '@shop/db';
import { feeOptionAmount, fromCents, lineMaxQty, percentOf, stockStatusOf, totalSegments, type Cents } from '@shop/domain';
import { feeOptionPrice, hundredths, type Evaluation, type PricedItem } from './evaluate.ts';

/** Answers in euros, 2 decimals, from the cents the cart computed. */

export function presentItem(item: PricedItem, cartToken: string): ServerCartItem {
  const { row, line } = item;
  const stock = line && !item.problem ? toStockItem(row.sku, 0, line.stock) : null;
  return {
    item_id: row.id,
    sku: row.sku,
    qty: row.qty,
    name: line?.name ?? row.sku,
    price: fromCents(line?.unitNet ?? 0),
    product_type: line?.productType ?? 'simple',
    quote_id: cartToken,
    ...(row.product_option ? { product_option: row.product_option as ServerCartItem['product_option'] } : {}),
    stock_status: stock ? stockStatusOf(stock) : 'out_of_stock',
    max_qty: stock ? lineMaxQty(stock) : 0,
  };
}

export function presentTotals(evaluation: Evaluation): CartTotals {
  const t = evaluation.totals;
  const segments = totalSegments(t, {
    shipping: evaluation.shippingMethod?.method_title ?? null,
    surcharge: evaluation.paymentMethod && evaluation.paymentMethod.cost_cents > 0 ? evaluation.paymentMethod.title : null,
  });
  return {
    grand_total: fromCents(t.grandTotal),
    subtotal: fromCents(t.subtotal),
    subtotal_incl_tax: fromCents(t.subtotalInclTax),
    discount_amount: fromCents(-t.discount),
    shipping_amount: fromCents(t.shipping),
    shipping_incl_tax: fromCents(t.shippingInclTax),
    tax_amount: fromCents(t.tax),
    ...(t.couponCode ? { coupon_code: t.couponCode } : {}),
    quote_currency_code: 'EUR',
    items_qty: t.itemsQty,
    items: t.items.map((item) => ({
      item_id: item.id,
      sku: item.sku,
      name: item.name,
      qty: item.qty,
      price: fromCents(item.price),
      price_incl_tax: fromCents(item.priceInclTax),
      row_total: fromCents(item.rowTotal),
      row_total_incl_tax: fromCents(item.rowTotalInclTax),
      discount_amount: fromCents(item.discount),
      tax_amount: fromCents(item.tax),
      tax_percent: item.taxPercent,
      product_fee_amount: fromCents(item.productFee),
      options: [...item.options],
      extension_attributes: { amasty_promo: [] },
    })),
    total_segments: segments.map((s) => ({ ...s, value: fromCents(s.value) })),
  };
}

export function presentPaymentMethod(method: PaymentMethodRow, serviceTaxRate: number, test = false): PaymentMethod {
  return {
    code: method.code,
    title: method.title,
    cost: fromCents(method.cost_cents),
    cost_incl_tax: fromCents(method.cost_cents + percentOf(method.cost_cents, serviceTaxRate)),
    default: method.is_default,
    offline: method.offline,
    is_server_method: method.is_server_method,
    ...(test ? { test: true } : {}),
  };
}

export function presentShippingMethod(method: ShippingMethodRow, net: Cents, serviceTaxRate: number): ShippingMethod {
  const gross = net + percentOf(net, serviceTaxRate);
  return {
    carrier_code: method.carrier_code,
    method_code: method.method_code,
    carrier_title: method.carrier_title,
    method_title: method.method_title,
    amount: fromCents(gross),
    price_excl_tax: fromCents(net),
    price_incl_tax: fromCents(gross),
    available: true,
    error_message: '',
    offline: false,
    default: method.is_default,
  };
}

/** One fee's details with each option priced on `base` cents (a line's row or the cart's subtotal). */
export function presentFee(fee: FeeRow, selected: readonly number[], base: Cents, qty: number): FeesResult[number]['feesDetails'][number] {
  return {
    fee_id: fee.id,
    title: fee.title,
    description: fee.description,
    options: fee.options.map(
      (option): FeeOption => ({
        fee_id: fee.id,
        fee_option_id: option.id,
        title: option.title,
        price: hundredths(option.price_hundredths),
        price_type: option.price_type,
        description: option.description,
        amount: fromCents(feeOptionAmount(feeOptionPrice(option), base, qty)),
        selected: selected.includes(option.id),
      }),
    ),
  };
}
