import { buyerOf, type BankTransferInstructions, type OrderAddress, type OrderViewInput, type OrderView } from '@shop/contracts';
import { feeOptionAmount, fromCents, percentOf, type Cents } from '@shop/domain';
import { chosenOptionIds, feeAppliesToLine, feeOptionPrice, type Evaluation } from '../cart/evaluate.ts';
import { presentTotals } from '../cart/present.ts';
import type { PaymentStart } from '../payments/provider.ts';

/** Euros incl. VAT of a net service amount (fees and payment costs are taxed at the service rate). */
const gross = (net: Cents, rate: number) => fromCents(net + percentOf(net, rate));

/** The chosen delivery services and product fees of the order, one per option, net: the invoice's lines. */
export function orderFeeLines(evaluation: Evaluation): { title: string; netCents: Cents }[] {
  const { input, priced, totals } = evaluation;
  const fees: { title: string; netCents: Cents }[] = [];
  for (const fee of input.config.fees) {
    if (fee.kind === 'shipping' && !evaluation.virtual) {
      const chosen = chosenOptionIds(input.feeChoices, 0, fee.id);
      for (const option of fee.options.filter((o) => chosen.includes(o.id))) {
        fees.push({ title: option.title, netCents: feeOptionAmount(feeOptionPrice(option), totals.subtotal, 1) });
      }
    }
    if (fee.kind === 'product') {
      for (const { row, line } of priced.filter((item) => feeAppliesToLine(fee, item.line))) {
        const chosen = chosenOptionIds(input.feeChoices, row.id, fee.id);
        for (const option of fee.options.filter((o) => chosen.includes(o.id))) {
          fees.push({ title: `${option.title} (${line.name})`, netCents: feeOptionAmount(feeOptionPrice(option), line.unitNet * row.qty, row.qty) });
        }
      }
    }
  }
  return fees;
}

/** The extra services of the order, as titles with amounts incl. VAT: delivery services, product fees, the payment cost. */
export function orderFees(evaluation: Evaluation): OrderViewInput['fees'] {
  const rate = evaluation.input.serviceTaxRate;
  const fees: OrderViewInput['fees'] = orderFeeLines(evaluation).map((fee) => ({ title: fee.title, amount: gross(fee.netCents, rate) }));
  const payment = evaluation.paymentMethod;
  if (payment && payment.cost_cents > 0) fees.push({ title: payment.title, amount: gross(payment.cost_cents, rate) });
  return fees;
}

/** A checked address as the view takes it (its custom attributes as a plain record). */
const viewAddress = (address: OrderAddress): OrderViewInput['shippingAddress'] => ({
  ...address,
  custom_attributes: { ...address.custom_attributes } as Record<string, string | boolean>,
});

export interface OrderViewParts {
  incrementId: string;
  createdAt: Date;
  email: string;
  accountRequested: boolean;
  /** The account asked for with the purchase, once made or found (orders/service.ts). */
  account?: OrderView['account'];
  shippingAddress: OrderAddress;
  billingAddress: OrderAddress;
  evaluation: Evaluation;
  paymentTitle: string;
  fatturapaCode: OrderView['payment']['fatturapaCode'];
  start: PaymentStart;
}

/** The order as its owner sees it, built once when it is placed and kept with it. */
export function buildOrderView(parts: OrderViewParts): OrderViewInput {
  const { evaluation, start } = parts;
  const totals = presentTotals(evaluation);
  const method = evaluation.shippingMethod;
  const instructions: BankTransferInstructions | undefined = start.instructions;
  return {
    incrementId: parts.incrementId,
    status: start.orderStatus,
    createdAt: parts.createdAt.toISOString(),
    email: parts.email,
    isGuest: true,
    accountRequested: parts.accountRequested,
    ...(parts.account ? { account: parts.account } : {}),
    buyer: buyerOf(parts.billingAddress, parts.shippingAddress),
    shippingAddress: viewAddress(parts.shippingAddress),
    billingAddress: viewAddress(parts.billingAddress),
    shippingMethod: method
      ? { carrierCode: method.carrier_code, methodCode: method.method_code, title: `${method.carrier_title} (${method.method_title})` }
      : { carrierCode: '', methodCode: '', title: '' },
    payment: {
      method: evaluation.paymentMethod?.code ?? '',
      title: parts.paymentTitle,
      fatturapaCode: parts.fatturapaCode,
      status: start.paymentStatus,
      ...(instructions ? { instructions } : {}),
    },
    items: totals.items.map((item) => ({
      sku: item.sku,
      name: item.name,
      qty: item.qty,
      price: item.price_incl_tax,
      rowTotal: item.row_total_incl_tax,
      priceExclTax: item.price,
      rowTotalExclTax: item.row_total,
      taxPercent: item.tax_percent,
      options: item.options.map((option) => `${option.label}: ${option.value}`),
    })),
    fees: orderFees(evaluation),
    totalSegments: totals.total_segments,
    grandTotal: totals.grand_total,
    currency: 'EUR',
  };
}
