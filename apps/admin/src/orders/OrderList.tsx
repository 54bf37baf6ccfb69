import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useList } from '@refinedev/core';
import { Button, Chip, Link, Paper, Stack, Tab, TableCell, TableRow, Tabs, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import { queryString } from '../api.ts';
import { formatCents, formatDateTime } from '../format.ts';
import { t } from '../i18n/translate.ts';
import type { AdminOrderListItem } from '../types.ts';
import { NativeSelect } from '../ui/NativeSelect.tsx';
import { Page } from '../ui/Page.tsx';
import { ListTable } from '../ui/ListTable.tsx';
import { useListFilters } from '../ui/use-list-filters.ts';
import { methodLabel, options, ORDER_SORTS, ORDER_STATUSES, ORDER_VIEWS, PAYMENT_METHODS, PAYMENT_STATUSES, SHIPPING_STATUSES } from './labels.ts';

const FILTERS = ['view', 'status', 'paymentMethod', 'paymentStatus', 'shippingStatus', 'from', 'to', 'buyer', 'q'] as const;
const PAGE_SIZE = 25;
const HEAD = [
  { label: t('orders.col.number') },
  { label: t('orders.col.date') },
  { label: t('orders.col.customer') },
  { label: t('orders.col.status') },
  { label: t('orders.col.payment') },
  { label: t('orders.col.shipping') },
  { label: t('orders.col.total'), align: 'right' },
] as const;

/** The orders list: filters and sort live in the address (a view can be bookmarked), paging by cursor. */
export default function OrderList() {
  const { params, filters, set, reset, page, setPage, text, setText, crudFilters } = useListFilters(FILTERS);
  const sort = params.get('sort') ?? '-createdAt';
  // On a phone the filters fold away under a button: the list comes first.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const [showFilters, setShowFilters] = useState(!phone);

  const { query, result } = useList<AdminOrderListItem & { id: string }>({
    resource: 'orders',
    filters: crudFilters,
    sorters: [{ field: sort.replace(/^-/, ''), order: sort.startsWith('-') ? 'desc' : 'asc' }],
    pagination: { currentPage: page, pageSize: PAGE_SIZE, mode: 'server' },
  });
  const total = result.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const csv = `/api/admin/orders.csv${queryString({ ...filters, sort })}`;

  return (
    <Page
      title={t('orders.title')}
      actions={
        <Button component="a" href={csv} variant="outlined" download>
          {t('orders.csv')}
        </Button>
      }
    >
      <Tabs value={filters.view} onChange={(_event, value: string) => set('view', value)} variant="scrollable" allowScrollButtonsMobile aria-label={t('orders.views')} sx={{ mb: 2 }}>
        <Tab value="" label={t('orders.view.all')} />
        {ORDER_VIEWS.map((view) => (
          <Tab key={view} value={view} label={t(`orders.view.${view}`)} />
        ))}
      </Tabs>
      <Button aria-expanded={showFilters} aria-controls="filtri-ordini" onClick={() => setShowFilters(!showFilters)} sx={{ mb: 1 }}>
        {t('orders.filters')}
      </Button>
      <Paper component="section" id="filtri-ordini" hidden={!showFilters} aria-label={t('orders.filters')} sx={{ p: 2, mb: 2 }}>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2 }}>
          <TextField size="small" type="search" label={t('orders.filter.q')} helperText={t('orders.filter.qHelp')} value={text} onChange={(e) => setText(e.target.value)} sx={{ minWidth: 260 }} />
          <NativeSelect label={t('orders.filter.status')} value={filters.status} onChange={(v) => set('status', v)} allLabel={t('common.all')} options={options(ORDER_STATUSES, 'status')} />
          <NativeSelect label={t('orders.filter.paymentMethod')} value={filters.paymentMethod} onChange={(v) => set('paymentMethod', v)} allLabel={t('common.all')} options={options(PAYMENT_METHODS, 'method')} />
          <NativeSelect label={t('orders.filter.paymentStatus')} value={filters.paymentStatus} onChange={(v) => set('paymentStatus', v)} allLabel={t('common.all')} options={options(PAYMENT_STATUSES, 'payment')} />
          <NativeSelect label={t('orders.filter.shippingStatus')} value={filters.shippingStatus} onChange={(v) => set('shippingStatus', v)} allLabel={t('common.all')} options={options(SHIPPING_STATUSES, 'shipping')} />
          <NativeSelect label={t('orders.filter.buyer')} value={filters.buyer} onChange={(v) => set('buyer', v)} allLabel={t('common.all')} options={options(['company', 'private'], 'buyer')} />
          <TextField size="small" type="date" label={t('orders.filter.from')} value={filters.from} onChange={(e) => set('from', e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
          <TextField size="small" type="date" label={t('orders.filter.to')} value={filters.to} onChange={(e) => set('to', e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
          <NativeSelect label={t('orders.sort')} value={sort} onChange={(v) => set('sort', v === '-createdAt' ? '' : v)} options={options(ORDER_SORTS, 'orders.sort')} />
          <Button
            onClick={reset}
          >
            {t('orders.filter.reset')}
          </Button>
        </Stack>
      </Paper>
      <ListTable
        label={t('orders.title')}
        head={HEAD}
        empty={t('orders.empty')}
        loading={query.isLoading}
        error={query.error}
        total={total}
        shown={result.data.length}
        page={page}
        pages={pages}
        onPage={setPage}
      >
        {result.data.map((order) => (
          <TableRow key={order.incrementId} hover>
            <TableCell>
              <Link component={RouterLink} to={`/ordini/${order.incrementId}`}>
                {order.incrementId}
              </Link>
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(order.createdAt)}</TableCell>
            <TableCell>
              {order.isCompany && order.company ? order.company : order.name}
              <Typography variant="body2" color="text.secondary">
                {order.email}
              </Typography>
            </TableCell>
            <TableCell>
              <Chip size="small" label={t(`status.${order.status}`)} />
            </TableCell>
            <TableCell>
              {t(`payment.${order.paymentStatus}`)}
              <Typography variant="body2" color="text.secondary">
                {methodLabel(order.paymentMethod)}
              </Typography>
            </TableCell>
            <TableCell>{t(`shipping.${order.shippingStatus}`)}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {formatCents(order.grandTotalCents)}
              {order.refundedCents > 0 && (
                <Typography variant="body2" color="text.secondary">
                  {t('orders.refunded', { amount: formatCents(order.refundedCents) })}
                </Typography>
              )}
            </TableCell>
          </TableRow>
        ))}
      </ListTable>
    </Page>
  );
}
