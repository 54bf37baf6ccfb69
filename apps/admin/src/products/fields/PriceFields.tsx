import type { AdminProductChoices } from '@shop/contracts';
import { Box, Typography } from '@mui/material';
import { t } from '../../i18n/translate.ts';
import type { FieldProps } from './field-props.ts';
import { FormText } from './FormText.tsx';
import { PriceRows } from './PriceRows.tsx';

/** The list price, the special price with its window, the tier and group prices; all net of VAT, as the shop lists them. */
export function PriceFields(props: FieldProps & { choices: AdminProductChoices }) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2">{t('products.help.prices')}</Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
        <FormText {...props} name="price" kind="euros" required />
        <FormText {...props} name="specialPrice" kind="euros" helperText={t('products.help.specialPrice')} />
        <FormText {...props} name="specialFrom" type="datetime-local" helperText={t('products.help.specialFrom')} />
        <FormText {...props} name="specialTo" type="datetime-local" helperText={t('products.help.specialTo')} />
      </Box>
      <PriceRows {...props} field="tierPrices" />
      <PriceRows {...props} field="groupPrices" />
    </Box>
  );
}
