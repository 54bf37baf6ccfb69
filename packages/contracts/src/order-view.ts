import { z } from 'zod';
import { totalSegment } from './cart.ts';
import { orderAddressFields } from './checkout.ts';

/**
 * An order as its owner sees it: the answer of `GET /api/order/:incrementId?key=…`, the `order`
 * of a successful `POST /api/order`, and the input of the order mails. Money in euros including
 * tax (computed by the server from integer cents); dates ISO 8601.
 */

/** `closed`: refunded whole after payment (issue 44). */
export const orderStatuses = ['pending_payment', 'processing', 'canceled', 'expired', 'complete', 'closed'] as const;
export const orderStatus = z.enum(orderStatuses);
export type OrderStatus = z.infer<typeof orderStatus>;

export const paymentStatuses = ['pending', 'paid', 'canceled', 'expired', 'partially_refunded', 'refunded'] as const;
export const paymentStatus = z.enum(paymentStatuses);
export type PaymentStatus = z.infer<typeof paymentStatus>;

/** How far an order has gone out: derived from its shipments (issue 44). */
export const shippingStatuses = ['not_shipped', 'partially_shipped', 'shipped'] as const;
export const shippingStatus = z.enum(shippingStatuses);
export type ShippingStatus = z.infer<typeof shippingStatus>;

/** A dispatch of the order's goods as its buyer sees it: carrier, tracking, what it carried. */
export const orderViewShipment = z.object({
  createdAt: z.string(),
  carrier: z.string(),
  trackingNumber: z.string(),
  trackingUrl: z.string().nullable(),
  parcels: z.number().int(),
  lines: z.array(z.object({ sku: z.string(), name: z.string(), qty: z.number().int() })),
});
export type OrderViewShipment = z.infer<typeof orderViewShipment>;

/** FatturaPA ModalitaPagamento: MP01 cash (on delivery), MP05 bank transfer, MP08 card. */
export const fatturapaPaymentCode = z.enum(['MP01', 'MP05', 'MP08']);
export type FatturapaPaymentCode = z.infer<typeof fatturapaPaymentCode>;

/** What a bank-transfer buyer needs to pay: shown on the thank-you page and in the mail. */
export const bankTransferInstructions = z.object({
  iban: z.string(),
  beneficiary: z.string(),
  bank: z.string(),
  /** Payment reference (the order number). */
  reference: z.string(),
  /** Amount to transfer, euros. */
  amount: z.number(),
});
export type BankTransferInstructions = z.infer<typeof bankTransferInstructions>;

export const orderBuyer = z.object({
  isCompany: z.boolean(),
  company: z.string().optional(),
  activityType: z.number().int().optional(),
  fiscalCode: z.string().optional(),
  vatId: z.string().optional(),
  sdiCode: z.string().optional(),
  pecEmail: z.string().optional(),
});
export type OrderBuyer = z.infer<typeof orderBuyer>;

export const orderViewItem = z.object({
  sku: z.string(),
  name: z.string(),
  qty: z.number().int(),
  /** Unit price incl. tax, euros. */
  price: z.number(),
  /** Line total incl. tax, euros. */
  rowTotal: z.number(),
  /** Unit price and line total excl. tax, euros (the shop's convention, catalogue §1); absent in orders placed before issue 42. */
  priceExclTax: z.number().optional(),
  rowTotalExclTax: z.number().optional(),
  taxPercent: z.number(),
  /** Chosen options as "Label: value" texts. */
  options: z.array(z.string()),
});
export type OrderViewItem = z.infer<typeof orderViewItem>;

const netOf = (gross: number, taxPercent: number) => Math.round((gross * 100) / (1 + taxPercent / 100)) / 100;

/**
 * A line's amounts excluding VAT, as every order view shows them (issue 42: one convention per
 * view, the lines adding up to the subtotal). Orders placed before the net amounts were kept
 * have them worked back from the gross ones.
 */
export function netItemAmounts(item: OrderViewItem): { price: number; rowTotal: number } {
  return { price: item.priceExclTax ?? netOf(item.price, item.taxPercent), rowTotal: item.rowTotalExclTax ?? netOf(item.rowTotal, item.taxPercent) };
}

export const orderView = z
  .object({
    incrementId: z.string(),
    status: orderStatus,
    createdAt: z.string(),
    email: z.string(),
    isGuest: z.boolean(),
    accountRequested: z.boolean(),
    /**
     * The account asked for with the purchase: `created` with the chosen password (the buyer is
     * signed in), `pending` (its password comes through the reset link), `exists` (the e-mail
     * already had one: a guest order, which the buyer links by signing in).
     */
    account: z.enum(['created', 'pending', 'exists']).optional(),
    buyer: orderBuyer,
    shippingAddress: orderAddressFields,
    billingAddress: orderAddressFields,
    shippingMethod: z.object({ carrierCode: z.string(), methodCode: z.string(), title: z.string() }),
    payment: z.object({
      method: z.string(),
      title: z.string(),
      fatturapaCode: fatturapaPaymentCode,
      status: paymentStatus,
      instructions: bankTransferInstructions.optional(),
    }),
    items: z.array(orderViewItem),
    /** Extra services (tail-lift, insurance, cash-on-delivery fee…), euros incl. tax. */
    fees: z.array(z.object({ title: z.string(), amount: z.number() })),
    /** Same segments as the cart totals (subtotal, shipping, discount, surcharge, tax, grand_total…). */
    totalSegments: z.array(totalSegment),
    grandTotal: z.number(),
    currency: z.literal('EUR'),
    /** What went back to the buyer, one entry per refund (euros incl. VAT, ISO time): "Rimborsato € X". */
    refunds: z.array(z.object({ amount: z.number(), date: z.string() })).optional(),
    /** Absent on orders nothing was shipped of yet (and on those placed before issue 44). */
    shippingStatus: shippingStatus.optional(),
    /** The shipments so far, oldest first. */
    shipments: z.array(orderViewShipment).optional(),
  })
  .meta({ id: 'OrderView' });
/** The order view after parsing (addresses normalised). */
export type OrderView = z.output<typeof orderView>;
/** The order view as built by the server (addresses may still carry list-shaped custom attributes). */
export type OrderViewInput = z.input<typeof orderView>;
