import type { Metadata } from 'next';
import { SearchResultsView } from '@/components/search/SearchResultsView.tsx';
import { t } from '@/i18n/index.ts';
import { SEARCH_LIST, parseCategoryQuery } from '@/lib/filters/query-state.ts';
import { normalizeTerm } from '@/lib/search/search-term.ts';

/*
 * Search results /search?q=…&colore=…&price=…&sort=…&p=… (proxy.ts serves it from here).
 * Rendered per request, never stored in the page cache (the store layout's ISR would otherwise
 * apply: the route has no dynamic segment of its own); the search call is not cached either.
 * Result pages are `noindex, follow`: endless term variants must not enter search engines.
 */
export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

function term(query: Record<string, string | string[] | undefined>): string {
  const raw = query.q;
  return normalizeTerm((Array.isArray(raw) ? raw[0] : raw) ?? '').slice(0, 200);
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const q = term(await searchParams);
  return {
    title: q ? t('search.metaTitle', { term: q }) : t('search.metaTitleEmpty'),
    robots: { index: false, follow: true },
  };
}

export default async function SearchPage({ searchParams }: Props) {
  const query = await searchParams;
  return <SearchResultsView q={term(query)} asTyped={query.typed === '1'} view={parseCategoryQuery(query, SEARCH_LIST)} />;
}
