'use client';

import { useState } from 'react';
import { accountFile } from '@/lib/account/session.ts';
import { fill } from './account-message.ts';
import type { AccountTexts } from './account-texts.ts';
import styles from './account.module.css';
import { euro, shortDate, useAccountAnswer } from './useAccountAnswer.ts';

interface Document {
  increment_id: string;
  created_at: string;
  grand_total: number;
  title: string;
  url: string;
}

/** Saves a downloaded file under its name (the browser's own download, from memory). */
function save(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * `/my-account/documents`: each order's invoice as a PDF made by the server. The file needs the
 * customer's token, so it is fetched with it and saved from memory (a plain link would carry the
 * token in the URL, into history and logs).
 */
export function DocumentsView({ texts }: { texts: AccountTexts }) {
  const loaded = useAccountAnswer<Document[]>('/api/user/documents', {}, texts, 'documents');
  const [failed, setFailed] = useState(false);
  if (loaded.state === 'loading') return <p role="status">{texts['loading']}</p>;
  if (loaded.state === 'failed') return <p role="alert">{loaded.text}</p>;
  const documents = loaded.value;
  const download = async (document: Document) => {
    const file = await accountFile(document.url);
    setFailed(file === null);
    if (file) save(file, `fattura-${document.increment_id}.pdf`);
  };
  return (
    <>
      <p>{documents.length === 0 ? texts['documentsEmpty'] : texts['documentsIntro']}</p>
      {documents.length > 0 && (
        <table className={styles.table} data-testid="account-documents">
          <thead>
            <tr>
              <th scope="col">{texts['col.number']}</th>
              <th scope="col">{texts['col.date']}</th>
              <th scope="col">{texts['col.total']}</th>
              <th scope="col">PDF</th>
            </tr>
          </thead>
          <tbody>
            {documents.map((document) => (
              <tr key={document.increment_id}>
                <td>{document.increment_id}</td>
                <td>{shortDate(document.created_at)}</td>
                <td>{euro(document.grand_total)}</td>
                <td>
                  <button type="button" className="button button--secondary" onClick={() => void download(document)}>
                    {fill(texts['downloadInvoice'], { number: document.increment_id })}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p role="alert">{failed ? texts['downloadFailed'] : null}</p>
    </>
  );
}
