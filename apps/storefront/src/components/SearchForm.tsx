import { getFilterableAttributes } from '@/lib/api/listing.ts';
import { facetRequest } from '@/lib/filters/facet-request.ts';
import { SearchIcon } from './Icons.tsx';
import { SearchBox } from './search/SearchBox.tsx';
import { searchTexts } from './search/search-texts.ts';

/**
 * Catalogue search: a plain GET form to /search?q= that works without JavaScript; with it, the
 * field opens the search panel (results while typing, facets, keyboard navigation). The panel's
 * facets are the filterable attributes; without them (API down) it still searches.
 */
export async function SearchForm({ id = 'site-search' }: { id?: string }) {
  const attributes = await getFilterableAttributes().catch(() => []);
  return <SearchBox id={id} texts={searchTexts()} icon={<SearchIcon />} attributes={attributes} aggregations={facetRequest(attributes)} />;
}
