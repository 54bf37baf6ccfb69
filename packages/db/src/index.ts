export * from './connect.ts';
export * from './schema.ts';
export { DataDirLockedError } from './driver/data-dir-lock.ts';
export { DatabaseError } from './driver/worker-client.ts';
export * from './catalog/write.ts';
export * from './catalog/query.ts';
export { productColumns, categoryColumns } from './catalog/rows.ts';
