import { useList } from '@refinedev/core';
import { Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { formatDate } from '../format.ts';
import { t } from '../i18n/translate.ts';
import type { StaffUserView } from '../types.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { Page } from '../ui/Page.tsx';

/** The staff users (owner only). Users are created on the server with `npm run admin:user`. */
export default function Users() {
  const { query, result } = useList<StaffUserView>({ resource: 'users', pagination: { mode: 'off' } });
  return (
    <Page title={t('users.title')}>
      <Typography sx={{ mb: 2 }}>{t('users.hint')}</Typography>
      <ErrorAlert error={query.error} />
      <TableContainer component={Paper} tabIndex={0} aria-label={t('users.title')}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('users.email')}</TableCell>
              <TableCell>{t('users.role')}</TableCell>
              <TableCell>{t('users.totp')}</TableCell>
              <TableCell>{t('users.created')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {result.data.map((user) => (
              <TableRow key={user.id}>
                <TableCell>{user.email}</TableCell>
                <TableCell>{t(`role.${user.role}`)}</TableCell>
                <TableCell>{user.totpEnabled ? t('common.yes') : t('common.no')}</TableCell>
                <TableCell>{formatDate(user.createdAt)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Page>
  );
}
