import type { AdminProductChoices } from '@shop/contracts';
import { Box } from '@mui/material';
import { t } from '../../i18n/translate.ts';
import { NativeSelect } from '../../ui/NativeSelect.tsx';
import type { CategoryChoice } from '../category-choices.ts';
import { statusOptions, visibilityOptions } from '../labels.ts';
import { CategoryField } from './CategoryField.tsx';
import type { FieldProps } from './field-props.ts';
import { FormText } from './FormText.tsx';

/** Name, status, visibility, tax class and categories. */
export function GeneralFields(props: FieldProps & { choices: AdminProductChoices; categories: readonly CategoryChoice[] }) {
  const { form, set, choices } = props;
  const taxClasses = choices.taxClasses.map((c) => ({ value: String(c.id), label: c.label }));
  if (!taxClasses.some((c) => c.value === form.taxClassId)) taxClasses.push({ value: form.taxClassId, label: t('products.taxClass.unknown', { id: form.taxClassId }) });
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <FormText {...props} name="name" required />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <NativeSelect label={t('products.field.status')} value={form.status} onChange={(value) => set('status', value)} options={statusOptions()} />
        <NativeSelect label={t('products.field.visibility')} value={form.visibility} onChange={(value) => set('visibility', value)} options={visibilityOptions()} />
        <NativeSelect label={t('products.field.taxClassId')} value={form.taxClassId} onChange={(value) => set('taxClassId', value)} options={taxClasses} />
      </Box>
      <CategoryField {...props} categories={props.categories} />
    </Box>
  );
}
