import { t } from '@/i18n/index.ts';
import { SearchIcon } from './Icons.tsx';

/**
 * Catalogue search: a plain GET form to /search?q= (works without JavaScript; the results page
 * comes with the search issue). Search terms need at least 3 characters (shopping.md §5).
 */
export function SearchForm({ id = 'site-search' }: { id?: string }) {
  const inputId = `${id}-q`;
  return (
    <form role="search" action="/search" method="get" className="search" aria-label={t('header.search.label')}>
      <label htmlFor={inputId} className="visually-hidden">
        {t('header.search.label')}
      </label>
      <input
        id={inputId}
        className="search__input"
        type="search"
        name="q"
        minLength={3}
        required
        autoComplete="off"
        enterKeyHint="search"
        placeholder={t('header.search.placeholder')}
      />
      <button type="submit" className="search__button">
        <SearchIcon />
        <span className="visually-hidden">{t('header.search.submit')}</span>
      </button>
    </form>
  );
}
