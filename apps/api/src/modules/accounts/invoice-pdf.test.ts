import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { COURTESY_COPY_NOTE, renderInvoicePdf, type InvoiceView } from './invoice-pdf.ts';

const view = (overrides: Partial<InvoiceView> = {}): InvoiceView => ({
  number: '000000042',
  date: new Date('2026-11-30T23:30:00Z'),
  seller: { name: 'Bottega Pro srl', vatId: '01234560157', fiscalCode: '01234560157', address: 'Via Roma 1, 20121 Milano (MI)', pec: 'bottega@pec.example.it', rea: 'MI-1234567' },
  buyer: { name: 'Trattoria Là Giù srl', address: ['Via Città Alta 3', '24129 Bergamo (BG)', 'Italia'], fiscalCode: '00743110157', vatId: '00743110157', sdiCode: 'M5UXCR1' },
  lines: [
    { sku: 'FRY-8L', name: 'Friggitrice elettrica 8 litri, acciaio inox', qty: 2, unitNetCents: 50_000, taxPercent: 22, rowNetCents: 100_000 },
    { sku: 'KNF-20', name: 'Coltello da chef 20 cm', qty: 5, unitNetCents: 4_800, taxPercent: 22, rowNetCents: 24_000 },
  ],
  totals: {
    goodsCents: 124_000,
    discountCents: 1_000,
    couponCode: 'PRIMI10',
    shippingCents: 450,
    servicesCents: 1_250,
    surchargeCents: 0,
    taxableCents: 124_700,
    taxCents: 27_434,
    grandTotalCents: 152_134,
  },
  payment: { title: 'Bonifico bancario', fatturapaCode: 'MP05', paidAt: new Date('2026-12-02T09:00:00Z') },
  courtesyCopy: true,
  ...overrides,
});

async function pages(pdf: Buffer): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: false });
  return text;
}

describe('renderInvoicePdf', () => {
  it('prints seller, buyer, lines and totals, with € and accented letters, dates in the Rome time zone', async () => {
    const pdf = await renderInvoicePdf(view());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const [text] = await pages(pdf);
    for (const expected of [
      'n. 000000042 del 01/12/2026',
      'Partita IVA 01234560157',
      'REA MI-1234567',
      'Trattoria Là Giù srl',
      'Via Città Alta 3',
      'Codice fiscale 00743110157',
      'Codice destinatario SDI M5UXCR1',
      'Friggitrice elettrica 8 litri',
      '€500,00',
      '€1000,00',
      'Sconto (PRIMI10)',
      '-€10,00',
      'Servizi accessori',
      'Imponibile',
      '€1247,00',
      '€274,34',
      '€1521,34',
      'Modalità di pagamento: Bonifico bancario (MP05) - pagamento ricevuto il 02/12/2026',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Supplemento');
    expect(text?.replace(/\s+/g, ' ')).toContain(COURTESY_COPY_NOTE);
  });

  it('leaves out what the buyer does not have, and the courtesy note for a document outside SDI', async () => {
    const [text] = await pages(await renderInvoicePdf(view({ buyer: { name: 'Hans Müller', address: ['Hauptstraße 1', '80331 München', 'Germania'] }, courtesyCopy: false })));
    expect(text).toContain('Hans Müller');
    expect(text).not.toMatch(/Destinatario[^]*Codice fiscale|Partita IVA 00743110157|Codice destinatario|SdI/);
  });

  it('continues a long order on further pages, with the column titles repeated', async () => {
    const lines = Array.from({ length: 70 }, (_, i) => ({ sku: `SKU-${i}`, name: `Articolo numero ${i}`, qty: 1, unitNetCents: 100, taxPercent: 22, rowNetCents: 100 }));
    const text = await pages(await renderInvoicePdf(view({ lines })));
    expect(text.length).toBeGreaterThan(1);
    const withLines = text.filter((page) => page.includes('SKU-'));
    expect(withLines.length).toBeGreaterThan(1);
    for (const page of withLines) expect(page).toContain('Prezzo unitario');
    const all = text.join('\n');
    for (const line of lines) expect(all).toMatch(new RegExp(`${line.sku}\\b`));
    expect(text.at(-1)).toContain('€1521,34');
  });
});
