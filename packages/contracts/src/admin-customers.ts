import { z } from 'zod';
import { auditEntry } from './admin.ts';
import { orderStatus } from './order-view.ts';
import { text } from './strings.ts';

/**
 * The back office's customers (issue #45 point 5): list, customer page, group change, password
 * reset on request, the GDPR export and erasure. Money in integer cents, dates ISO 8601.
 */
export const ADMIN_CUSTOMER_MESSAGES = {
  notFound: 'Cliente non trovato.',
  badCursor: 'Il segnaposto di pagina non è valido: ricarica l’elenco.',
  badChoice: 'Valore non ammesso: scegli tra {values}.',
  badLimit: 'Indica quanti clienti per pagina, da 1 a 200.',
  unknownGroup: 'Gruppo cliente sconosciuto: scegli tra {values}.',
  resetSent: 'Abbiamo inviato al cliente l’e-mail per reimpostare la password.',
  reasonRequired: 'Indica il motivo della cancellazione (per esempio la richiesta del cliente e la sua data).',
  unpaidOrder: 'Il cliente ha l’ordine {number} non ancora pagato: annullalo o registra il pagamento prima di cancellare i suoi dati.',
  erased: 'I dati personali del cliente sono stati cancellati; ordini e fatture restano conservati come richiede la legge.',
} as const;

/**
 * The customer groups the shop knows (Magento's defaults; tier prices and CUSTOMER_GROUP_TAX_CLASSES
 * name them by id). 0 (not signed in) and 32000 (all groups) are no customer's group.
 */
export const CUSTOMER_GROUPS = [
  { id: 1, label: 'Generale (privati)' },
  { id: 2, label: 'Ingrosso' },
  { id: 3, label: 'Rivenditori' },
] as const;
export const isKnownCustomerGroup = (id: number) => CUSTOMER_GROUPS.some((group) => group.id === id);
export const unknownGroupMessage = () => ADMIN_CUSTOMER_MESSAGES.unknownGroup.replace('{values}', CUSTOMER_GROUPS.map((g) => `${g.id} (${g.label})`).join(', '));

const choice = <const T extends string>(values: readonly T[]) =>
  z.enum(values as [T, ...T[]], { error: ADMIN_CUSTOMER_MESSAGES.badChoice.replace('{values}', values.join(', ')) });

/** GET /api/admin/customers: search, filters and keyset paging (newest account first). */
export const adminCustomerListQuery = z.object({
  /** Text over e-mail, name, and the address book's company and P.IVA. */
  q: text().trim().max(100).optional(),
  group: z.coerce.number({ error: unknownGroupMessage() }).int().optional(),
  buyer: choice(['company', 'private']).optional(),
  hasOrders: choice(['yes', 'no']).optional(),
  limit: z.coerce.number({ error: ADMIN_CUSTOMER_MESSAGES.badLimit }).int(ADMIN_CUSTOMER_MESSAGES.badLimit).min(1, ADMIN_CUSTOMER_MESSAGES.badLimit).max(200, ADMIN_CUSTOMER_MESSAGES.badLimit).default(25),
  /** The `nextCursor` of the previous page. */
  cursor: text().max(200).optional(),
});
export type AdminCustomerListQuery = z.infer<typeof adminCustomerListQuery>;

export const adminCustomerListItem = z
  .object({
    id: z.number().int(),
    email: z.string(),
    name: z.string(),
    groupId: z.number().int(),
    /** The first company and P.IVA of the address book; null for a private buyer. */
    company: z.string().nullable(),
    vatId: z.string().nullable(),
    ordersCount: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminCustomerListItem' });
export type AdminCustomerListItem = z.infer<typeof adminCustomerListItem>;

export const adminCustomerPage = z.object({
  items: z.array(adminCustomerListItem),
  /** Customers matching the filters, counted for the first page; the next pages repeat it. */
  total: z.number().int(),
  /** Absent on the last page. */
  nextCursor: z.string().optional(),
});
export type AdminCustomerPage = z.infer<typeof adminCustomerPage>;

export const adminCustomerDetail = z
  .object({
    id: z.number().int(),
    email: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    groupId: z.number().int(),
    /** False for an account made at checkout whose password was never set. */
    hasPassword: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
    addresses: z.array(z.object({ id: z.number().int(), address: z.record(z.string(), z.unknown()), defaultShipping: z.boolean(), defaultBilling: z.boolean() })),
    orders: z.array(z.object({ incrementId: z.string(), createdAt: z.string(), status: orderStatus, grandTotalCents: z.number().int() })),
    invoices: z.array(z.object({ number: z.string(), type: z.string(), issueDate: z.string(), orderIncrementId: z.string(), totalCents: z.number().int() })),
    reviews: z.array(z.object({ id: z.number().int(), productId: z.number().int(), status: z.number().int(), title: z.string(), detail: z.string() })),
    quoteRequests: z.array(z.object({ id: z.number().int(), createdAt: z.string(), items: z.array(z.object({ sku: z.string(), name: z.string(), qty: z.number() })), message: z.string() })),
    /** The newsletter subscription of the account's e-mail; null when it never subscribed. */
    newsletter: z.object({ status: z.enum(['pending', 'subscribed', 'unsubscribed']), requestedAt: z.string(), confirmedAt: z.string().nullable(), unsubscribedAt: z.string().nullable() }).nullable(),
    wishlist: z.array(z.object({ sku: z.string(), addedAt: z.string() })),
    audit: z.array(auditEntry),
  })
  .meta({ id: 'AdminCustomerDetail' });
export type AdminCustomerDetail = z.infer<typeof adminCustomerDetail>;

/** POST /api/admin/customers/:id/group */
export const adminCustomerGroupBody = z.object({ groupId: z.number({ error: unknownGroupMessage() }).int(unknownGroupMessage()) });
export type AdminCustomerGroupBody = z.infer<typeof adminCustomerGroupBody>;

/** POST /api/admin/customers/:id/erase (GDPR art. 17): why, recorded in the audit log. */
export const adminCustomerEraseBody = z.object({
  reason: text({ error: ADMIN_CUSTOMER_MESSAGES.reasonRequired }).trim().min(3, ADMIN_CUSTOMER_MESSAGES.reasonRequired).max(500, ADMIN_CUSTOMER_MESSAGES.reasonRequired),
});
export type AdminCustomerEraseBody = z.infer<typeof adminCustomerEraseBody>;

/** GET /api/admin/customers/:id/export: everything the shop holds of one customer (GDPR art. 15 and 20). */
export const adminCustomerExport = adminCustomerDetail.omit({ audit: true }).extend({
  exportedAt: z.string(),
  orders: z.array(z.record(z.string(), z.unknown())),
});
export type AdminCustomerExport = z.infer<typeof adminCustomerExport>;
