import { contactLines } from './format.ts';
import { ContactSection, Heading, Layout } from './parts.tsx';

/**
 * A contact form message (issue #42 point 11): to the seller's inbox (`for: 'seller'`, everything
 * the sender wrote) and the sender's copy (`for: 'sender'`). A `brief` copy goes to an address the
 * sender has not proven by signing in: it holds none of the texts typed into the form.
 */
export interface ContactMail {
  for: 'seller' | 'sender';
  reference: string;
  /** When it was sent, as the shop writes dates (D/M/YYYY HH:mm). */
  date: string;
  contact: { name: string; email: string; phone: string; company: string };
  subject: string;
  message: string;
  /** The sender was signed in (the seller sees whether the address is an account's). */
  signedIn: boolean;
  brief?: boolean;
}

export const contactMessageSubject = (mail: ContactMail, shopName: string) =>
  mail.for === 'seller' ? `Messaggio dal sito ${mail.reference}: ${mail.subject}` : `${shopName}: abbiamo ricevuto il tuo messaggio ${mail.reference}`;

const intro = (mail: ContactMail) =>
  mail.for === 'seller'
    ? `Messaggio dal modulo di contatto, ricevuto il ${mail.date}${mail.signedIn ? ' da un cliente registrato' : ''}. Rispondi all'indirizzo ${mail.contact.email}.`
    : mail.brief
      ? `Abbiamo ricevuto un messaggio dal modulo di contatto con questo indirizzo e-mail (riferimento ${mail.reference}). Ti risponderemo al più presto; se non l'hai inviato tu, ignora questo messaggio.`
      : `Ciao ${mail.contact.name}, grazie per averci scritto. Ti risponderemo al più presto; qui sotto trovi una copia del tuo messaggio.`;

export function ContactMessage({ mail, shopName }: { mail: ContactMail; shopName: string }) {
  return (
    <Layout shopName={shopName} title={`Messaggio ${mail.reference}`}>
      <p>{intro(mail)}</p>
      {!mail.brief && (
        <>
          <ContactSection lines={contactLines(mail.contact)} />
          <Heading>{mail.subject}</Heading>
          <p style={{ whiteSpace: 'pre-line' }}>{mail.message}</p>
        </>
      )}
    </Layout>
  );
}

export const contactMessageText = (mail: ContactMail, shopName: string) =>
  [
    shopName,
    '',
    `Messaggio ${mail.reference}`,
    '',
    intro(mail),
    ...(mail.brief ? [] : ['', 'Contatto:', ...contactLines(mail.contact), '', `Oggetto: ${mail.subject}`, '', mail.message]),
    '',
  ].join('\n');
