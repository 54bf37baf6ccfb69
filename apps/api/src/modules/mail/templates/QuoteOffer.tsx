import { formatPrice } from '@shop/domain';
import { AMOUNTS_NOTE } from './format.ts';
import { AmountsTable, Heading, Layout, ProductsTable } from './parts.tsx';

/**
 * The seller's offer on a quote request (issue #45 point 6), to the buyer: each product with the
 * agreed unit price excluding VAT and including it (as the shop shows prices), the row totals, the
 * goods' total with its VAT, until when the offer holds, the seller's message and the link that
 * opens a cart at these prices. The amounts are the cart's own (cents computed by the API).
 */
export interface QuoteOfferMail {
  reference: string;
  /** The buyer's name as the request gave it (plain text). */
  name: string;
  lines: { sku: string; name: string; qty: number; unitNetCents: number; unitGrossCents: number; rowNetCents: number }[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  /** When the offer lapses, written out ("12 marzo 2026 alle ore 10:30"). */
  validUntil: string;
  /** The seller's words to the buyer (plain text), or ''. */
  message: string;
  link: string;
}

export const quoteOfferSubject = (mail: QuoteOfferMail, shopName: string) => `${shopName}: la nostra offerta per il preventivo ${mail.reference}`;

const intro = (mail: QuoteOfferMail) => `Gentile ${mail.name}, ecco la nostra offerta per la tua richiesta di preventivo ${mail.reference}.`;
const validity = (mail: QuoteOfferMail) => `L'offerta è valida fino al ${mail.validUntil}. I prezzi valgono per le quantità indicate; le spese di spedizione si calcolano nel carrello.`;
const action = 'Apri il link per trovare questi prodotti nel carrello, già ai prezzi dell’offerta, e completare l’ordine:';

export function QuoteOffer({ mail, shopName }: { mail: QuoteOfferMail; shopName: string }) {
  return (
    <Layout shopName={shopName} title={`Offerta per il preventivo ${mail.reference}`}>
      <p>{intro(mail)}</p>
      {mail.message && <p style={{ whiteSpace: 'pre-line' }}>{mail.message}</p>}
      <Heading>Prodotti e prezzi</Heading>
      <ProductsTable
        columns={['Quantità', 'Prezzo unitario (IVA esclusa)', 'Prezzo unitario (IVA inclusa)', 'Totale (IVA esclusa)']}
        rows={mail.lines.map((line) => ({ sku: line.sku, name: line.name, figures: [line.qty, formatPrice(line.unitNetCents), formatPrice(line.unitGrossCents), formatPrice(line.rowNetCents)] }))}
      />
      <AmountsTable
        rows={[
          { label: 'Subtotale (IVA esclusa)', amount: formatPrice(mail.subtotalCents) },
          { label: 'IVA', amount: formatPrice(mail.taxCents) },
          { label: 'Totale prodotti (IVA inclusa)', amount: formatPrice(mail.totalCents), strong: true },
        ]}
      />
      <p>{validity(mail)}</p>
      <p>{action}</p>
      <p>
        <a href={mail.link} style={{ display: 'inline-block', padding: '10px 16px', backgroundColor: '#1f3a5f', color: '#ffffff', textDecoration: 'none', fontWeight: 'bold' }}>
          Apri il carrello con l’offerta
        </a>
      </p>
      <p style={{ fontSize: '13px', color: '#555' }}>
        Se il pulsante non funziona, copia questo indirizzo nel browser: <a href={mail.link}>{mail.link}</a>
      </p>
    </Layout>
  );
}

export const quoteOfferText = (mail: QuoteOfferMail, shopName: string) =>
  [
    shopName,
    '',
    `Offerta per il preventivo ${mail.reference}`,
    '',
    intro(mail),
    ...(mail.message ? ['', mail.message] : []),
    '',
    'Prodotti e prezzi:',
    ...mail.lines.map(
      (line) => `- ${line.qty} × ${line.name} (${line.sku}): ${formatPrice(line.unitNetCents)} cad. IVA esclusa (${formatPrice(line.unitGrossCents)} IVA inclusa), totale ${formatPrice(line.rowNetCents)} IVA esclusa`,
    ),
    '',
    AMOUNTS_NOTE,
    `Subtotale (IVA esclusa): ${formatPrice(mail.subtotalCents)}`,
    `IVA: ${formatPrice(mail.taxCents)}`,
    `Totale prodotti (IVA inclusa): ${formatPrice(mail.totalCents)}`,
    '',
    validity(mail),
    '',
    action,
    mail.link,
    '',
  ].join('\n');
