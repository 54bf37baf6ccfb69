import { Layout } from './parts.tsx';

/** What a password reset mail says: the link (valid one hour) to set a new password. */
export interface PasswordResetMail {
  firstname: string;
  link: string;
}

export const passwordResetSubject = (shopName: string) => `Reimposta la password del tuo account ${shopName}`;

/** "Reset your password" (issue #15): the link is single-use and valid for one hour. */
export function PasswordReset({ reset, shopName }: { reset: PasswordResetMail; shopName: string }) {
  return (
    <Layout shopName={shopName} title="Reimposta la password">
      <p>Ciao {reset.firstname},</p>
      <p>abbiamo ricevuto una richiesta di reimpostare la password del tuo account. Apri questo link entro un&apos;ora per scegliere la nuova password:</p>
      <p>
        <a href={reset.link}>{reset.link}</a>
      </p>
      <p>Se non hai chiesto tu di reimpostare la password, ignora questa e-mail: la password attuale resta valida.</p>
    </Layout>
  );
}

export const passwordResetText = (reset: PasswordResetMail, shopName: string) =>
  [
    shopName,
    '',
    'Reimposta la password',
    '',
    `Ciao ${reset.firstname},`,
    "abbiamo ricevuto una richiesta di reimpostare la password del tuo account. Apri questo link entro un'ora per scegliere la nuova password:",
    reset.link,
    '',
    'Se non hai chiesto tu di reimpostare la password, ignora questa e-mail: la password attuale resta valida.',
    '',
  ].join('\n');
