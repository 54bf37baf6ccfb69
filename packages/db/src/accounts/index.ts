export * from './customers.ts';
export * from './tokens.ts';
export type * from './schema.ts';
export * from './admin-customers.ts';
