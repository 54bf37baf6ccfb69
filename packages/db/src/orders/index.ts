export * from './orders.ts';
export * from './stock.ts';
export type * from './schema.ts';
export * from './payments.ts';
export * from './refunds.ts';
export * from './fulfilment.ts';
export * from './admin-list.ts';
export * from './admin-dashboard.ts';
