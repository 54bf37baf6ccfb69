import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useInvalidate, useOne } from '@refinedev/core';
import { Alert, Box, Button, Chip, Link, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { api } from '../api.ts';
import { formatCents, formatDate, formatDateTime } from '../format.ts';
import { t } from '../i18n/translate.ts';
import type { AdminOrderDetail } from '../types.ts';
import { Address } from '../ui/Address.tsx';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { Page } from '../ui/Page.tsx';
import { Section } from '../ui/Section.tsx';
import { ACTION_DIALOGS, type DialogAction } from './action-dialogs.tsx';
import { methodLabel } from './labels.ts';

const FISCAL_FIELDS = ['company', 'vatId', 'fiscalCode', 'sdiCode', 'pecEmail'] as const;

const nothing = <Typography color="text.secondary">{t('order.nothing')}</Typography>;

/** The order page: everything about one order, and the actions its state and the user's role allow. */
export default function OrderPage() {
  const number = useParams()['number'] ?? '';
  const { query, result: order } = useOne<AdminOrderDetail & { id: string }>({ resource: 'orders', id: number });
  const invalidate = useInvalidate();
  const [dialog, setDialog] = useState<DialogAction | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [mailError, setMailError] = useState<unknown>(null);
  const title = t('order.title', { number });
  if (!order) {
    return (
      <Page title={title}>
        <ErrorAlert error={query.error} />
        {query.isLoading && <Typography role="status">{t('app.loading')}</Typography>}
      </Page>
    );
  }
  const updated = async () => {
    await invalidate({ resource: 'orders', invalidates: ['list', 'detail'], id: number });
    setNotice(t('common.done'));
  };
  const resend = async (mailId: number) => {
    setMailError(null);
    try {
      await api('POST', `/orders/${number}/mails/${mailId}/resend`);
      await invalidate({ resource: 'orders', invalidates: ['detail'], id: number });
      setNotice(t('order.mail.resent'));
    } catch (error) {
      setMailError(error);
    }
  };
  const Dialog = dialog ? ACTION_DIALOGS[dialog] : null;
  const dialogActions = order.actions.filter((action): action is DialogAction => action !== 'resend-mail');
  const buyer = order.buyer;
  return (
    <Page title={title}>
      <Link component={RouterLink} to="/ordini" sx={{ display: 'inline-block', mb: 2 }}>
        {t('order.back')}
      </Link>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, mb: 2, alignItems: 'center' }}>
        <Chip label={t(`status.${order.status}`)} color="primary" />
        <Chip label={`${t('order.payment')}: ${t(`payment.${order.paymentStatus}`)}`} />
        <Chip label={`${t('orders.col.shipping')}: ${t(`shipping.${order.shippingStatus}`)}`} />
        <Typography>{t('order.placed', { date: formatDateTime(order.createdAt) })}</Typography>
        {order.paidAt && <Typography>{t('order.paidAt', { date: formatDateTime(order.paidAt) })}</Typography>}
      </Stack>
      {order.paymentReview && <Alert severity="warning" sx={{ mb: 2 }}>{t('order.review', { reason: order.paymentReview })}</Alert>}
      <div role="status">{notice && <Alert severity="success" onClose={() => setNotice(null)} sx={{ mb: 2 }}>{notice}</Alert>}</div>
      {dialogActions.length > 0 && (
        <Box component="section" aria-label={t('order.actions')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
          {dialogActions.map((action) => (
            <Button key={action} variant={action === 'note' ? 'outlined' : 'contained'} color={action === 'cancel' || action === 'refund' ? 'secondary' : 'primary'} onClick={() => setDialog(action)}>
              {t(`action.${action}`)}
            </Button>
          ))}
        </Box>
      )}
      {Dialog && (
        <Dialog
          key={dialog}
          order={order}
          open
          onClose={() => setDialog(null)}
          onDone={() => void updated()}
        />
      )}

      <Section title={t('order.lines')}>
        <TableContainer tabIndex={0} aria-label={t('order.lines')}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('order.line.sku')}</TableCell>
                <TableCell>{t('order.line.name')}</TableCell>
                <TableCell align="right">{t('order.line.qty')}</TableCell>
                <TableCell align="right">{t('order.line.unit')}</TableCell>
                <TableCell align="right">{t('order.line.tax')}</TableCell>
                <TableCell align="right">{t('order.line.row')}</TableCell>
                <TableCell align="right">{t('order.line.shipped')}</TableCell>
                <TableCell align="right">{t('order.line.refunded')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {order.lines.map((line) => (
                <TableRow key={line.sku}>
                  <TableCell>{line.sku}</TableCell>
                  <TableCell>
                    {line.name}
                    {line.options.length > 0 && <Typography variant="body2" color="text.secondary">{line.options.join(', ')}</Typography>}
                  </TableCell>
                  <TableCell align="right">{line.qty}</TableCell>
                  <TableCell align="right">{formatCents(line.unitNetCents)}</TableCell>
                  <TableCell align="right">{line.taxPercent}%</TableCell>
                  <TableCell align="right">{formatCents(line.rowGrossCents)}</TableCell>
                  <TableCell align="right">{line.shippedQty}</TableCell>
                  <TableCell align="right">{line.refundedQty}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Section>

      <Section title={t('order.totals')}>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content max-content', columnGap: 3, m: 0, '& dd': { m: 0, textAlign: 'right' } }}>
          {(
            [
              ['order.total.subtotal', order.totals.subtotalCents],
              ['order.total.discount', -order.totals.discountCents],
              ['order.total.shipping', order.totals.shippingCents],
              ['order.total.fee', order.totals.feeCents],
              ['order.total.surcharge', order.totals.surchargeCents],
              ['order.total.grand', order.totals.grandTotalCents],
              ['order.total.tax', order.totals.taxCents],
              ['order.total.refunded', order.totals.refundedCents],
            ] as const
          )
            .filter(([key, cents]) => cents !== 0 || key === 'order.total.grand')
            .map(([key, cents]) => (
              <Box key={key} sx={{ display: 'contents', fontWeight: key === 'order.total.grand' ? 700 : 400 }}>
                <dt>{t(key)}</dt>
                <dd>{formatCents(cents)}</dd>
              </Box>
            ))}
        </Box>
        {order.fees.map((fee) => (
          <Typography key={fee.title} variant="body2">
            {fee.title}: {formatCents(fee.amountCents)}
          </Typography>
        ))}
        {order.couponCode && <Typography variant="body2">{t('order.coupon', { code: order.couponCode })}</Typography>}
      </Section>

      <Section title={t('order.customer')}>
        <Typography>
          {order.email} · {order.customerId === null ? t('order.guest') : `#${order.customerId}`} · {buyer.isCompany ? t('buyer.company') : t('buyer.private')}
        </Typography>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, my: 1, '& dd': { m: 0 } }}>
          {FISCAL_FIELDS.filter((field) => buyer[field]).map((field) => (
            <Box key={field} sx={{ display: 'contents' }}>
              <dt>{t(`order.fiscal.${field}`)}</dt>
              <dd>{buyer[field]}</dd>
            </Box>
          ))}
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Address title={t('order.billing')} address={order.billingAddress} />
          <Address title={t('order.shippingAddress')} address={order.shippingAddress} />
        </Stack>
        <Typography sx={{ mt: 1 }}>{t('order.shippingMethod', { title: order.shippingMethod.title })}</Typography>
      </Section>

      <Section title={t('order.payment')}>
        <Typography>{t('order.payment.method', { title: order.payment.title || methodLabel(order.payment.method), code: order.payment.fatturapaCode })}</Typography>
        {order.payment.transactions.length > 0 && (
          <>
            <Typography variant="subtitle1" component="h3" sx={{ mt: 1, fontWeight: 700 }}>
              {t('order.transactions')}
            </Typography>
            <ul>
              {order.payment.transactions.map((tx, i) => (
                <li key={i}>
                  {tx.provider} {tx.reference ?? ''}: {tx.state}, {formatCents(tx.amountCents)}, {formatDateTime(tx.updatedAt)}
                </li>
              ))}
            </ul>
          </>
        )}
        {order.payment.events.length > 0 && (
          <>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
              {t('order.events')}
            </Typography>
            <ul>
              {order.payment.events.map((event) => (
                <li key={event.eventId}>
                  {formatDateTime(event.receivedAt)}: {event.provider} {event.type}
                </li>
              ))}
            </ul>
          </>
        )}
      </Section>

      <Section title={t('order.shipments')}>
        {order.shipments.length === 0
          ? nothing
          : order.shipments.map((shipment) => (
              <Box key={shipment.id} sx={{ mb: 1 }}>
                <Typography>{t('order.shipment', { carrier: shipment.carrier, number: shipment.trackingNumber, parcels: shipment.parcels, date: formatDateTime(shipment.createdAt), staff: shipment.staffEmail })}</Typography>
                {shipment.trackingUrl && (
                  <Link href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
                    {t('order.tracking')}
                  </Link>
                )}
                <Typography variant="body2" color="text.secondary">
                  {shipment.lines.map((line) => `${line.sku} × ${line.qty}`).join(', ')}
                </Typography>
              </Box>
            ))}
      </Section>

      <Section title={t('order.refunds')}>
        {order.refunds.length === 0
          ? nothing
          : order.refunds.map((refund) => (
              <Typography key={refund.id}>
                {t('order.refund', { amount: formatCents(refund.amountCents), date: formatDateTime(refund.createdAt), staff: refund.staffEmail, reason: refund.reason })} —{' '}
                {refund.via === 'provider' ? t('order.refund.provider') : t('order.refund.recorded', { iban: refund.iban ?? '' })}
              </Typography>
            ))}
      </Section>

      <Section title={t('order.invoices')}>
        {order.invoices.length === 0 ? (
          nothing
        ) : (
          <ul>
            {order.invoices.map((invoice) => (
              <li key={invoice.id}>
                {t(`order.invoice.${invoice.type}`, { number: invoice.number, date: formatDate(invoice.issueDate), amount: formatCents(invoice.totalCents) })}{' '}
                <Link href={`/api/admin/invoices/${invoice.id}.xml`} download={invoice.fileName}>
                  {t('order.invoice.xml')}
                </Link>{' '}
                ·{' '}
                <Link href={`/api/admin/invoices/${invoice.id}.pdf`} target="_blank" rel="noopener">
                  {t('order.invoice.pdf')}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={t('order.mails')}>
        <ErrorAlert error={mailError} />
        {order.mails.length === 0 ? (
          nothing
        ) : (
          <ul>
            {order.mails.map((mail) => (
              <li key={mail.id}>
                {t('order.mail.line', { template: mail.template, recipient: mail.recipient, status: mail.status, date: formatDateTime(mail.sentAt ?? mail.createdAt) })}{' '}
                {order.actions.includes('resend-mail') && (
                  <Button size="small" onClick={() => void resend(mail.id)} aria-label={`${t('order.mail.resend')}: ${mail.template}`}>
                    {t('order.mail.resend')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={t('order.notes')}>
        {order.notes.length === 0
          ? nothing
          : order.notes.map((note) => (
              <Box key={note.id} sx={{ mb: 1 }}>
                <Typography variant="body2" color="text.secondary">
                  {formatDateTime(note.at)} · {note.staffEmail}
                </Typography>
                <Typography sx={{ whiteSpace: 'pre-wrap' }}>{note.text}</Typography>
              </Box>
            ))}
      </Section>

      <Section title={t('order.audit')}>
        {order.audit.length === 0 ? (
          nothing
        ) : (
          <Box component="ol" sx={{ pl: 3, m: 0 }}>
            {order.audit.map((entry) => (
              <li key={entry.id}>{t('order.audit.line', { date: formatDateTime(entry.at), action: entry.action, staff: entry.staffEmail })}</li>
            ))}
          </Box>
        )}
      </Section>
    </Page>
  );
}
