import { computeCartTotals, type CouponRule, type TotalsLine } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { creditNoteDocument, CreditRefused, fileProgressive, formatInvoiceNumber, invoiceDocument, orderFiscal, parseSeat, type InvoiceDocument, type InvoiceSeller, type IssueContext, type OrderForInvoice } from './document.ts';
import { amount, fatturaPaXml, latin, unitAmount } from './fatturapa.ts';
import { xsdErrors } from './xsd/validate.ts';

const seller: InvoiceSeller = {
  name: 'Bottega Pro srl (dati di prova)',
  vatId: '01234560157',
  fiscalCode: '01234560157',
  regimeFiscale: 'RF01',
  seat: parseSeat("Via dell'Esempio 1, 20121 Milano (MI)")!,
  rea: { office: 'MI', number: '0000000' },
  pec: 'bottegapro@pec.example.it',
  phone: '+39 02 0000000',
  email: 'info@bottega-pro.example',
};

const context = (sequence: number, type: IssueContext['type'] = 'TD01'): IssueContext => ({ type, year: 2026, sequence, date: '2026-03-02', seller, zeroRateNatura: 'N2.2' });

const line = (id: number, sku: string, unitNet: number, qty: number, taxRate = 22, productFee = 0): TotalsLine => ({
  id,
  sku,
  name: `Prodotto ${sku} “professionale” – acciaio`,
  qty,
  unitNet,
  taxRate,
  categoryIds: [3],
  options: [],
  productFee,
});

const billing = { firstname: 'Mario', lastname: 'Rossi', street: ['Via Roma 1'], postcode: '20121', city: 'Milano', regionCode: 'MI', countryId: 'IT' };
const companyBuyer = { isCompany: true, company: 'Trattoria da Mario srl', fiscalCode: '00743110157', vatId: '00743110157' };

/** An order as the cart computes it (ADR 0009 rounding), with its fiscal amounts as placement records them. */
function order(parts: {
  lines: TotalsLine[];
  shipping?: number;
  fees?: { title: string; netCents: number; kind: 'shipping' | 'product' }[];
  surcharge?: number;
  coupon?: CouponRule;
  buyer: Partial<OrderForInvoice>;
  paymentCode?: OrderForInvoice['paymentCode'];
}): OrderForInvoice {
  const shippingFee = (parts.fees ?? []).filter((f) => f.kind === 'shipping').reduce((a, f) => a + f.netCents, 0);
  const totals = computeCartTotals({ lines: parts.lines, shipping: parts.shipping ?? 549, shippingFee, surcharge: parts.surcharge ?? 0, serviceTaxRate: 22, coupon: parts.coupon ?? null, now: new Date('2026-03-01T10:00:00Z') });
  const fiscal = orderFiscal({ totals, serviceTaxRate: 22, shippingTitle: 'Corriere espresso (2-3 giorni)', fees: (parts.fees ?? []).map(({ title, netCents }) => ({ title, netCents })), surchargeTitle: 'Contrassegno' });
  return {
    incrementId: '000000042',
    createdAt: new Date('2026-03-01T10:00:00Z'),
    isCompany: false,
    company: null,
    fiscalCode: null,
    vatId: null,
    sdiCode: null,
    pecEmail: null,
    billing,
    paymentCode: parts.paymentCode ?? 'MP05',
    paymentTitle: 'Bonifico bancario anticipato',
    paidAt: new Date('2026-03-02T09:00:00Z'),
    couponCode: fiscal.couponCode,
    subtotalCents: totals.subtotal,
    discountCents: totals.discount,
    shippingCents: totals.shipping,
    feeCents: totals.shippingFee + totals.productFee,
    surchargeCents: totals.surcharge,
    taxCents: totals.tax,
    grandTotalCents: totals.grandTotal,
    shippingTitle: 'Corriere espresso (2-3 giorni)',
    items: parts.lines.map((l) => ({ sku: l.sku, name: l.name, qty: l.qty, unitNetCents: l.unitNet, taxPercent: l.taxRate })),
    fiscal,
    ...parts.buyer,
  };
}

/** The XML's own sums: the document total, and the VAT summary's taxable amounts and taxes. */
function xmlTotals(xml: string) {
  const values = (tag: string) => [...xml.matchAll(new RegExp(`<${tag}>(-?[\\d.]+)</${tag}>`, 'g'))].map((m) => Math.round(Number(m[1]) * 100));
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return { total: values('ImportoTotaleDocumento')[0], taxable: sum(values('ImponibileImporto')), tax: sum(values('Imposta')), lines: sum(values('PrezzoTotale')), paid: sum(values('ImportoPagamento')) };
}

/** Builds the file, validates it against the official XSD and checks its sums against the order. */
function checked(document: InvoiceDocument, grandTotalCents: number) {
  const file = fatturaPaXml(document);
  expect(xsdErrors(file.xml), file.xml).toBe('');
  const sums = xmlTotals(file.xml);
  expect(sums.total).toBe(grandTotalCents);
  expect(sums.taxable + sums.tax).toBe(grandTotalCents);
  expect(sums.lines).toBe(sums.taxable);
  // The SdI checks each rate's tax against taxable × rate: within a cent per taxed amount.
  for (const row of document.summary) expect(Math.abs(row.taxCents - Math.round((row.taxableCents * row.taxPercent) / 100))).toBeLessThanOrEqual(document.lines.length);
  return file;
}

describe('invoice numbers', () => {
  it('numbers per year with six digits and names the file with a 5-character progressive', () => {
    expect(formatInvoiceNumber(2026, 123)).toBe('2026/000123');
    expect(formatInvoiceNumber(2026, 1)).toBe('2026/000001');
    expect(() => formatInvoiceNumber(2026, 0)).toThrow(RangeError);
    expect(fileProgressive(2026, 1)).toBe('Q0001');
    expect(fileProgressive(2027, 1)).toBe('R0001');
    expect(fileProgressive(2026, 36 ** 4 - 1)).toBe('QZZZZ');
    expect(fileProgressive(2026, 123)).toMatch(/^[A-Z0-9]{5}$/);
    // Every number of a year has its own progressive.
    const seen = new Set(Array.from({ length: 5000 }, (_, i) => fileProgressive(2026, i + 1)));
    expect(seen.size).toBe(5000);
  });

  it('formats amounts as the schema wants them', () => {
    expect(amount(12345)).toBe('123.45');
    expect(amount(-50)).toBe('-0.50');
    expect(amount(0)).toBe('0.00');
    expect(unitAmount(1000 / 3)).toBe('3.33333333');
    expect(unitAmount(250)).toBe('2.50');
    expect(latin('Forno “combi” – 10 teglie € ✓', 1000)).toBe('Forno "combi" - 10 teglie EUR');
  });
});

describe('FatturaPA XML', () => {
  it('company with an SDI code: CodiceDestinatario is the code, P.IVA and codice fiscale', () => {
    const o = order({ lines: [line(1, 'FORNO-10', 129_900, 1), line(2, 'TEGLIA', 1_990, 6)], buyer: { ...companyBuyer, sdiCode: 'm5uxcr1' } });
    const { fileName, xml } = checked(invoiceDocument(o, context(1)), o.grandTotalCents);
    expect(fileName).toBe('IT01234560157_Q0001.xml');
    expect(xml).toContain('<CodiceDestinatario>M5UXCR1</CodiceDestinatario>');
    expect(xml).not.toContain('PECDestinatario');
    expect(xml).toContain('<IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>00743110157</IdCodice></IdFiscaleIVA><CodiceFiscale>00743110157</CodiceFiscale><Anagrafica><Denominazione>Trattoria da Mario srl</Denominazione>');
    expect(xml).toContain('<TipoDocumento>TD01</TipoDocumento>');
    expect(xml).toContain('<Numero>2026/000001</Numero>');
    expect(xml).toContain('<RegimeFiscale>RF01</RegimeFiscale>');
    expect(xml).toContain('<ModalitaPagamento>MP05</ModalitaPagamento>');
    // One line per order line, and shipping.
    expect(xml.match(/<DettaglioLinee>/g)).toHaveLength(3);
  });

  it('company with a PEC address: 0000000 and PECDestinatario', () => {
    const o = order({ lines: [line(1, 'ABBATTITORE', 249_000, 1)], buyer: { ...companyBuyer, pecEmail: 'trattoria@pec.example.it' }, paymentCode: 'MP08' });
    const { xml } = checked(invoiceDocument(o, context(2)), o.grandTotalCents);
    expect(xml).toContain('<CodiceDestinatario>0000000</CodiceDestinatario><PECDestinatario>trattoria@pec.example.it</PECDestinatario>');
    expect(xml).toContain('<ModalitaPagamento>MP08</ModalitaPagamento>');
  });

  it('consumer with a codice fiscale: 0000000, Nome and Cognome, no P.IVA', () => {
    const o = order({ lines: [line(1, 'COLTELLO', 4_590, 2)], buyer: { fiscalCode: 'rssmra79b11c566r' }, paymentCode: 'MP01', surcharge: 600 });
    const { xml } = checked(invoiceDocument(o, context(3)), o.grandTotalCents);
    expect(xml).toContain('<CodiceDestinatario>0000000</CodiceDestinatario>');
    expect(xml).not.toContain('PECDestinatario');
    expect(xml).toContain('<CessionarioCommittente><DatiAnagrafici><CodiceFiscale>RSSMRA79B11C566R</CodiceFiscale><Anagrafica><Nome>Mario</Nome><Cognome>Rossi</Cognome></Anagrafica>');
    expect(xml).toContain('<Descrizione>Costo pagamento: Contrassegno</Descrizione>');
    expect(xml).toContain('<ModalitaPagamento>MP01</ModalitaPagamento>');
  });

  it('an order with fees, the tail-lift and a coupon: a line for each, the coupon as a discount line per rate', () => {
    const coupon: CouponRule = { code: 'NEWSLETTER10', type: 'percent', value: 10, categoryIds: null, minSubtotal: 0, validFrom: null, validTo: null, active: true };
    // Product fee: 1.5 % all-risk insurance on the oven's row; delivery services: tail-lift and phone notice.
    const o = order({
      lines: [line(1, 'FORNO-10', 129_900, 1, 22, 1_949), line(2, 'LIBRO-RICETTE', 2_333, 3, 4), line(3, 'TEGLIA', 1_999, 7)],
      fees: [
        { title: 'Assicurazione all-risk (Forno)', netCents: 1_949, kind: 'product' },
        { title: 'Consegna con sponda idraulica', netCents: 3_500, kind: 'shipping' },
        { title: 'Preavviso telefonico', netCents: 300, kind: 'shipping' },
      ],
      coupon,
      buyer: { ...companyBuyer, sdiCode: 'M5UXCR1' },
    });
    const document = invoiceDocument(o, context(4));
    const { xml } = checked(document, o.grandTotalCents);
    expect(o.discountCents).toBeGreaterThan(0);
    expect(xml).toContain('<Descrizione>Consegna con sponda idraulica</Descrizione><Quantita>1.00</Quantita><PrezzoUnitario>35.00</PrezzoUnitario>');
    expect(xml).toContain('<Descrizione>Preavviso telefonico</Descrizione>');
    expect(xml).toContain('<Descrizione>Assicurazione all-risk (Forno)</Descrizione>');
    expect(xml).toContain('<Descrizione>Spedizione: Corriere espresso (2-3 giorni)</Descrizione>');
    // The coupon: one negative line at 22 % and one at 4 %, adding up to the order's discount.
    const discounts = document.lines.filter((l) => l.kind === 'discount');
    expect(discounts.map((l) => l.taxPercent).sort()).toEqual([22, 4]);
    expect(discounts.reduce((a, l) => a + l.totalNetCents, 0)).toBe(-o.discountCents);
    expect(xml).toContain('<TipoCessionePrestazione>SC</TipoCessionePrestazione>');
    expect(xml.match(/<DatiRiepilogo>/g)).toHaveLength(2);
    expect(xml.match(/<DettaglioLinee>/g)).toHaveLength(3 + 1 + 3 + 2);
  });

  it('a 0 % line carries its Natura, and so does its VAT summary row', () => {
    const o = order({ lines: [line(1, 'CORSO-HACCP', 15_000, 1, 0), line(2, 'TERMOMETRO', 2_490, 1)], buyer: { ...companyBuyer, sdiCode: 'M5UXCR1' } });
    const { xml } = checked(invoiceDocument(o, context(5)), o.grandTotalCents);
    expect(xml).toContain('<AliquotaIVA>0.00</AliquotaIVA><Natura>N2.2</Natura></DettaglioLinee>');
    expect(xml).toMatch(/<DatiRiepilogo><AliquotaIVA>0.00<\/AliquotaIVA><Natura>N2.2<\/Natura><ImponibileImporto>150.00<\/ImponibileImporto><Imposta>0.00<\/Imposta><RiferimentoNormativo>/);
  });

  it('credit notes: TD04 naming the invoice, whole or by lines, never above the invoice', () => {
    const o = order({ lines: [line(1, 'FORNO-10', 129_900, 1), line(2, 'TEGLIA', 1_999, 7)], buyer: { ...companyBuyer, sdiCode: 'M5UXCR1' }, coupon: { code: 'X10', type: 'percent', value: 10, categoryIds: null, minSubtotal: 0, validFrom: null, validTo: null, active: true } });
    const invoice = { ...invoiceDocument(o, context(6)), id: 6 };

    const whole = creditNoteDocument(invoice, { whole: true }, [], context(7, 'TD04'));
    const { xml } = checked(whole, o.grandTotalCents);
    expect(xml).toContain('<TipoDocumento>TD04</TipoDocumento>');
    expect(xml).toContain('<DatiFattureCollegate><IdDocumento>2026/000006</IdDocumento><Data>2026-03-02</Data></DatiFattureCollegate>');
    expect(xml).not.toContain('DatiPagamento');

    // Three of the seven pans, with their share of the coupon, and part of the shipping.
    const partial = creditNoteDocument(invoice, { lines: [{ index: 1, qty: 3 }], amounts: [{ description: 'Rimborso parziale spedizione', netCents: 200, taxPercent: 22 }] }, [], context(8, 'TD04'));
    const pans = partial.lines[0]!;
    expect(pans).toMatchObject({ kind: 'credit', qty: 3, sku: 'TEGLIA', creditsLine: 1 });
    expect(pans.totalNetCents).toBe(Math.round(((1_999 * 7 - invoice.lines[1]!.discountCents!) * 3) / 7));
    checked(partial, partial.totalCents);

    expect(() => creditNoteDocument(invoice, { lines: [{ index: 1, qty: 5 }] }, [partial], context(9, 'TD04'))).toThrow(CreditRefused);
    expect(() => creditNoteDocument(invoice, { whole: true }, [partial], context(9, 'TD04'))).toThrow(CreditRefused);
    expect(() => creditNoteDocument(invoice, { amounts: [{ description: 'Troppo', netCents: o.grandTotalCents, taxPercent: 22 }] }, [partial], context(9, 'TD04'))).toThrow(CreditRefused);
    // What is left of the line can still be credited.
    checked(creditNoteDocument(invoice, { lines: [{ index: 1 }] }, [partial], context(9, 'TD04')), Math.round(((1_999 * 7 - invoice.lines[1]!.discountCents!) * 4) / 7) + Math.round(Math.round(((1_999 * 7 - invoice.lines[1]!.discountCents!) * 4) / 7) * 0.22));
  });

  it('the last credit of an invoice takes exactly what is left: its VAT absorbs the cents the credits rounded apart', () => {
    const o = order({ lines: [line(1, 'FORNO-10', 129_900, 1), line(2, 'TEGLIA', 1_999, 7)], surcharge: 400, buyer: { ...companyBuyer, sdiCode: 'M5UXCR1' }, coupon: { code: 'X10', type: 'percent', value: 10, categoryIds: null, minSubtotal: 0, validFrom: null, validTo: null, active: true } });
    const invoice = { ...invoiceDocument(o, context(13)), id: 13 };
    const first = creditNoteDocument(invoice, { lines: [{ index: 1, qty: 3 }] }, [], context(14, 'TD04'));
    const left = o.grandTotalCents - first.totalCents;
    const shipping = invoice.lines.find((l) => l.kind === 'shipping')!;
    const surcharge = invoice.lines.findIndex((l) => l.kind === 'surcharge');
    const rest = { lines: [{ index: 0 }, { index: 1 }, { index: surcharge }], amounts: [{ description: 'Rimborso spese di spedizione', netCents: shipping.totalNetCents, taxPercent: 22 }] };
    checked(creditNoteDocument(invoice, { ...rest, totalCents: left }, [first], context(15, 'TD04')), left);
    // A target the lines do not come near is not a rounding: refused.
    expect(() => creditNoteDocument(invoice, { ...rest, totalCents: left - 100 }, [first], context(15, 'TD04'))).toThrow(CreditRefused);
  });

  it('a buyer abroad: XXXXXXX, the VAT number without its country prefix, postcode 00000', () => {
    const o = order({ lines: [line(1, 'FORNO-10', 129_900, 1)], buyer: { isCompany: true, company: 'Gasthaus Müller GmbH', vatId: 'DE123456789', billing: { ...billing, postcode: 'D-80331', city: 'München', regionCode: null, countryId: 'DE' } } });
    const { xml } = checked(invoiceDocument(o, context(10)), o.grandTotalCents);
    expect(xml).toContain('<CodiceDestinatario>XXXXXXX</CodiceDestinatario>');
    expect(xml).toContain('<IdFiscaleIVA><IdPaese>DE</IdPaese><IdCodice>123456789</IdCodice></IdFiscaleIVA>');
    expect(xml).toContain('<CAP>00000</CAP><Comune>München</Comune><Nazione>DE</Nazione>');
  });

  it('keeps fees that would not add up to the cart’s as one line of the cart’s amount', () => {
    const totals = computeCartTotals({ lines: [line(1, 'FORNO-10', 129_900, 1)], shipping: 549, shippingFee: 3_500, surcharge: 0, serviceTaxRate: 22, coupon: null, now: new Date() });
    const fiscal = orderFiscal({ totals, serviceTaxRate: 22, shippingTitle: 'Corriere', fees: [{ title: 'Consegna con sponda idraulica', netCents: 3_000 }], surchargeTitle: '' });
    expect(fiscal.fees).toEqual([{ title: 'Servizi accessori', netCents: 3_500 }]);
  });

  it('refuses to issue an invoice whose total would not be the order’s', () => {
    const o = order({ lines: [line(1, 'FORNO-10', 129_900, 1)], buyer: companyBuyer });
    expect(() => invoiceDocument({ ...o, grandTotalCents: o.grandTotalCents + 1 }, context(11))).toThrow(/not the order's/);
  });

  it('rebuilds the fiscal amounts of an order placed before they were recorded', () => {
    const o = order({ lines: [line(1, 'FORNO-10', 129_900, 1), line(2, 'TEGLIA', 1_999, 7)], fees: [{ title: 'Consegna al piano', netCents: 2_500, kind: 'shipping' }], buyer: { ...companyBuyer, sdiCode: 'M5UXCR1' } });
    const { xml } = checked(invoiceDocument({ ...o, fiscal: null }, context(12)), o.grandTotalCents);
    expect(xml).toContain('<Descrizione>Servizi accessori</Descrizione>');
  });
});
