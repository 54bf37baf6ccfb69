import { Box, Typography } from '@mui/material';
import { t } from '../../i18n/translate.ts';
import type { FieldProps } from './field-props.ts';
import { FormText } from './FormText.tsx';

/** SEO title and description, and the URL key with what a change of it does (the old address answers 301). */
export function SeoFields(props: FieldProps & { urlRedirects?: readonly string[]; isNew?: boolean }) {
  const redirects = props.urlRedirects ?? [];
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <FormText {...props} name="metaTitle" helperText={t('products.help.metaTitle')} />
      <FormText {...props} name="metaDescription" kind="multiline" helperText={t('products.help.metaDescription')} />
      <FormText {...props} name="urlKey" helperText={t(props.isNew ? 'products.help.urlKeyNew' : 'products.help.urlKey')} />
      {redirects.length > 0 && (
        <Box>
          <Typography variant="body2">{t('products.redirects')}</Typography>
          <Box component="ul" sx={{ m: 0, pl: 3, overflowWrap: 'anywhere' }}>
            {redirects.map((path) => (
              <li key={path}>
                <code>/{path}</code>
              </li>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}
