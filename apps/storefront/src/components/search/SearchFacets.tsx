import type { FilterGroup } from '@/lib/filters/available-filters.ts';
import { PRICE_PARAM, type FilterChange } from '@/lib/filters/query-state.ts';
import styles from './search.module.css';

/**
 * The panel's facets: checkboxes per attribute option (OR within an attribute), radio buttons
 * for the single price range, named as on the results page (the arrow keys move within a radio
 * group by name; the box's submit handler builds the URL itself).
 */
export function SearchFacets({
  groups,
  headingId,
  heading,
  anyPrice,
  onChange,
}: {
  groups: readonly FilterGroup[];
  headingId: string;
  heading: string;
  anyPrice: string;
  onChange: (change: FilterChange) => void;
}) {
  if (groups.length === 0) return null;
  return (
    <section className={styles.facets} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.facetsHeading}>
        {heading}
      </h2>
      {groups.map((group) => {
        const chosenPrice = group.type === 'price' ? group.options.find((o) => o.selected) : undefined;
        return (
          <fieldset key={group.code} className={styles.facet}>
            <legend className={styles.facetLegend}>{group.label}</legend>
            {group.type === 'price' && (
              <label className={styles.facetOption}>
                <input
                  type="radio"
                  name={PRICE_PARAM}
                  value=""
                  checked={!chosenPrice}
                  onChange={() => chosenPrice && onChange({ type: 'price', id: chosenPrice.id })}
                />
                <span>{anyPrice}</span>
              </label>
            )}
            {group.options.map((option) => (
              <label key={option.id} className={styles.facetOption}>
                <input
                  type={group.type === 'price' ? 'radio' : 'checkbox'}
                  name={group.code}
                  value={option.id}
                  checked={option.selected}
                  onChange={() =>
                    onChange(group.type === 'price' ? { type: 'price', id: option.id } : { type: 'attribute', code: group.code, id: option.id })
                  }
                />
                <span>
                  {option.label}
                  {option.count !== null && <span className={styles.facetCount}> ({option.count})</span>}
                </span>
              </label>
            ))}
          </fieldset>
        );
      })}
    </section>
  );
}
