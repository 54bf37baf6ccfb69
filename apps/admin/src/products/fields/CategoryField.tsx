import { Autocomplete, TextField } from '@mui/material';
import { t } from '../../i18n/translate.ts';
import type { CategoryChoice } from '../category-choices.ts';
import type { FieldProps } from './field-props.ts';

/** The product's categories: typed to find one by name, each chosen shown with its path; removed with Backspace or its ✕. */
export function CategoryField({ form, set, invalid, categories }: FieldProps & { categories: readonly CategoryChoice[] }) {
  const byId = new Map(categories.map((c) => [c.id, c]));
  // A category outside the shop's tree (an import's) stays, named by its number.
  const value = form.categoryIds.map((id) => byId.get(id) ?? { id, name: `#${id}`, path: `#${id}`, depth: 0 });
  return (
    <Autocomplete
      multiple
      id="campo-categoryIds"
      options={categories}
      value={value}
      onChange={(_event, chosen) => set('categoryIds', chosen.map((c) => c.id))}
      getOptionLabel={(c) => c.path}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterSelectedOptions
      noOptionsText={t('products.categories.none')}
      renderInput={(params) => <TextField {...params} label={t('products.field.categoryIds')} helperText={t('products.help.categoryIds')} error={invalid.has('categoryIds')} />}
    />
  );
}
