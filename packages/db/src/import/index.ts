export { IMPORT_ORDER, entityFromName, isImportEntity, type ImportEntity } from './entities.ts';
export { readDump, type DumpDoc, type DumpRecord, type DumpSkip, type ReadDumpOptions } from './read-dump.ts';
export { dedupeByKey, keyField, prepareDoc, type Prepared, type PreparedDoc } from './prepare.ts';
export { importBatch, type AfterBatchWrite, type BatchDocs, type BatchImport, type BatchRead, type CatalogChange } from './import-batch.ts';
