import { Box } from '@mui/material';
import { t } from '../../i18n/translate.ts';
import type { FieldProps } from './field-props.ts';
import { FormText } from './FormText.tsx';

/** The short and the full description, as HTML the API sanitises by the CMS rules. */
export function DescriptionFields(props: FieldProps) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <FormText {...props} name="shortDescription" kind="html" helperText={t('products.help.html')} />
      <FormText {...props} name="description" kind="html" helperText={t('products.help.html')} />
    </Box>
  );
}
