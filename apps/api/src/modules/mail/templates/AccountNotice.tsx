import { Layout } from './parts.tsx';

/**
 * A notice to an account's owner about something done with their e-mail by someone else (issue
 * #43): failed sign-ins from many places, or a registration with their address. No link to click
 * through but the shop's own reset page, so it cannot be mistaken for (or used as) phishing.
 */
export interface AccountNoticeMail {
  kind: 'failed-logins' | 'registration-attempt';
  firstname: string;
  /** SHOP_URL/reset-password, without a token. */
  resetPage: string;
}

const TEXTS = {
  'failed-logins': {
    title: 'Tentativi di accesso non riusciti',
    body: 'abbiamo registrato diversi tentativi di accesso non riusciti al tuo account, da indirizzi diversi. Per proteggerti, ora chi prova ad accedere deve anche superare una verifica "non sono un robot"; tu puoi accedere come sempre.',
    advice: 'Se non eri tu, ti consigliamo di scegliere una nuova password dalla pagina di reimpostazione della password del nostro sito:',
  },
  'registration-attempt': {
    title: 'Tentativo di registrazione con la tua e-mail',
    body: 'qualcuno ha provato a creare un nuovo account con il tuo indirizzo e-mail, che ha già un account da noi. Non è stato creato nessun nuovo account.',
    advice: 'Se eri tu e non ricordi la password, puoi sceglierne una nuova dalla pagina di reimpostazione della password del nostro sito:',
  },
} as const;

export const accountNoticeSubject = (notice: AccountNoticeMail, shopName: string) => `${TEXTS[notice.kind].title} - ${shopName}`;

export function AccountNotice({ notice, shopName }: { notice: AccountNoticeMail; shopName: string }) {
  const text = TEXTS[notice.kind];
  return (
    <Layout shopName={shopName} title={text.title}>
      <p>Ciao {notice.firstname},</p>
      <p>{text.body}</p>
      <p>{text.advice}</p>
      <p>
        <a href={notice.resetPage}>{notice.resetPage}</a>
      </p>
      <p>Non ti chiederemo mai la password via e-mail.</p>
    </Layout>
  );
}

export const accountNoticeText = (notice: AccountNoticeMail, shopName: string) => {
  const text = TEXTS[notice.kind];
  return [shopName, '', text.title, '', `Ciao ${notice.firstname},`, text.body, '', text.advice, notice.resetPage, '', 'Non ti chiederemo mai la password via e-mail.', ''].join('\n');
};
