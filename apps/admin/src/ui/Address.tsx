import { Box, Typography } from '@mui/material';
import { t } from '../i18n/translate.ts';

/** An address in the shop's order-address shape, as lines (name, company, street, city, country, phone, P.IVA). */
export function Address({ title, address }: { title: string; address: Record<string, unknown> }) {
  const text = (name: string) => (typeof address[name] === 'string' || typeof address[name] === 'number' ? String(address[name]) : '');
  const street = Array.isArray(address['street']) ? (address['street'] as string[]) : [text('street')];
  return (
    <Box sx={{ minWidth: 220, flex: 1 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Box component="address" sx={{ fontStyle: 'normal' }}>
        {[`${text('firstname')} ${text('lastname')}`.trim(), text('company'), ...street, `${text('postcode')} ${text('city')} ${text('region_code') ? `(${text('region_code')})` : ''}`.trim(), text('country_id'), text('telephone'), text('vat_id') && `${t('order.fiscal.vatId')}: ${text('vat_id')}`]
          .filter(Boolean)
          .map((line, i) => (
            <div key={i}>{line}</div>
          ))}
      </Box>
    </Box>
  );
}
