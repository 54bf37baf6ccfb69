import { Link as RouterLink } from 'react-router';
import { useCustom } from '@refinedev/core';
import type { AdminNewsletterSubscriber, AdminSubscriberPage } from '@shop/contracts';
import { Button, Link, Paper, Stack, TableCell, TableRow, TextField, Typography } from '@mui/material';
import { queryString } from '../api.ts';
import { formatDateTime } from '../format.ts';
import { t } from '../i18n/translate.ts';
import { useSession } from '../session.ts';
import { ListTable } from '../ui/ListTable.tsx';
import { NativeSelect } from '../ui/NativeSelect.tsx';
import { Page } from '../ui/Page.tsx';
import { useListFilters } from '../ui/use-list-filters.ts';

const FILTERS = ['q', 'status'] as const;
const STATUSES = ['pending', 'subscribed', 'unsubscribed'] as const;
const PAGE_SIZE = 50;

/** The consent record of one address: asked, confirmed through the mailed link (or still waiting), left. */
function consentText(s: AdminNewsletterSubscriber): string {
  const parts = [t('newsletter.asked', { date: formatDateTime(s.requestedAt) })];
  if (s.confirmedAt) parts.push(t('newsletter.confirmed', { date: formatDateTime(s.confirmedAt) }));
  else if (s.confirmExpiresAt) parts.push(t('newsletter.waiting', { date: formatDateTime(s.confirmExpiresAt) }));
  if (s.unsubscribedAt) parts.push(t('newsletter.left', { date: formatDateTime(s.unsubscribedAt) }));
  return parts.join(' · ');
}

/** The newsletter's subscribers: search and status in the address, pages; the owner exports them (consent records included) as CSV. */
export default function Subscribers() {
  const { session } = useSession();
  const { filters, set, reset, page, setPage, text, setText } = useListFilters(FILTERS);
  const { query, result } = useCustom<AdminSubscriberPage>({ url: `/newsletter/subscribers${queryString({ ...filters, page, limit: PAGE_SIZE })}`, method: 'get' });
  const subscribers = result.data?.items ?? [];
  const total = result.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const csv = `/api/admin/newsletter/subscribers.csv${queryString(filters)}`;
  return (
    <Page
      title={t('newsletter.title')}
      actions={
        session?.role === 'owner' ? (
          <Button component="a" href={csv} variant="outlined" download>
            {t('newsletter.csv')}
          </Button>
        ) : undefined
      }
    >
      <Typography sx={{ mb: 2 }}>{t('newsletter.intro')}</Typography>
      <Paper component="section" aria-label={t('newsletter.filters')} sx={{ p: 2, mb: 2 }}>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2 }}>
          <TextField size="small" type="search" label={t('newsletter.search')} value={text} onChange={(e) => setText(e.target.value)} sx={{ minWidth: 260 }} />
          <NativeSelect label={t('newsletter.status')} value={filters.status} onChange={(v) => set('status', v)} allLabel={t('common.all')} options={STATUSES.map((s) => ({ value: s, label: t(`newsletter.status.${s}`) }))} />
          <Button onClick={reset}>{t('newsletter.reset')}</Button>
        </Stack>
      </Paper>
      <ListTable
        label={t('newsletter.title')}
        head={[{ label: t('newsletter.col.email') }, { label: t('newsletter.status') }, { label: t('newsletter.col.consent') }, { label: t('newsletter.col.coupon') }]}
        error={query.error}
        loading={query.isLoading}
        total={total}
        empty={t('newsletter.empty')}
        shown={subscribers.length}
        page={page}
        pages={pages}
        onPage={setPage}
      >
        {subscribers.map((s) => (
          <TableRow key={s.id}>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>
              {s.customerId === null ? (
                s.email
              ) : (
                <Link component={RouterLink} to={`/clienti/${s.customerId}`}>
                  {s.email}
                </Link>
              )}
            </TableCell>
            <TableCell>{t(`newsletter.status.${s.status}`)}</TableCell>
            <TableCell>{consentText(s)}</TableCell>
            <TableCell>{s.welcomeCoupon ? <code>{s.welcomeCoupon}</code> : '—'}</TableCell>
          </TableRow>
        ))}
      </ListTable>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('newsletter.method')}
      </Typography>
    </Page>
  );
}
