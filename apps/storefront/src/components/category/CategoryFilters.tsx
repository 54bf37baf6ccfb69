import { Suspense } from 'react';
import { formatNumber } from '@shop/domain';
import { t } from '@/i18n/index.ts';
import type { FilterGroup } from '@/lib/filters/available-filters.ts';
import { selectedOptions } from '@/lib/filters/available-filters.ts';
import {
  LIST_KINDS,
  PRICE_PARAM,
  SORT_PARAM,
  changeFilterQuery,
  listViewHref,
  type CategoryQueryState,
  type ListBase,
  type SortId,
} from '@/lib/filters/query-state.ts';
import type { MessageKey } from '@/i18n/index.ts';
import { FilterFormEnhancer } from './FilterFormEnhancer.tsx';
import { showProductsText, type CountQuery, type DrawerTexts } from './filter-drawer.ts';
import styles from './category.module.css';

export const FILTER_FORM_ID = 'category-filters';

export const SORT_LABELS: Record<SortId, MessageKey> = {
  relevance: 'category.sort.relevance',
  position: 'category.sort.position',
  'updated_at:desc': 'category.sort.latest',
  'price:asc': 'category.sort.priceAsc',
  'price:desc': 'category.sort.priceDesc',
};

/** The drawer's texts, looked up on the server for the enhancer. */
const drawerTexts = (): DrawerTexts => ({ show: t('filterDrawer.show'), showAny: t('filterDrawer.showAny') });

/** What identifies a view's controls: its choices and sort (the page does not change them). */
const viewKey = (view: CategoryQueryState) => JSON.stringify([view.filters, view.price, view.sort]);

function countText(value: number | null): string {
  return value === null ? '' : ` (${formatNumber(value)})`;
}

/**
 * The filter panel of a list (category page or search results, whose term rides along as a
 * hidden field): one GET form (works without JavaScript; FilterFormEnhancer applies changes
 * at once when it runs). Checkboxes for attribute options (several per attribute = OR), radio
 * buttons for the single price range. On small screens the panel opens as a drawer whose choices
 * apply together with "Mostra N prodotti" (FilterFormEnhancer counts them as they change).
 */
export function CategoryFilters({
  base,
  groups,
  view,
  total,
  count,
  noneText = t('filters.none'),
}: {
  base: ListBase;
  groups: readonly FilterGroup[];
  view: CategoryQueryState;
  /** Products of the view: the drawer's "Mostra N prodotti" until a choice changes it. */
  total: number;
  /** How the drawer counts the products of the choices not yet applied. */
  count: CountQuery;
  /** Said when there is nothing to filter by. */
  noneText?: string;
}) {
  const chosen = selectedOptions(groups).length;
  return (
    // autoComplete off: the browser must not restore old control states on back/forward, the
    // server renders the controls of each view from its URL.
    <form
      id={FILTER_FORM_ID}
      className={styles.filters}
      method="get"
      action={base.path}
      autoComplete="off"
      aria-labelledby="filters-heading"
    >
      {Object.entries(base.lead ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <details className={styles.filtersDisclosure}>
        <summary className={styles.filtersToggle}>
          <span id="filters-heading">{t('filters.heading')}</span>
          {chosen > 0 && <span className={styles.badge}>{t('filters.chosenCount', { count: chosen })}</span>}
        </summary>
        {/* Keyed by the view: a view reached without a page load (the chips, "Rimuovi tutti i
            filtri") renders fresh controls from its URL instead of keeping the old ticks. */}
        <div className={styles.filtersBody} key={viewKey(view)} data-drawer-body>
          <div className={styles.drawerHead}>
            <span aria-hidden="true">{t('filterDrawer.title')}</span>
            <button type="button" className={styles.drawerClose} data-drawer-close>
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">{t('filterDrawer.close')}</span>
            </button>
          </div>
          {groups.length === 0 && <p className={styles.muted}>{noneText}</p>}
          {groups.map((group) => (
            <fieldset key={group.code} className={styles.group}>
              <legend className={styles.legend}>{group.label}</legend>
              <ul className={styles.options}>
                {group.type === 'price' && (
                  <li>
                    <label className={styles.option}>
                      <input type="radio" name={PRICE_PARAM} value="" defaultChecked={view.price === null} />
                      <span>{t('filters.anyPrice')}</span>
                    </label>
                  </li>
                )}
                {group.options.map((option) => (
                  <li key={option.id}>
                    <label className={styles.option}>
                      <input
                        type={group.type === 'price' ? 'radio' : 'checkbox'}
                        name={group.code}
                        value={option.id}
                        defaultChecked={option.selected}
                      />
                      <span>
                        {option.label}
                        <span className={styles.count}>{countText(option.count)}</span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          ))}
          {groups.length > 0 && (
            <button type="submit" className={`button ${styles.applyButton} ${styles.wideApply}`}>
              {t('filters.apply')}
            </button>
          )}
          {groups.length > 0 && (
            <div className={styles.drawerFoot}>
              <button type="submit" className={`button ${styles.drawerApply}`} data-drawer-apply aria-live="polite">
                {showProductsText(total, drawerTexts())}
              </button>
            </div>
          )}
        </div>
      </details>
      <Suspense fallback={null}>
        <FilterFormEnhancer formId={FILTER_FORM_ID} kind={base.kind} view={viewKey(view)} count={count} texts={drawerTexts()} />
      </Suspense>
    </form>
  );
}

/** The sort control: a select in the filter form (by its `form` attribute), with its own button. */
export function SortControl({ view, kind }: { view: CategoryQueryState; kind: ListBase['kind'] }) {
  return (
    <div className={styles.sort}>
      <label htmlFor="category-sort">{t('category.sort.label')}</label>
      <select id="category-sort" key={view.sort} name={SORT_PARAM} form={FILTER_FORM_ID} defaultValue={view.sort} className={styles.select}>
        {LIST_KINDS[kind].sorts.map((id) => (
          <option key={id} value={id}>
            {t(SORT_LABELS[id])}
          </option>
        ))}
      </select>
      <button type="submit" form={FILTER_FORM_ID} className={`button button--secondary ${styles.applyButton}`}>
        {t('category.sort.apply')}
      </button>
    </div>
  );
}

/** The chosen filters as links that remove them, and a link that removes them all. */
export function ActiveFilters({ base, groups, view }: { base: ListBase; groups: readonly FilterGroup[]; view: CategoryQueryState }) {
  const chosen = selectedOptions(groups);
  const kind = LIST_KINDS[base.kind];
  if (chosen.length === 0) return null;
  return (
    <section className={styles.active} aria-labelledby="active-filters-heading">
      <h2 id="active-filters-heading" className="visually-hidden">
        {t('filters.active')}
      </h2>
      <ul className={styles.chips}>
        {chosen.map(({ group, option }) => {
          const next =
            group.type === 'price'
              ? changeFilterQuery(view, { type: 'price', id: option.id }, kind)
              : changeFilterQuery(view, { type: 'attribute', code: group.code, id: option.id }, kind);
          return (
            <li key={`${group.code}:${option.id}`}>
              <a href={listViewHref(base, next)} className={styles.chip} data-keep-scroll>
                <span>
                  {group.label}: {option.label}
                </span>
                <span aria-hidden="true" className={styles.chipX}>
                  ×
                </span>
                <span className="visually-hidden">{t('filters.remove')}</span>
              </a>
            </li>
          );
        })}
        <li>
          <a href={listViewHref(base, changeFilterQuery(view, { type: 'clear' }, kind))} className={styles.clearAll} data-keep-scroll>
            {t('filters.clearAll')}
          </a>
        </li>
      </ul>
    </section>
  );
}
