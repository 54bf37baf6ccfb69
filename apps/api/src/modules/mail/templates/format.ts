import type { OrderAddress, OrderView } from '@shop/contracts';
import { formatLongDateTime, formatPrice, toCents } from '@shop/domain';

/**
 * Money, dates and addresses as an Italian reader expects them (it-IT, EUR, Europe/Rome). Money
 * uses the shop's price format (spec §9: sign, then the it-IT amount with 2 decimals), so the
 * mail shows the figures the thank-you page shows.
 */
const countries = new Intl.DisplayNames(['it'], { type: 'region' });

/** 1234.5 → "€1234,50", -10 → "-€10,00" (euros in, the shop's price format out). */
export function formatEuro(amount: number): string {
  return formatPrice(toCents(amount));
}

/** ISO time → "25 novembre 2026 alle ore 11:00": a letter's date, in the shop's time zone (Rome) whatever the server's. */
export function formatDateTime(iso: string): string {
  return formatLongDateTime(iso) || iso;
}

export function countryName(code: string): string {
  try {
    return countries.of(code) ?? code;
  } catch {
    return code;
  }
}

/** The lines of a postal address, as on an envelope. */
export function addressLines(a: OrderAddress): string[] {
  const lines = [`${a.firstname} ${a.lastname}`];
  if (a.company) lines.push(a.company);
  const street = a.street.filter(Boolean).join(', '); // street, house number
  if (street) lines.push(street);
  const province = a.country_id === 'IT' && a.region_code ? ` (${a.region_code})` : a.region ? ` (${a.region})` : '';
  lines.push(`${a.postcode} ${a.city}${province}`.trim());
  lines.push(countryName(a.country_id));
  if (a.telephone) lines.push(`Tel. ${a.telephone}`);
  return lines;
}

/** The invoicing data of the buyer (partita IVA, codice fiscale, SDI, PEC). */
export function invoiceLines(order: OrderView): string[] {
  const b = order.buyer;
  const lines: string[] = [];
  if (b.vatId) lines.push(`Partita IVA: ${b.vatId}`);
  if (b.fiscalCode) lines.push(`Codice fiscale: ${b.fiscalCode}`);
  if (b.sdiCode) lines.push(`Codice SDI: ${b.sdiCode}`);
  if (b.pecEmail) lines.push(`PEC: ${b.pecEmail}`);
  return lines;
}

/** The totals to show: every non-zero segment, subtotal and grand total always. */
export function visibleSegments(order: OrderView): OrderView['totalSegments'] {
  return order.totalSegments.filter((s) => s.value !== 0 || s.code === 'grand_total' || s.code === 'subtotal');
}

/** The mails' price convention, said once above the totals (issue 42: the shop's prices exclude VAT). */
export const AMOUNTS_NOTE = "Importi IVA esclusa; l'IVA è indicata a parte e il totale la comprende.";

/** What became of the account asked for with the purchase (shopping §4), when one was. */
export function accountNote(order: OrderView): string | null {
  switch (order.account) {
    case 'created':
      return `Abbiamo creato il tuo account con la password che hai scelto e hai già effettuato l'accesso: trovi questo ordine in "Il mio account" (${order.email}).`;
    case 'pending':
      return `Abbiamo creato il tuo account (${order.email}): per scegliere la password usa "Password dimenticata?" nella pagina di accesso.`;
    case 'exists':
      return `Esiste già un account con l'indirizzo ${order.email}: non l'abbiamo modificato. Accedi al tuo account per collegare questo ordine.`;
    default:
      return null;
  }
}

/** What happens next, per payment method and state. */
export function nextSteps(order: OrderView): string {
  if (order.payment.status === 'paid') {
    return `Abbiamo ricevuto il pagamento di ${formatEuro(order.grandTotal)} (${order.payment.title}): prepareremo la spedizione e ti scriveremo quando la merce partirà.`;
  }
  if (order.payment.instructions) {
    return `Per completare l'ordine effettua un bonifico di ${formatEuro(order.payment.instructions.amount)} con i dati qui sotto: spediremo la merce appena riceveremo il pagamento.`;
  }
  if (order.payment.fatturapaCode === 'MP01') {
    return `Pagherai ${formatEuro(order.grandTotal)} in contanti al corriere alla consegna. Ti scriveremo quando la merce partirà.`;
  }
  return 'Ti scriveremo quando la merce partirà.';
}

/** A form sender's contact as lines (quote requests, contact messages): empty fields left out. */
export const contactLines = (contact: { name: string; company: string; email: string; phone: string }): string[] =>
  [`Nome: ${contact.name}`, contact.company && `Azienda: ${contact.company}`, `E-mail: ${contact.email}`, contact.phone && `Telefono: ${contact.phone}`].filter(Boolean) as string[];
