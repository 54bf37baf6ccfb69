/** What the panel's live region says (shopping.md §5 minimum length, catalogue.md §7 offline). Pure. */
import { interpolate } from '../../i18n/interpolate.ts';
import { normalizeTerm } from '../../lib/search/search-term.ts';
import type { SearchTexts } from './search-texts.ts';
import type { PanelSearch } from './useSearch.ts';

export function panelStatus(search: Pick<PanelSearch, 'status' | 'answer'>, term: string, texts: SearchTexts): string {
  const { status, answer } = search;
  if (status === 'short') return texts.minLength;
  if (status === 'error') return texts.error;
  if (status === 'loading' || !answer) return texts.loading;
  if (answer.offline && !answer.cached) return texts.offlineEmpty;
  const total = answer.result.total;
  const count = interpolate(texts.count, { count: total });
  if (answer.offline) return `${texts.offline} ${count}`;
  return total === 0 ? interpolate(texts.noResults, { term: normalizeTerm(term) }) : count;
}
