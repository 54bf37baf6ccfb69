export * from './fiscal-code.ts';
export * from './partita-iva.ts';
export * from './vat-number.ts';
export * from './contact.ts';
export * from './provinces.ts';
export * from './buyer.ts';
export * from './iban.ts';
