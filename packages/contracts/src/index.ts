export * from './envelope.ts';
export * from './health.ts';
export * from './catalog-query.ts';
