export type { SearchHits, SearchProvider, SearchRequest } from './provider.ts';
export { PostgresSearchProvider } from './postgres-search.ts';
export type { FuzzinessRule } from './text.ts';
export { rebuildSearchData } from './index-data.ts';
export { findProductDocs } from './documents.ts';
export { MemorySearchProvider, type MemorySearchOptions } from './memory/memory-search.ts';
export { searchFacets } from './search-facets.ts';
