export * from './carts.ts';
export * from './items.ts';
export * from './products.ts';
export * from './coupons.ts';
export * from './config.ts';
export * from './fees.ts';
export type * from './schema.ts';
