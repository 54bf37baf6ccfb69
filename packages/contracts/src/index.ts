export * from './envelope.ts';
export * from './health.ts';
export * from './catalog-query.ts';
export * from './url-map.ts';
export * from './stock.ts';
export * from './render-list.ts';
export * from './catalog-import.ts';
export * from './cms.ts';
