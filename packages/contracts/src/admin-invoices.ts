import { z } from 'zod';

/** The accountant's month and the invoices' way to the SdI (issue #44 point 4, ADR 0030). */
export const ADMIN_INVOICE_MESSAGES = {
  /** Zod message: the answer names the field before it. */
  badMonth: 'Indica il mese come AAAA-MM, per esempio 2026-11.',
  noTransmission: 'Questa fattura non è stata affidata allo SdI: l’invio automatico non è attivo.',
} as const;

/** GET /api/admin/invoices/export?month=YYYY-MM. */
export const invoiceExportQuery = z.object({
  month: z.string().regex(/^(20\d\d)-(0[1-9]|1[0-2])$/, ADMIN_INVOICE_MESSAGES.badMonth),
});

/**
 * Where a document's transmission stands: `queued` (waiting for the worker, retried with backoff
 * when the intermediary is unreachable), `sent` (the SdI has it, no outcome yet), the SdI's
 * outcome `delivered` (RC), `not_delivered` (MC: the buyer's channel failed, the invoice is in the
 * buyer's fiscal drawer and counts as issued), `rejected` (NS: the file was refused, the invoice
 * must be sent again corrected), or `failed` (the intermediary refused it or never answered: a
 * person must look).
 */
export const sdiStatus = z.enum(['queued', 'sent', 'delivered', 'not_delivered', 'rejected', 'failed']);
export type SdiStatus = z.infer<typeof sdiStatus>;

/** The SdI's notification as the intermediary reports it. */
export const sdiNotification = z.object({
  /** RC ricevuta di consegna, NS notifica di scarto, MC mancata consegna. */
  type: z.enum(['RC', 'NS', 'MC']),
  /** The SdI's identifier of the file. */
  sdiId: z.string().nullable(),
  /** ISO 8601. */
  at: z.string(),
  /** NS: the SdI's error codes and texts; MC: why it was not delivered. */
  errors: z.array(z.object({ code: z.string(), description: z.string() })),
});
export type SdiNotification = z.infer<typeof sdiNotification>;

/** GET /api/admin/invoices/:id/sdi: the document's latest transmission. */
export const sdiTransmissionView = z
  .object({
    invoiceId: z.number().int(),
    fileName: z.string(),
    status: sdiStatus,
    attempts: z.number().int(),
    /** ISO 8601: when the intermediary took the file. */
    sentAt: z.string().nullable(),
    notification: sdiNotification.nullable(),
    /** The last failure talking to the intermediary (the worker retries). */
    lastError: z.string().nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'SdiTransmission' });
export type SdiTransmissionView = z.infer<typeof sdiTransmissionView>;
