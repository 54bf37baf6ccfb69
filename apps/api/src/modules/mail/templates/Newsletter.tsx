import { Layout } from './parts.tsx';

/**
 * The newsletter's two mails (ADR 0023): the double opt-in's confirmation link, and after the
 * confirmation the welcome mail with the promised 10 % coupon (shopping.md §1).
 */
export type NewsletterMail = { kind: 'confirm'; link: string } | { kind: 'welcome'; couponCode: string; percent: number; shopUrl: string; unsubscribeUrl: string };

export type NewsletterTemplate = 'newsletter-confirm' | 'newsletter-welcome';

export function newsletterSubject(mail: NewsletterMail, shopName: string): string {
  return mail.kind === 'confirm' ? `Conferma l'iscrizione alla newsletter di ${shopName}` : `Benvenuto nella newsletter di ${shopName}: ecco il tuo sconto del ${mail.percent} %`;
}

/** The mail's paragraphs, shared by the HTML and the text version. */
function paragraphs(mail: NewsletterMail): { before: string[]; link?: string; code?: string; after: string[] } {
  if (mail.kind === 'confirm') {
    return {
      before: ['grazie per esserti iscritto alla nostra newsletter. Per completare l’iscrizione e ricevere il codice sconto del 10 % apri questo link e conferma:'],
      link: mail.link,
      after: ['Il link vale 7 giorni. Se non hai chiesto tu l’iscrizione, ignora questa e-mail: senza conferma non ti scriveremo più.'],
    };
  }
  return {
    before: [`la tua iscrizione è confermata. Ecco il codice sconto del ${mail.percent} % sul tuo prossimo ordine, valido una volta:`],
    code: mail.couponCode,
    after: [`Inseriscilo nel carrello su ${mail.shopUrl} nel campo "Codice sconto".`, `Per non ricevere più la newsletter: ${mail.unsubscribeUrl}`],
  };
}

export function Newsletter({ mail, shopName }: { mail: NewsletterMail; shopName: string }) {
  const p = paragraphs(mail);
  return (
    <Layout shopName={shopName} title={mail.kind === 'confirm' ? 'Conferma la tua iscrizione' : 'Iscrizione confermata'}>
      <p>Ciao,</p>
      {p.before.map((line) => (
        <p key={line}>{line}</p>
      ))}
      {p.link && (
        <p>
          <a href={p.link}>{p.link}</a>
        </p>
      )}
      {p.code && (
        <p style={{ fontSize: '22px', fontWeight: 'bold', letterSpacing: '2px', padding: '12px', border: '2px dashed #1f3a5f', textAlign: 'center' }}>{p.code}</p>
      )}
      {p.after.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </Layout>
  );
}

export function newsletterText(mail: NewsletterMail, shopName: string): string {
  const p = paragraphs(mail);
  return [shopName, '', 'Ciao,', ...p.before, ...(p.link ? [p.link] : []), ...(p.code ? ['', p.code, ''] : []), ...p.after, ''].join('\n');
}
