import { Link as RouterLink } from 'react-router';
import { useList } from '@refinedev/core';
import { Button, Link, Paper, Stack, TableCell, TableRow, TextField, Typography } from '@mui/material';
import { formatDate } from '../format.ts';
import { t } from '../i18n/translate.ts';
import { options } from '../orders/labels.ts';
import { CUSTOMER_GROUP_IDS, type AdminCustomerListItem } from '../types.ts';
import { NativeSelect } from '../ui/NativeSelect.tsx';
import { Page } from '../ui/Page.tsx';
import { ListTable } from '../ui/ListTable.tsx';
import { useListFilters } from '../ui/use-list-filters.ts';

const FILTERS = ['q', 'group', 'buyer', 'hasOrders'] as const;
const PAGE_SIZE = 25;
const HEAD = [
  { label: t('customers.col.name') },
  { label: t('customers.col.company') },
  { label: t('customers.col.group') },
  { label: t('customers.col.orders'), align: 'right' },
  { label: t('customers.col.created') },
] as const;
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
      <ListTable
        label={t('customers.title')}
        head={HEAD}
        empty={t('customers.empty')}
        loading={query.isLoading}
        error={query.error}
        total={total}
        shown={result.data.length}
        page={page}
        pages={pages}
        onPage={setPage}
      >
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
      </ListTable>
    </Page>
  );
}
