import { contactLines } from './format.ts';
import { ContactSection, Heading, Layout } from './parts.tsx';

/**
 * A quote request's mail (issue #19): the same summary to the shop's sales mailbox (`for:
 * 'shop'`) and to the buyer (`for: 'buyer'`, an acknowledgement). Every
 * text is the buyer's plain text; React escapes it in the HTML part.
 */
export interface QuoteMail {
  for: 'shop' | 'buyer';
  reference: string;
  /** When it was made, as the shop writes dates (D/M/YYYY HH:mm). */
  date: string;
  source: 'product' | 'cart';
  contact: { name: string; company: string; email: string; phone: string };
  items: { sku: string; name: string; qty: number }[];
  message: string;
  /** The buyer's copy to an address the buyer has not proven (issue #43 point 7): nothing they typed. */
  brief?: boolean;
}

const cell = { padding: '6px 8px', borderBottom: '1px solid #ddd', textAlign: 'left' as const, verticalAlign: 'top' as const };

export const quoteRequestSubject = (mail: QuoteMail, shopName: string) =>
  mail.for === 'shop' ? `Nuova richiesta di preventivo ${mail.reference} da ${mail.contact.name}` : `${shopName}: abbiamo ricevuto la tua richiesta di preventivo ${mail.reference}`;

const intro = (mail: QuoteMail) =>
  mail.for === 'shop'
    ? `Richiesta di preventivo dalla pagina ${mail.source === 'cart' ? 'del carrello' : 'del prodotto'}, ricevuta il ${mail.date}. Rispondi al cliente all'indirizzo ${mail.contact.email}.`
    : mail.brief
      ? `Abbiamo ricevuto una richiesta di preventivo con questo indirizzo e-mail. Il nostro ufficio vendite risponderà al più presto con un preventivo per le quantità indicate; se non l'hai inviata tu, ignora questo messaggio.`
      : `Ciao ${mail.contact.name}, grazie per la tua richiesta. Il nostro ufficio vendite ti risponderà al più presto con un preventivo per le quantità indicate.`;

export function QuoteRequest({ mail, shopName }: { mail: QuoteMail; shopName: string }) {
  return (
    <Layout shopName={shopName} title={`Richiesta di preventivo ${mail.reference}`}>
      <p>{intro(mail)}</p>
      <Heading>Prodotti</Heading>
      <table role="table" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse', fontSize: '14px' }}>
        <thead>
          <tr>
            <th style={cell}>Prodotto</th>
            <th style={cell}>Codice</th>
            <th style={{ ...cell, textAlign: 'right' }}>Quantità</th>
          </tr>
        </thead>
        <tbody>
          {mail.items.map((item) => (
            <tr key={item.sku}>
              <td style={cell}>{item.name}</td>
              <td style={cell}>{item.sku}</td>
              <td style={{ ...cell, textAlign: 'right' }}>{item.qty}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {!mail.brief && <ContactSection lines={contactLines(mail.contact)} />}
      {mail.message && (
        <>
          <Heading>Messaggio</Heading>
          <p style={{ whiteSpace: 'pre-line' }}>{mail.message}</p>
        </>
      )}
    </Layout>
  );
}

export const quoteRequestText = (mail: QuoteMail, shopName: string) =>
  [
    shopName,
    '',
    `Richiesta di preventivo ${mail.reference}`,
    '',
    intro(mail),
    '',
    'Prodotti:',
    ...mail.items.map((item) => `- ${item.qty} × ${item.name} (${item.sku})`),
    ...(mail.brief ? [] : ['', 'Contatto:', ...contactLines(mail.contact)]),
    ...(mail.message ? ['', 'Messaggio:', mail.message] : []),
    '',
  ].join('\n');
