/** @jsxRuntime automatic @jsxImportSource react */
import { netItemAmounts, type BankTransferInstructions, type OrderView } from '@shop/contracts';
import type { ReactNode } from 'react';
import { SellerFooter } from './SellerFooter.tsx';
import { addressLines, AMOUNTS_NOTE, formatEuro, invoiceLines, visibleSegments } from './format.ts';

/** Inline styles only: mail clients drop <style> blocks and external sheets. */
const cell = { padding: '6px 8px', borderBottom: '1px solid #ddd', textAlign: 'left' as const, verticalAlign: 'top' as const };
const numberCell = { ...cell, textAlign: 'right' as const, whiteSpace: 'nowrap' as const };

export function Layout({ shopName, title, children }: { shopName: string; title: string; children: ReactNode }) {
  return (
    <html lang="it">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </head>
      <body style={{ margin: 0, padding: 0, backgroundColor: '#f4f4f4' }}>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ backgroundColor: '#f4f4f4' }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: '16px' }}>
                <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ maxWidth: '640px', backgroundColor: '#ffffff' }}>
                  <tbody>
                    <tr>
                      <td style={{ padding: '16px 24px', backgroundColor: '#1f3a5f', color: '#ffffff', fontFamily: 'Arial,Helvetica,sans-serif', fontSize: '20px', fontWeight: 'bold' }}>
                        {shopName}
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: '24px', fontFamily: 'Arial,Helvetica,sans-serif', color: '#222', fontSize: '15px', lineHeight: '1.5' }}>
                        <h1 style={{ fontSize: '22px', margin: '0 0 16px' }}>{title}</h1>
                        {children}
                      </td>
                    </tr>
                    <SellerFooter />
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

/** The sender of a form (quote request, contact message), under its heading. */
export function ContactSection({ lines }: { lines: readonly string[] }) {
  return (
    <>
      <Heading>Contatto</Heading>
      {lines.map((line) => (
        <p key={line} style={{ margin: '2px 0' }}>
          {line}
        </p>
      ))}
    </>
  );
}

export function Heading({ children }: { children: ReactNode }) {
  return <h2 style={{ fontSize: '17px', margin: '24px 0 8px', borderBottom: '2px solid #1f3a5f', paddingBottom: '4px' }}>{children}</h2>;
}

/** Products as mails list them: name with its code (and options) first, then the figures of `columns`, right-aligned. */
export function ProductsTable({ columns, rows }: { columns: readonly string[]; rows: readonly { sku: string; name: string; options?: readonly string[]; figures: readonly (string | number)[] }[] }) {
  return (
    <table role="table" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse', fontSize: '14px' }}>
      <thead>
        <tr>
          <th style={cell}>Prodotto</th>
          {columns.map((column) => (
            <th key={column} style={numberCell}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.sku}>
            <td style={cell}>
              <strong>{row.name}</strong>
              <br />
              <span style={{ color: '#666', fontSize: '12px' }}>Codice: {row.sku}</span>
              {(row.options ?? []).map((option) => (
                <span key={option} style={{ display: 'block', color: '#666', fontSize: '12px' }}>
                  {option}
                </span>
              ))}
            </td>
            {row.figures.map((figure, i) => (
              <td key={columns[i]} style={numberCell}>
                {figure}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ItemsTable({ order }: { order: OrderView }) {
  return (
    <ProductsTable
      columns={['Quantità', 'Prezzo (IVA esclusa)', 'Totale (IVA esclusa)']}
      rows={order.items.map((item) => ({ sku: item.sku, name: item.name, options: item.options, figures: [item.qty, formatEuro(netItemAmounts(item).price), formatEuro(netItemAmounts(item).rowTotal)] }))}
    />
  );
}

export function FeesList({ order }: { order: OrderView }) {
  if (order.fees.length === 0) return null;
  return (
    <>
      <Heading>Servizi aggiuntivi</Heading>
      <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse', fontSize: '14px' }}>
        <tbody>
          {/* Named only: their amounts are the totals' service lines (one figure each, excl. VAT). */}
          {order.fees.map((fee) => (
            <tr key={fee.title}>
              <td style={cell}>{fee.title}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** Amounts under a note saying what they include; the strong one (the total) stands out. */
export function AmountsTable({ rows }: { rows: readonly { label: string; amount: string; strong?: boolean }[] }) {
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse', fontSize: '14px', marginTop: '8px' }}>
      <tbody>
        <tr>
          <td colSpan={2} style={{ ...cell, color: '#555', fontSize: '12px' }}>
            {AMOUNTS_NOTE}
          </td>
        </tr>
        {rows.map(({ label, amount, strong }) => {
          const style = strong ? { fontWeight: 'bold', fontSize: '16px' } : {};
          return (
            <tr key={label}>
              <td style={{ ...cell, ...style }}>{label}</td>
              <td style={{ ...numberCell, ...style }}>{amount}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function TotalsTable({ order }: { order: OrderView }) {
  return <AmountsTable rows={visibleSegments(order).map((segment) => ({ label: segment.title, amount: formatEuro(segment.value), strong: segment.code === 'grand_total' }))} />;
}

export function Lines({ lines }: { lines: string[] }) {
  return (
    <p style={{ margin: '0 0 8px' }}>
      {lines.map((line, i) => (
        <span key={i}>
          {i > 0 && <br />}
          {line}
        </span>
      ))}
    </p>
  );
}

export function Addresses({ order }: { order: OrderView }) {
  const invoice = invoiceLines(order);
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ fontSize: '14px' }}>
      <tbody>
        <tr>
          <td style={{ verticalAlign: 'top', width: '50%', paddingRight: '8px' }}>
            <Heading>Indirizzo di spedizione</Heading>
            <Lines lines={addressLines(order.shippingAddress)} />
          </td>
          <td style={{ verticalAlign: 'top', width: '50%', paddingLeft: '8px' }}>
            <Heading>Dati di fatturazione</Heading>
            <Lines lines={[...addressLines(order.billingAddress), ...invoice]} />
          </td>
        </tr>
      </tbody>
    </table>
  );
}

export function BankDetails({ instructions }: { instructions: BankTransferInstructions }) {
  const rows: [string, string][] = [
    ['Beneficiario', instructions.beneficiary],
    ['IBAN', instructions.iban],
    ['Banca', instructions.bank],
    ['Causale', instructions.reference],
    ['Importo', formatEuro(instructions.amount)],
  ];
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse', fontSize: '14px', backgroundColor: '#f7f9fc', border: '1px solid #c9d3e0' }}>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th style={{ ...cell, fontWeight: 'normal', color: '#555' }}>{label}</th>
            <td style={{ ...cell, fontWeight: 'bold', fontFamily: label === 'IBAN' ? 'Courier New,monospace' : undefined }}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
