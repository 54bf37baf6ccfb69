import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useInvalidate, useOne } from '@refinedev/core';
import type { AdminQuote } from '@shop/contracts';
import { Alert, Box, Button, Chip, Link, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { api } from '../api.ts';
import { formatCents, formatDateTime } from '../format.ts';
import { t } from '../i18n/translate.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { Page } from '../ui/Page.tsx';
import { Section } from '../ui/Section.tsx';
import { bodyOf, formOf, typedCents, type QuoteForm } from './quote-form.ts';

/** A message under its heading, its lines kept; nothing when there is none. */
function Message({ title, text }: { title: string; text: string }) {
  if (!text) return null;
  return (
    <>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        {title}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-line' }}>{text}</Typography>
    </>
  );
}

/** The request as the buyer sent it: contact, where from, their message. */
function RequestSection({ quote }: { quote: AdminQuote }) {
  const rows: [string, string][] = [
    [t('quote.contact.name'), quote.contact.name],
    [t('quote.contact.company'), quote.contact.company],
    [t('quote.contact.email'), quote.email],
    [t('quote.contact.phone'), quote.contact.phone],
  ];
  return (
    <Section title={t('quote.request')}>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" sx={{ fontWeight: 700 }}>
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
      </Box>
      <Typography sx={{ mt: 1 }}>
        {t(`quote.source.${quote.source}`)}
        {quote.customerId !== null && (
          <>
            {' · '}
            <Link component={RouterLink} to={`/clienti/${quote.customerId}`}>
              {t('quote.contact.account')}
            </Link>
          </>
        )}
      </Typography>
      <Message title={t('quote.buyerMessage')} text={quote.message} />
    </Section>
  );
}

/** The offer once sent: when and by whom, until when, opened by the buyer, the order placed with it. */
function OfferSection({ offer }: { offer: NonNullable<AdminQuote['offer']> }) {
  const ordered = offer.orders[0];
  return (
    <Section title={t('quote.offer')}>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Chip label={t('quote.offer.sent', { date: formatDateTime(offer.sentAt), who: offer.sentBy })} />
        <Chip label={offer.openedAt ? t('quote.offer.opened', { date: formatDateTime(offer.openedAt) }) : t('quote.offer.notOpened')} color={offer.openedAt ? 'primary' : 'default'} />
        <Chip label={t(offer.expired ? 'quote.offer.expired' : 'quote.offer.validUntil', { date: formatDateTime(offer.validUntil) })} />
      </Stack>
      <Typography>
        {ordered ? (
          <Link component={RouterLink} to={`/ordini/${ordered.incrementId}`}>
            {t('quote.offer.ordered', { number: ordered.incrementId })}
          </Link>
        ) : (
          t('quote.offer.notOrdered')
        )}
      </Typography>
      <Message title={t('quote.offer.message')} text={offer.message} />
    </Section>
  );
}

/** The lines with a price field each, the validity and message, and "Invia offerta". */
function OfferForm({ quote, onSent }: { quote: AdminQuote; onSent: () => Promise<void> }) {
  const [form, setForm] = useState<QuoteForm>(() => formOf(quote));
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const final = quote.status === 'accepted';
  const cents = typedCents(form, quote);
  const total = cents.every((c) => c !== null) ? quote.lines.reduce((sum, line, i) => sum + cents[i]! * line.qty, 0) : null;
  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await api('POST', `/quotes/${quote.id}/answer`, bodyOf(form, quote));
      await onSent();
    } catch (problem) {
      setError(problem);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Section title={t('quote.lines')}>
      <Box component="form" onSubmit={submit} noValidate>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('quote.linesHelp')}
        </Typography>
        <TableContainer tabIndex={0} aria-label={t('quote.lines')}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('quote.col.sku')}</TableCell>
                <TableCell>{t('quote.col.name')}</TableCell>
                <TableCell align="right">{t('quote.col.qty')}</TableCell>
                <TableCell align="right">{t('quote.col.catalogue')}</TableCell>
                <TableCell>{t('quote.col.offer')}</TableCell>
                <TableCell align="right">{t('quote.col.row')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {quote.lines.map((line, i) => (
                <TableRow key={line.sku}>
                  <TableCell>{line.sku}</TableCell>
                  <TableCell>
                    {line.name}
                    {line.unavailable && (
                      <Typography variant="body2" color="error">
                        {t('quote.unavailable')}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right">{line.qty}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {line.catalogueUnitNetCents === null ? '' : formatCents(line.catalogueUnitNetCents)}
                  </TableCell>
                  <TableCell sx={{ minWidth: 130 }}>
                    {/* Named for screen readers by its product; the column heading says it to the eye. */}
                    <TextField
                      size="small"
                      value={form.prices[line.sku] ?? ''}
                      onChange={(e) => setForm((current) => ({ ...current, prices: { ...current.prices, [line.sku]: e.target.value } }))}
                      disabled={final}
                      slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': t('quote.priceLabel', { name: line.name }), 'aria-required': true } }}
                    />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {cents[i] === null ? '' : formatCents(cents[i]! * line.qty)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        {total !== null && <Typography sx={{ mt: 1, fontWeight: 700 }}>{t('quote.total', { amount: formatCents(total) })}</Typography>}
        <Stack direction={{ xs: 'column', sm: 'row' }} useFlexGap sx={{ gap: 2, mt: 2 }}>
          <TextField
            label={t('quote.validDays')}
            helperText={t('quote.validDaysHelp')}
            value={form.validDays}
            onChange={(e) => setForm((current) => ({ ...current, validDays: e.target.value }))}
            disabled={final}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ maxWidth: 200 }}
          />
          <TextField label={t('quote.message')} value={form.message} onChange={(e) => setForm((current) => ({ ...current, message: e.target.value }))} disabled={final} multiline minRows={3} fullWidth />
        </Stack>
        <ErrorAlert error={error} />
        {final ? (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t('quote.final')}
          </Alert>
        ) : (
          <Box sx={{ mt: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
            <Button type="submit" variant="contained" disabled={busy}>
              {busy ? t('quote.sending') : t(quote.offer ? 'quote.sendAgain' : 'quote.send')}
            </Button>
            {quote.offer && <Typography variant="body2">{t('quote.sendAgainHelp')}</Typography>}
          </Box>
        )}
      </Box>
    </Section>
  );
}

/** One quote request: what was asked, the offer form (a price per line), and the offer's state once sent. */
export default function QuotePage() {
  const id = useParams()['id'] ?? '';
  const { query, result: quote } = useOne<AdminQuote & { id: number }>({ resource: 'quotes', id });
  const invalidate = useInvalidate();
  const [notice, setNotice] = useState<string | null>(null);
  if (!quote) {
    return (
      <Page title={t('quotes.title')}>
        <ErrorAlert error={query.error} />
        {query.isLoading && <Typography role="status">{t('app.loading')}</Typography>}
      </Page>
    );
  }
  const sent = async () => {
    await invalidate({ resource: 'quotes', invalidates: ['detail'], id });
    setNotice(t('quote.sent', { email: quote.email }));
  };
  return (
    <Page title={t('quote.title', { reference: quote.reference })}>
      <Link component={RouterLink} to="/preventivi" sx={{ display: 'inline-block', mb: 2 }}>
        {t('quote.back')}
      </Link>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, mb: 2, alignItems: 'center' }}>
        <Chip label={t(`quoteStatus.${quote.status}`)} color="primary" />
        <Typography>{t('quote.received', { date: formatDateTime(quote.createdAt) })}</Typography>
      </Stack>
      <div role="status">
        {notice && (
          <Alert severity="success" onClose={() => setNotice(null)} sx={{ mb: 2 }}>
            {notice}
          </Alert>
        )}
      </div>
      <RequestSection quote={quote} />
      <OfferForm key={quote.offer?.sentAt ?? 'new'} quote={quote} onSent={sent} />
      {quote.offer && <OfferSection offer={quote.offer} />}
    </Page>
  );
}
