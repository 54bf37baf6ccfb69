import { Link as RouterLink } from 'react-router';
import { useCustom } from '@refinedev/core';
import type { AdminQuotePage } from '@shop/contracts';
import { Button, Link, Paper, Stack, TableCell, TableRow, TextField, Typography } from '@mui/material';
import { queryString } from '../api.ts';
import { formatDateTime } from '../format.ts';
import { t } from '../i18n/translate.ts';
import { QUOTE_STATUS_VALUES } from '../types.ts';
import { NativeSelect } from '../ui/NativeSelect.tsx';
import { Page } from '../ui/Page.tsx';
import { ListTable } from '../ui/ListTable.tsx';
import { useListFilters } from '../ui/use-list-filters.ts';

const FILTERS = ['q', 'status'] as const;
const PAGE_SIZE = 25;
const STATUS_OPTIONS = QUOTE_STATUS_VALUES.map((value) => ({ value, label: t(`quoteStatus.${value}`) }));
const HEAD = [
  { label: t('quotes.col.reference') },
  { label: t('quotes.col.date') },
  { label: t('quotes.col.buyer') },
  { label: t('quotes.col.company') },
  { label: t('quotes.col.lines'), align: 'right' },
  { label: t('quotes.col.status') },
  { label: t('quotes.col.validUntil') },
] as const;

/** The quote requests, newest first: search by e-mail, company or reference, filter by state (in the address), in pages. */
export default function QuoteList() {
  const { filters, set, reset, page, setPage, text, setText } = useListFilters(FILTERS);
  const { query, result } = useCustom<AdminQuotePage>({ url: `/quotes${queryString({ q: filters.q, status: filters.status, page, limit: PAGE_SIZE })}`, method: 'get' });
  const quotes = result.data?.items ?? [];
  const total = result.data?.total ?? 0;
  return (
    <Page title={t('quotes.title')}>
      <Typography sx={{ mb: 2 }}>{t('quotes.intro')}</Typography>
      <Paper component="section" aria-label={t('quotes.filters')} sx={{ p: 2, mb: 2 }}>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2 }}>
          <TextField size="small" type="search" label={t('quotes.filter.q')} helperText={t('quotes.filter.qHelp')} value={text} onChange={(e) => setText(e.target.value)} sx={{ minWidth: 260 }} />
          <NativeSelect label={t('quotes.filter.status')} value={filters.status} onChange={(v) => set('status', v)} allLabel={t('common.all')} options={STATUS_OPTIONS} />
          <Button onClick={reset}>{t('quotes.filter.reset')}</Button>
        </Stack>
      </Paper>
      <ListTable
        label={t('quotes.title')}
        head={HEAD}
        empty={t('quotes.empty')}
        loading={query.isLoading}
        error={query.error}
        total={total}
        shown={quotes.length}
        page={page}
        pages={Math.max(1, Math.ceil(total / PAGE_SIZE))}
        onPage={setPage}
      >
        {quotes.map((quote) => (
          <TableRow key={quote.id} hover>
            <TableCell>
              <Link component={RouterLink} to={`/preventivi/${quote.id}`}>
                {quote.reference}
              </Link>
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(quote.createdAt)}</TableCell>
            <TableCell>
              {quote.name}
              <Typography variant="body2" color="text.secondary">
                {quote.email}
              </Typography>
            </TableCell>
            <TableCell>{quote.company}</TableCell>
            <TableCell align="right">{quote.lines}</TableCell>
            <TableCell>{t(`quoteStatus.${quote.status}`)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{quote.validUntil ? formatDateTime(quote.validUntil) : ''}</TableCell>
          </TableRow>
        ))}
      </ListTable>
    </Page>
  );
}
