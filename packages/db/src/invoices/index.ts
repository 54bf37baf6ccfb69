export * from './invoices.ts';
export type * from './schema.ts';
