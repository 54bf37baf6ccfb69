import { Link as RouterLink } from 'react-router';
import { useList } from '@refinedev/core';
import { Button, Link, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { formatDate } from '../format.ts';
import { t } from '../i18n/translate.ts';
import { options } from '../orders/labels.ts';
import { CUSTOMER_GROUP_IDS, type AdminCustomerListItem } from '../types.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { NativeSelect } from '../ui/NativeSelect.tsx';
import { Page } from '../ui/Page.tsx';
import { EmptyRow, Pager } from '../ui/Pager.tsx';
import { useListFilters } from '../ui/use-list-filters.ts';

const FILTERS = ['q', 'group', 'buyer', 'hasOrders'] as const;
const PAGE_SIZE = 25;
const GROUP_OPTIONS = CUSTOMER_GROUP_IDS.map((id) => ({ value: String(id), label: t(`customerGroup.${id}`) }));

/** The customers list: filters live in the address, paging by cursor (as the orders list). */
export default function CustomerList() {
  const { filters, set, reset, page, setPage, text, setText, crudFilters } = useListFilters(FILTERS);

  const { query, result } = useList<AdminCustomerListItem & { id: string }>({ resource: 'customers', filters: crudFilters, pagination: { currentPage: page, pageSize: PAGE_SIZE, mode: 'server' } });
  const total = result.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <Page title={t('customers.title')}>
      <Paper component="section" aria-label={t('customers.filters')} sx={{ p: 2, mb: 2 }}>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2 }}>
          <TextField size="small" type="search" label={t('customers.filter.q')} helperText={t('customers.filter.qHelp')} value={text} onChange={(e) => setText(e.target.value)} sx={{ minWidth: 260 }} />
          <NativeSelect label={t('customers.filter.group')} value={filters.group} onChange={(v) => set('group', v)} allLabel={t('common.all')} options={GROUP_OPTIONS} />
          <NativeSelect label={t('customers.filter.buyer')} value={filters.buyer} onChange={(v) => set('buyer', v)} allLabel={t('common.all')} options={options(['company', 'private'], 'buyer')} />
          <NativeSelect
            label={t('customers.filter.hasOrders')}
            value={filters.hasOrders}
            onChange={(v) => set('hasOrders', v)}
            allLabel={t('common.all')}
            options={[
              { value: 'yes', label: t('common.yes') },
              { value: 'no', label: t('common.no') },
            ]}
          />
          <Button
            onClick={reset}
          >
            {t('customers.filter.reset')}
          </Button>
        </Stack>
      </Paper>
      <ErrorAlert error={query.error} />
      <Typography role="status" sx={{ mb: 1 }}>
        {query.isLoading ? t('app.loading') : t(total === 1 ? 'common.result' : 'common.results', { count: total })}
      </Typography>
      <TableContainer component={Paper} tabIndex={0} aria-label={t('customers.title')}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('customers.col.name')}</TableCell>
              <TableCell>{t('customers.col.company')}</TableCell>
              <TableCell>{t('customers.col.group')}</TableCell>
              <TableCell align="right">{t('customers.col.orders')}</TableCell>
              <TableCell>{t('customers.col.created')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {result.data.map((customer) => (
              <TableRow key={customer.id} hover>
                <TableCell>
                  <Link component={RouterLink} to={`/clienti/${customer.id}`}>
                    {customer.name || customer.email}
                  </Link>
                  <Typography variant="body2" color="text.secondary">
                    {customer.email}
                  </Typography>
                </TableCell>
                <TableCell>
                  {customer.company}
                  {customer.vatId && (
                    <Typography variant="body2" color="text.secondary">
                      {customer.vatId}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{t(`customerGroup.${customer.groupId}`)}</TableCell>
                <TableCell align="right">{customer.ordersCount}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(customer.createdAt)}</TableCell>
              </TableRow>
            ))}
            <EmptyRow shown={!query.isLoading && result.data.length === 0} columns={5} text={t('customers.empty')} />
          </TableBody>
        </Table>
      </TableContainer>
      <Pager page={page} pages={pages} onPage={setPage} />
    </Page>
  );
}
