export { IMPORT_ORDER, entityFromName, isImportEntity, type ImportEntity } from './entities.ts';
export { readDump, type DumpDoc, type DumpRecord, type DumpSkip, type ReadDumpOptions } from './read-dump.ts';
export { dedupeByKey, keyField, prepareDoc, type Prepared, type PreparedDoc } from './prepare.ts';
export { importBatch, type BatchImport, type CatalogChange } from './import-batch.ts';
