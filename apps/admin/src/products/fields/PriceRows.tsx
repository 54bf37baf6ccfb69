import type { AdminProductChoices } from '@shop/contracts';
import { Box, Button, TextField, Typography } from '@mui/material';
import { t } from '../../i18n/translate.ts';
import { NativeSelect } from '../../ui/NativeSelect.tsx';
import type { PriceRow } from '../product-form.ts';
import type { FieldProps } from './field-props.ts';

/**
 * The tier prices (a customer group's price from a quantity of 2 or more) or the group prices (a
 * group's price from one piece): one row each, added and removed with buttons; an empty row is
 * left out on saving.
 */
export function PriceRows({ form, set, invalid, field, choices }: FieldProps & { field: 'tierPrices' | 'groupPrices'; choices: AdminProductChoices }) {
  const rows = form[field];
  const tiers = field === 'tierPrices';
  const groups = choices.customerGroups.map((g) => ({ value: String(g.id), label: g.label }));
  const change = (i: number, part: keyof PriceRow, value: string) => set(field, rows.map((row, j) => (j === i ? { ...row, [part]: value } : row)));
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 700, mb: 0.5 }}>
        {t(`products.field.${field}`)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t(`products.help.${field}`)}
      </Typography>
      {rows.map((row, i) => (
        <Box key={i} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
          <NativeSelect label={t('products.row.group', { n: i + 1 })} value={row.group} onChange={(value) => change(i, 'group', value)} options={groups} />
          {tiers && <TextField size="small" label={t('products.row.qty', { n: i + 1 })} value={row.qty} onChange={(e) => change(i, 'qty', e.target.value)} error={invalid.has(field)} slotProps={{ htmlInput: { inputMode: 'numeric' } }} sx={{ width: 150 }} />}
          <TextField size="small" label={t('products.row.price', { n: i + 1 })} value={row.price} onChange={(e) => change(i, 'price', e.target.value)} error={invalid.has(field)} slotProps={{ htmlInput: { inputMode: 'decimal' } }} sx={{ width: 170 }} />
          <Button onClick={() => set(field, rows.filter((_row, j) => j !== i))}>{t('products.row.remove', { n: i + 1 })}</Button>
        </Box>
      ))}
      <Box>
        <Button variant="outlined" onClick={() => set(field, [...rows, { group: String(choices.customerGroups[0]?.id ?? 0), qty: '', price: '' }])}>
          {t(`products.row.add.${field}`)}
        </Button>
      </Box>
    </Box>
  );
}
