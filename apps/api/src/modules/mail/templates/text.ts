import { netItemAmounts, type OrderView } from '@shop/contracts';
import { canceledMoneyNote } from './OrderCanceled.tsx';
import { mailedShipment, parcelsText } from './OrderShipped.tsx';
import { accountNote, addressLines, AMOUNTS_NOTE, formatDateTime, formatEuro, invoiceLines, nextSteps, visibleSegments } from './format.ts';

/** Plain-text versions of the mails: the same content as the HTML, for clients that show text. */

function section(title: string, lines: string[]): string[] {
  return ['', title.toUpperCase(), '-'.repeat(title.length), ...lines];
}

function itemLines(order: OrderView): string[] {
  return order.items.flatMap((item) => [
    `${item.qty} x ${item.name} (cod. ${item.sku}) - ${formatEuro(netItemAmounts(item).price)} cad. = ${formatEuro(netItemAmounts(item).rowTotal)} (IVA esclusa)`,
    ...item.options.map((option) => `    ${option}`),
  ]);
}

function totalLines(order: OrderView): string[] {
  return [AMOUNTS_NOTE, ...visibleSegments(order).map((s) => `${s.title}: ${formatEuro(s.value)}`)];
}

function bankLines(order: OrderView): string[] {
  const i = order.payment.instructions;
  if (!i || order.payment.status === 'paid') return [];
  return section('Dati per il bonifico', [
    `Beneficiario: ${i.beneficiary}`,
    `IBAN: ${i.iban}`,
    `Banca: ${i.bank}`,
    `Causale: ${i.reference}`,
    `Importo: ${formatEuro(i.amount)}`,
  ]);
}

function addressSections(order: OrderView): string[] {
  return [
    ...section('Indirizzo di spedizione', addressLines(order.shippingAddress)),
    ...section('Dati di fatturazione', [...addressLines(order.billingAddress), ...invoiceLines(order)]),
  ];
}

export function orderConfirmationText(order: OrderView, shopName: string): string {
  return [
    shopName,
    '',
    `Grazie per il tuo ordine n. ${order.incrementId}`,
    '',
    `Ciao ${order.billingAddress.firstname},`,
    `abbiamo ricevuto il tuo ordine n. ${order.incrementId} del ${formatDateTime(order.createdAt)}.`,
    nextSteps(order),
    ...[accountNote(order)].filter((line) => line !== null),
    ...bankLines(order),
    ...section("Riepilogo dell'ordine", itemLines(order)),
    // Named only: their amounts are the totals' service lines (one figure each, excl. VAT).
    ...(order.fees.length > 0 ? section('Servizi aggiuntivi', order.fees.map((f) => f.title)) : []),
    '',
    ...totalLines(order),
    ...section('Pagamento e spedizione', [`Metodo di pagamento: ${order.payment.title}`, `Metodo di spedizione: ${order.shippingMethod.title}`]),
    ...addressSections(order),
    '',
    `Per qualsiasi domanda rispondi a questa e-mail indicando il numero d'ordine ${order.incrementId}.`,
    '',
  ].join('\n');
}

export function paymentReceivedText(order: OrderView, shopName: string): string {
  return [
    shopName,
    '',
    `Pagamento ricevuto per l'ordine n. ${order.incrementId}`,
    '',
    `Ciao ${order.billingAddress.firstname},`,
    `abbiamo ricevuto il pagamento di ${formatEuro(order.grandTotal)} (${order.payment.title}) per il tuo ordine n. ${order.incrementId}.`,
    'Prepareremo la spedizione e ti scriveremo quando la merce partirà.',
    ...section("Riepilogo dell'ordine", itemLines(order)),
    '',
    ...totalLines(order),
    ...addressSections(order),
    '',
  ].join('\n');
}

export function orderShippedText(order: OrderView, shopName: string): string {
  const shipment = mailedShipment(order);
  return [
    shopName,
    '',
    `Il tuo ordine n. ${order.incrementId} è in viaggio`,
    '',
    `Ciao ${order.billingAddress.firstname},`,
    `il ${formatDateTime(shipment.createdAt)} abbiamo affidato a ${shipment.carrier} ${parcelsText(shipment.parcels)} del tuo ordine n. ${order.incrementId}.`,
    ...(order.shippingStatus === 'partially_shipped' ? ['Il resto dell’ordine partirà con una prossima spedizione.'] : []),
    `Numero di tracciamento: ${shipment.trackingNumber}`,
    ...(shipment.trackingUrl ? [`Segui la spedizione: ${shipment.trackingUrl}`] : []),
    ...section('Articoli spediti', shipment.lines.map((line) => `${line.qty} x ${line.name} (cod. ${line.sku})`)),
    ...addressSections(order),
    '',
  ].join('\n');
}

export function orderCanceledText(order: OrderView, shopName: string): string {
  return [
    shopName,
    '',
    `Ordine n. ${order.incrementId} annullato`,
    '',
    `Ciao ${order.billingAddress.firstname},`,
    `ti confermiamo che il tuo ordine n. ${order.incrementId} è stato annullato.`,
    canceledMoneyNote(order),
    ...section("Articoli dell'ordine annullato", itemLines(order)),
    '',
    `Per qualsiasi domanda rispondi a questa e-mail indicando il numero d'ordine ${order.incrementId}.`,
    '',
  ].join('\n');
}
