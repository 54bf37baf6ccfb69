import { t } from '@/i18n/index.ts';
import { getFilterableAttributes } from '@/lib/api/listing.ts';
import { facetRequest } from '@/lib/filters/facet-request.ts';
import { SEARCH_MIN_LENGTH } from '@/lib/search/search-term.ts';
import { storeHref } from '@/lib/store.ts';
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

/**
 * The same GET form without the panel, for the not-found pages. Next renders a layout's
 * not-found page into the payload of every page under it (to show it without a round trip),
 * so the panel's texts and facets there cost every page ~4 KB of payload and two renders of
 * the search box; a shopper who lands on a 404 still searches, and the header keeps the panel.
 */
export function PlainSearchForm({ id }: { id: string }) {
  return (
    <form role="search" action={storeHref('/search')} method="get" className="search" aria-label={t('header.search.label')}>
      <label htmlFor={`${id}-q`} className="visually-hidden">
        {t('header.search.label')}
      </label>
      <input id={`${id}-q`} className="search__input" type="search" name="q" minLength={SEARCH_MIN_LENGTH} required enterKeyHint="search" placeholder={t('header.search.placeholder')} />
      <button type="submit" className="search__button">
        <SearchIcon />
        <span className="visually-hidden">{t('header.search.submit')}</span>
      </button>
    </form>
  );
}
