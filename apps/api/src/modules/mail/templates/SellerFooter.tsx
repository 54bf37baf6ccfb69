/** @jsxRuntime automatic @jsxImportSource react */
import { createContext, useContext } from 'react';
import type { Seller } from '../../accounts/invoice-pdf.ts';

/**
 * The seller's identity at the foot of every mail (issue #42 point 11: who sells, as on the
 * invoices). Set once by renderStoredMail; templates never pass it along.
 */
export const MailSeller = createContext<Seller | null>(null);

/** The same lines in the HTML and the text part. */
export function sellerLines(seller: Seller): string[] {
  return [
    `${seller.name} · ${seller.address}`,
    [`P. IVA ${seller.vatId}`, seller.fiscalCode !== seller.vatId && `C.F. ${seller.fiscalCode}`, seller.rea && `REA ${seller.rea}`].filter(Boolean).join(' · '),
    [seller.phone && `Tel. ${seller.phone}`, seller.email && `E-mail ${seller.email}`, seller.pec && `PEC ${seller.pec}`].filter(Boolean).join(' · '),
  ].filter(Boolean);
}

export function SellerFooter() {
  const seller = useContext(MailSeller);
  if (!seller) return null;
  return (
    <tr>
      <td style={{ padding: '16px 24px', borderTop: '1px solid #ddd', fontFamily: 'Arial,Helvetica,sans-serif', color: '#555', fontSize: '12px', lineHeight: '1.5' }}>
        {sellerLines(seller).map((line) => (
          <p key={line} style={{ margin: '0' }}>
            {line}
          </p>
        ))}
      </td>
    </tr>
  );
}
