import { useCustom } from '@refinedev/core';
import type { AdminSellerSettings } from '@shop/contracts';
import { Alert, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { t } from '../i18n/translate.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { Page } from '../ui/Page.tsx';

/** The seller's identity as the configuration sets it, read only: each value, where it comes from, and how CMS texts write it. */
export default function SellerSettings() {
  const { query } = useCustom<AdminSellerSettings>({ url: '/settings/seller', method: 'get' });
  // The query's own data: Refine's `result.data` is an empty object until the answer arrives.
  const settings = query.data?.data;
  return (
    <Page title={t('settings.title')}>
      <Typography sx={{ mb: 2 }}>{t('settings.intro')}</Typography>
      <ErrorAlert error={query.error} />
      {query.isLoading && <Typography role="status">{t('app.loading')}</Typography>}
      {settings?.demo && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('settings.demo')}
        </Alert>
      )}
      {settings && (
        <TableContainer component={Paper} tabIndex={0} aria-label={t('settings.table')}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('settings.col.setting')}</TableCell>
                <TableCell>{t('settings.col.value')}</TableCell>
                <TableCell>{t('settings.col.source')}</TableCell>
                <TableCell>{t('settings.col.placeholder')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {settings.settings.map((setting) => (
                <TableRow key={setting.key}>
                  <TableCell component="th" scope="row">
                    {t(`settings.key.${setting.key}`)}
                  </TableCell>
                  <TableCell>{setting.value ?? <Typography component="span" color="text.secondary">{t('settings.notSet')}</Typography>}</TableCell>
                  <TableCell>{t(`settings.source.${setting.source}`, { variable: setting.variable })}</TableCell>
                  <TableCell>{setting.placeholder && <code>{setting.placeholder}</code>}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Page>
  );
}
