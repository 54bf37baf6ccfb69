import { Box, Checkbox, FormControlLabel, Typography } from '@mui/material';
import { t } from '../../i18n/translate.ts';
import type { FieldProps } from './field-props.ts';
import { FormText } from './FormText.tsx';

/** Pieces in stock, whether it sells, and the availability texts the product page shows (`messaggio_disponibilita`, its date). */
export function StockFields(props: FieldProps & { isNew?: boolean }) {
  const { form, set } = props;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
      <FormText {...props} name="qty" kind="decimal" helperText={t('products.help.qty')} />
      {props.isNew ? (
        <span />
      ) : (
        <Box>
          <FormControlLabel control={<Checkbox checked={form.isInStock} onChange={(e) => set('isInStock', e.target.checked)} />} label={t('products.field.isInStock')} />
          <Typography variant="body2" color="text.secondary">
            {t('products.help.isInStock')}
          </Typography>
        </Box>
      )}
      <FormText {...props} name="availabilityMessage" helperText={t('products.help.availabilityMessage')} />
      <FormText {...props} name="availabilityCustomMessage" />
      <FormText {...props} name="availabilityDate" type="date" helperText={t('products.help.availabilityDate')} />
    </Box>
  );
}
