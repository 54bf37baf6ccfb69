import { z } from 'zod';
import { auditEntry } from './admin.ts';
import { fatturapaPaymentCode, orderBuyer, orderStatus, paymentStatus, shippingStatus, type OrderStatus, type ShippingStatus } from './order-view.ts';
import { freeText, text } from './strings.ts';

/**
 * The back office's orders (issue #44): list, order page and the actions its state allows. Money
 * in integer cents (the names end in `Cents`): an accountant's program reads them without
 * rounding; the UI formats them with Intl. Dates ISO 8601; days YYYY-MM-DD in Europe/Rome.
 */
export const ADMIN_ORDER_MESSAGES = {
  notFound: 'Ordine non trovato.',
  badDay: 'Indica il giorno come AAAA-MM-GG.',
  badRange: 'La data iniziale è successiva a quella finale.',
  badCursor: 'Il segnaposto di pagina non è valido: ricarica l’elenco.',
  badChoice: 'Valore non ammesso: scegli tra {values}.',
  badLimit: 'Indica quanti ordini per pagina, da 1 a 200.',
  httpsOnly: 'Il link di tracciamento deve iniziare con https://.',
  busy: 'Un’altra azione su questo ordine è in corso (forse in un’altra scheda): ricarica la pagina e riprova.',
  notAllowed: 'L’ordine {number} è {state}: l’azione “{action}” non è possibile.',
  alreadyPaid: 'L’ordine {number} risulta già pagato.',
  amountMismatch: 'L’importo ricevuto ({received}) è diverso dal totale dell’ordine ({total}).',
  shipTooMany: 'Per {sku} restano da spedire {left} pezzi: non se ne possono spedire {asked}.',
  unknownLine: 'L’articolo {sku} non è in questo ordine.',
  nothingToShip: 'Non resta nulla da spedire in questo ordine.',
  refundTooMuch: 'Il rimborso ({asked}) supera quanto pagato e non ancora rimborsato ({left}).',
  refundTooManyUnits: 'Per {sku} si possono rimborsare al massimo {left} pezzi.',
  refundNothing: 'Indica cosa rimborsare: righe, spedizione o servizi.',
  ibanRequired: 'iban: Per rimborsare un bonifico o un contrassegno indica l’IBAN del cliente.',
  badIban: 'iban: IBAN non valido.',
  providerFailed: 'Il rimborso tramite {provider} non è riuscito: {reason}. L’ordine non è stato modificato.',
  refundResumed: 'Un rimborso di {amount} rimasto in sospeso su questo ordine è stato completato ora: ricarica la pagina e controlla prima di rimborsare ancora.',
  mailNotFound: 'E-mail non trovata per questo ordine.',
  /** Cancelling a paid order while the whole refund cannot be made with it (issue 44). */
  refundFirst: 'L’ordine {number} è pagato: rimborsalo per intero prima di annullarlo.',
  futureDay: 'date: Il giorno del pagamento non può essere nel futuro.',
  paidMeanwhile: 'Il cliente ha appena pagato l’ordine {number}: non è stato annullato.',
} as const;

/** The states as the back office's messages name them ("L’ordine 000000012 è annullato"). */
export const ADMIN_ORDER_STATES: Record<OrderStatus, string> & Record<ShippingStatus, string> = {
  pending_payment: 'in attesa di pagamento',
  processing: 'in lavorazione',
  canceled: 'annullato',
  expired: 'scaduto',
  complete: 'completato',
  closed: 'chiuso',
  not_shipped: 'da spedire',
  partially_shipped: 'spedito in parte',
  shipped: 'spedito',
};

/** The actions as the back office's messages name them. */
export const ADMIN_ORDER_ACTIONS = {
  'payment-received': 'pagamento ricevuto',
  ship: 'spedisci',
  cancel: 'annulla',
  refund: 'rimborsa',
  note: 'nota',
  'resend-mail': 'reinvia e-mail',
} as const;


/** The saved views of the orders list: each one a fixed set of filters. */
export const adminOrderViews = {
  'da-spedire': 'Da spedire',
  'bonifici-in-attesa': 'Bonifici in attesa',
  'contrassegno-da-incassare': 'Contrassegno da incassare',
} as const;
export const adminOrderView = z.enum(Object.keys(adminOrderViews) as [keyof typeof adminOrderViews, ...(keyof typeof adminOrderViews)[]]);

const day = text().regex(/^\d{4}-\d{2}-\d{2}$/, ADMIN_ORDER_MESSAGES.badDay);

/** The list's days bound a query: a day that exists (2026-02-30 does not), from 1900 to 2999 (PostgreSQL has no year 0). */
const listDay = day.refine((value) => value >= '1900' && value < '3000' && !Number.isNaN(Date.parse(value)) && new Date(value).toISOString().startsWith(value), {
  message: ADMIN_ORDER_MESSAGES.badDay,
  when: (payload) => payload.issues.length === 0,
});

/** One of `values`, refused in Italian with the values allowed. */
const choice = <const T extends string>(values: readonly T[]) =>
  z.enum(values as [T, ...T[]], { error: ADMIN_ORDER_MESSAGES.badChoice.replace('{values}', values.join(', ')) });

/** GET /api/admin/orders and GET /api/admin/orders.csv: server-side filters, sort and keyset paging. */
export const adminOrderListQuery = z
  .object({
    view: choice(adminOrderView.options).optional(),
    status: choice(orderStatus.options).optional(),
    paymentStatus: choice(paymentStatus.options).optional(),
    shippingStatus: choice(shippingStatus.options).optional(),
    /** The payment method code: banktransfer, cashondelivery, stripe, alma, paypal… */
    paymentMethod: text().trim().max(64).optional(),
    /** Placed on or after this day / on or before this day, Europe/Rome. */
    from: listDay.optional(),
    to: listDay.optional(),
    buyer: choice(['company', 'private']).optional(),
    /** Text over order number, e-mail, name, company, P.IVA and codice fiscale. */
    q: text().trim().max(100).optional(),
    sort: choice(['-createdAt', 'createdAt', '-grandTotal', 'grandTotal']).default('-createdAt'),
    limit: z.coerce.number({ error: ADMIN_ORDER_MESSAGES.badLimit }).int(ADMIN_ORDER_MESSAGES.badLimit).min(1, ADMIN_ORDER_MESSAGES.badLimit).max(200, ADMIN_ORDER_MESSAGES.badLimit).default(25),
    /** The `nextCursor` of the previous page. */
    cursor: text().max(200).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: ADMIN_ORDER_MESSAGES.badRange, path: ['from'] });
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuery>;

export const adminOrderListItem = z
  .object({
    incrementId: z.string(),
    createdAt: z.string(),
    status: orderStatus,
    paymentStatus: paymentStatus,
    shippingStatus: shippingStatus,
    paymentMethod: z.string(),
    paymentTitle: z.string(),
    email: z.string(),
    /** The billing name. */
    name: z.string(),
    isCompany: z.boolean(),
    company: z.string().nullable(),
    vatId: z.string().nullable(),
    fiscalCode: z.string().nullable(),
    grandTotalCents: z.number().int(),
    refundedCents: z.number().int(),
  })
  .meta({ id: 'AdminOrderListItem' });
export type AdminOrderListItem = z.infer<typeof adminOrderListItem>;

export const adminOrderPage = z.object({
  items: z.array(adminOrderListItem),
  /** Orders matching the filters, counted for the first page; the next pages (cursor) repeat that count. */
  total: z.number().int(),
  /** Absent on the last page. */
  nextCursor: z.string().optional(),
});
export type AdminOrderPage = z.infer<typeof adminOrderPage>;

/** What the order page offers: the actions its state allows (and the user's role). */
export const adminOrderAction = z.enum(['payment-received', 'ship', 'cancel', 'refund', 'note', 'resend-mail']);
export type AdminOrderAction = z.infer<typeof adminOrderAction>;

export const adminOrderLine = z.object({
  sku: z.string(),
  name: z.string(),
  options: z.array(z.string()),
  qty: z.number().int(),
  taxPercent: z.number(),
  unitNetCents: z.number().int(),
  rowGrossCents: z.number().int(),
  shippedQty: z.number().int(),
  refundedQty: z.number().int(),
});

export const adminShipment = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  staffEmail: z.string(),
  carrier: z.string(),
  trackingNumber: z.string(),
  trackingUrl: z.string().nullable(),
  parcels: z.number().int(),
  lines: z.array(z.object({ sku: z.string(), qty: z.number().int() })),
});
export type AdminShipment = z.infer<typeof adminShipment>;

export const adminRefund = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  staffEmail: z.string(),
  /** What went back, VAT included: the credit note's total when the order has an invoice. */
  amountCents: z.number().int(),
  lines: z.array(z.object({ sku: z.string(), qty: z.number().int() })),
  /** Net of VAT, as the request gave them (a whole refund: what was left). */
  shippingCents: z.number().int(),
  feeCents: z.number().int(),
  /** `provider`: sent back through the payment provider; `recorded`: paid by the seller (bank transfer, cash). */
  via: z.enum(['provider', 'recorded']),
  providerReference: z.string().nullable(),
  iban: z.string().nullable(),
  reason: z.string(),
  creditNoteId: z.number().int().nullable(),
});
export type AdminRefund = z.infer<typeof adminRefund>;

export const adminOrderDetail = z
  .object({
    incrementId: z.string(),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
    status: orderStatus,
    paymentStatus: paymentStatus,
    shippingStatus: shippingStatus,
    /** Why a person must look at the payment (paid after it expired), else null. */
    paymentReview: z.string().nullable(),
    email: z.string(),
    customerId: z.number().int().nullable(),
    buyer: orderBuyer,
    shippingAddress: z.record(z.string(), z.unknown()),
    billingAddress: z.record(z.string(), z.unknown()),
    shippingMethod: z.object({ carrierCode: z.string(), methodCode: z.string(), title: z.string() }),
    couponCode: z.string().nullable(),
    lines: z.array(adminOrderLine),
    fees: z.array(z.object({ title: z.string(), amountCents: z.number().int() })),
    totals: z.object({
      subtotalCents: z.number().int(),
      discountCents: z.number().int(),
      shippingCents: z.number().int(),
      feeCents: z.number().int(),
      surchargeCents: z.number().int(),
      taxCents: z.number().int(),
      grandTotalCents: z.number().int(),
      refundedCents: z.number().int(),
    }),
    payment: z.object({
      method: z.string(),
      title: z.string(),
      fatturapaCode: fatturapaPaymentCode,
      /** The provider payments of an online order (Stripe session, PayPal order, Alma payment). */
      transactions: z.array(
        z.object({ provider: z.string(), reference: z.string().nullable(), state: z.string(), amountCents: z.number().int(), createdAt: z.string(), updatedAt: z.string() }),
      ),
      /** The provider messages applied (webhooks, captures). */
      events: z.array(z.object({ provider: z.string(), eventId: z.string(), type: z.string(), receivedAt: z.string() })),
    }),
    shipments: z.array(adminShipment),
    refunds: z.array(adminRefund),
    mails: z.array(z.object({ id: z.number().int(), template: z.string(), recipient: z.string(), status: z.string(), createdAt: z.string(), sentAt: z.string().nullable() })),
    invoices: z.array(
      z.object({ id: z.number().int(), type: z.enum(['TD01', 'TD04']), number: z.string(), issueDate: z.string(), totalCents: z.number().int(), fileName: z.string() }),
    ),
    notes: z.array(z.object({ id: z.number().int(), at: z.string(), staffEmail: z.string(), text: z.string() })),
    audit: z.array(auditEntry),
    actions: z.array(adminOrderAction),
  })
  .meta({ id: 'AdminOrderDetail' });
export type AdminOrderDetail = z.infer<typeof adminOrderDetail>;

/** POST …/payment-received: a bank transfer arrived, or the courier's cash on delivery was collected. */
export const paymentReceivedBody = z.object({
  amountCents: z.number().int().positive(),
  /** The day the money arrived, Europe/Rome. */
  date: day,
});

const httpsUrl = text()
  .trim()
  .max(500)
  .refine((value) => {
    try {
      return new URL(value).protocol === 'https:';
    } catch {
      return false;
    }
  }, ADMIN_ORDER_MESSAGES.httpsOnly);

const lineQty = z.object({ sku: text().trim().min(1).max(64), qty: z.number().int().positive() });

/** POST …/ship: one shipment; `lines` absent ships everything still to ship. */
export const shipBody = z.object({
  carrier: text().trim().min(1).max(60),
  trackingNumber: text().trim().min(1).max(60),
  trackingUrl: httpsUrl.optional(),
  parcels: z.number().int().min(1).max(99).default(1),
  lines: z.array(lineQty).min(1).max(500).optional(),
  /** Sends the shipping mail (default). */
  notify: z.boolean().default(true),
});
export type ShipBody = z.infer<typeof shipBody>;

/** POST …/cancel: stock and coupon use go back; a paid order is refunded whole. */
export const cancelBody = z.object({
  reason: freeText().trim().min(1).max(500),
  /** For a paid bank transfer or cash on delivery: where the seller sends the money back. */
  iban: text().trim().max(40).optional(),
});

/**
 * POST …/refund: whole (`all`) or per line with shipping and fees, never above what was paid. The
 * server works out the amount: each line's units with their share of the coupon, plus shipping
 * and fees, with their VAT (the credit note's total).
 */
export const refundBody = z.object({
  all: z.boolean().default(false),
  lines: z.array(lineQty).max(500).default([]),
  /** Shipping to give back, net of VAT as the order's totals show it (at most what is left of it). */
  shippingCents: z.number().int().min(0).default(0),
  /** Delivery services and product fees to give back, net of VAT (at most what is left of them). */
  feeCents: z.number().int().min(0).default(0),
  reason: freeText().trim().min(1).max(500),
  /** Required for bank transfer and cash on delivery: the buyer's IBAN. */
  iban: text().trim().max(40).optional(),
});
export type RefundBody = z.infer<typeof refundBody>;

/** POST …/notes */
export const orderNoteBody = z.object({ text: freeText().trim().min(1).max(2000) });
