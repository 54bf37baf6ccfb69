import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useInvalidate, useOne } from '@refinedev/core';
import { Alert, Box, Button, Chip, Link, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { formatCents, formatDate, formatDateTime } from '../format.ts';
import { t } from '../i18n/translate.ts';
import { useSession } from '../session.ts';
import type { AdminCustomerDetail } from '../types.ts';
import { Address } from '../ui/Address.tsx';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { Page } from '../ui/Page.tsx';
import { Section } from '../ui/Section.tsx';
import { CUSTOMER_DIALOGS, type CustomerDialog } from './customer-dialogs.tsx';

const nothing = <Typography color="text.secondary">{t('order.nothing')}</Typography>;

/** A table of a section, or "Nessuna." when there are no rows. */
function Rows({ label, head, rows }: { label: string; head: string[]; rows: ReactNode[][] }) {
  if (rows.length === 0) return nothing;
  return (
    <TableContainer tabIndex={0} aria-label={label}>
      <Table size="small">
        <TableHead>
          <TableRow>
            {head.map((cell) => (
              <TableCell key={cell}>{cell}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, i) => (
            <TableRow key={i}>
              {row.map((cell, j) => (
                <TableCell key={j}>{cell}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The customer page: profile, address book, orders, invoices, reviews, quotes, newsletter; group change, password reset, GDPR export and erasure (owner). */
export default function CustomerPage() {
  const id = useParams()['id'] ?? '';
  const { session } = useSession();
  const { query, result: customer } = useOne<AdminCustomerDetail & { id: string }>({ resource: 'customers', id });
  const invalidate = useInvalidate();
  const [dialog, setDialog] = useState<CustomerDialog | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  if (!customer) {
    return (
      <Page title={t('customers.title')}>
        <ErrorAlert error={query.error} />
        {query.isLoading && <Typography role="status">{t('app.loading')}</Typography>}
      </Page>
    );
  }
  const name = `${customer.firstname} ${customer.lastname}`.trim() || customer.email;
  const Dialog = dialog ? CUSTOMER_DIALOGS[dialog] : null;
  const done = async (message?: string) => {
    await invalidate({ resource: 'customers', invalidates: ['list', 'detail'], id });
    setNotice(message ?? t('common.done'));
  };
  return (
    <Page title={t('customer.title', { name })}>
      <Link component={RouterLink} to="/clienti" sx={{ display: 'inline-block', mb: 2 }}>
        {t('customers.title')}
      </Link>
      <div role="status">{notice && <Alert severity="success" onClose={() => setNotice(null)} sx={{ mb: 2 }}>{notice}</Alert>}</div>
      <Box component="section" aria-label={t('order.actions')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Button variant="contained" onClick={() => setDialog('group')}>
          {t('customer.changeGroup')}
        </Button>
        <Button variant="outlined" onClick={() => setDialog('password-reset')}>
          {t('customer.passwordReset')}
        </Button>
        {session?.role === 'owner' && (
          <>
            <Button variant="outlined" component="a" href={`/api/admin/customers/${customer.id}/export`} download>
              {t('customer.export')}
            </Button>
            <Button variant="outlined" color="secondary" onClick={() => setDialog('erase')}>
              {t('customer.erase')}
            </Button>
          </>
        )}
      </Box>
      {Dialog && <Dialog key={dialog} customer={customer} open onClose={() => setDialog(null)} onDone={(message) => void done(message)} />}

      <Section title={t('customer.profile')}>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Typography>
            {t('customer.email')}: {customer.email}
          </Typography>
          <Chip label={`${t('customer.group')}: ${t(`customerGroup.${customer.groupId}`)}`} color="primary" />
          <Typography>
            {t('customer.password')}: {t(customer.hasPassword ? 'common.yes' : 'common.no')}
          </Typography>
          <Typography>
            {t('customer.created')} {formatDate(customer.createdAt)}
          </Typography>
        </Stack>
      </Section>

      <Section title={t('customer.addresses')}>
        {customer.addresses.length === 0 ? (
          nothing
        ) : (
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 3 }}>
            {customer.addresses.map((a) => (
              <Address
                key={a.id}
                title={[a.defaultShipping && t('customer.defaultShipping'), a.defaultBilling && t('customer.defaultBilling')].filter(Boolean).join(' · ') || t('customer.addresses')}
                address={a.address}
              />
            ))}
          </Stack>
        )}
      </Section>

      <Section title={t('customer.orders')}>
        <Rows
          label={t('customer.orders')}
          head={[t('customer.col.number'), t('customer.col.date'), t('customer.col.status'), t('customer.col.total')]}
          rows={customer.orders.map((o) => [
            <Link component={RouterLink} to={`/ordini/${o.incrementId}`}>
              {o.incrementId}
            </Link>,
            formatDateTime(o.createdAt),
            t(`status.${o.status}`),
            formatCents(o.grandTotalCents),
          ])}
        />
      </Section>

      <Section title={t('customer.invoices')}>
        <Rows
          label={t('customer.invoices')}
          head={[t('customer.col.number'), t('customer.col.type'), t('customer.col.date'), t('customer.col.order'), t('customer.col.total')]}
          rows={customer.invoices.map((i) => [i.number, t(`customer.invoice.${i.type}`), formatDate(i.issueDate), i.orderIncrementId, formatCents(i.totalCents)])}
        />
      </Section>

      <Section title={t('customer.reviews')}>
        <Rows label={t('customer.reviews')} head={[t('customer.col.title'), t('customer.col.status')]} rows={customer.reviews.map((r) => [r.title, t(`customer.review.${r.status}`)])} />
      </Section>

      <Section title={t('customer.quotes')}>
        <Rows
          label={t('customer.quotes')}
          head={[t('customer.col.date'), t('customer.col.items')]}
          rows={customer.quoteRequests.map((q) => [formatDateTime(q.createdAt), q.items.map((item) => `${item.qty} × ${item.sku}`).join(', ')])}
        />
      </Section>

      <Section title={t('customer.newsletter')}>
        <Typography>{customer.newsletter ? `${t(`customer.newsletter.${customer.newsletter.status}`)} · ${formatDateTime(customer.newsletter.confirmedAt ?? customer.newsletter.requestedAt)}` : t('customer.newsletter.none')}</Typography>
      </Section>

      <Section title={t('customer.wishlist')}>
        <Rows label={t('customer.wishlist')} head={[t('customer.col.sku'), t('customer.col.date')]} rows={customer.wishlist.map((w) => [w.sku, formatDate(w.addedAt)])} />
      </Section>

      <Section title={t('customer.history')}>
        {customer.audit.length === 0 ? (
          nothing
        ) : (
          <Box component="ol" sx={{ pl: 3, m: 0 }}>
            {customer.audit.map((entry) => (
              <li key={entry.id}>{t('order.audit.line', { date: formatDateTime(entry.at), action: entry.action, staff: entry.staffEmail })}</li>
            ))}
          </Box>
        )}
      </Section>
    </Page>
  );
}
