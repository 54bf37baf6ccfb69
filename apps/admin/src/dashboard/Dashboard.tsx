import { Link as RouterLink } from 'react-router';
import { useCustom } from '@refinedev/core';
import { Box, Link, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatCents, formatDate, formatDay } from '../format.ts';
import { t } from '../i18n/translate.ts';
import type { Dashboard as Figures } from '../types.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { Page } from '../ui/Page.tsx';

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper component="section" aria-label={title} sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Period({ title, figures }: { title: string; figures: Figures['today'] | Figures['month'] }) {
  const rows = [
    ['dashboard.orders', String(figures.orders)],
    ['dashboard.gross', formatCents(figures.grossCents)],
    ['dashboard.net', formatCents(figures.netCents)],
    ['dashboard.average', formatCents(figures.averageCents)],
  ] as const;
  return (
    <Card title={title}>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr max-content', m: 0, '& dd': { m: 0, fontWeight: 700, textAlign: 'right' } }}>
        {rows.map(([key, value]) => (
          <Box key={key} sx={{ display: 'contents' }}>
            <dt>{t(key)}</dt>
            <dd>{value}</dd>
          </Box>
        ))}
      </Box>
    </Card>
  );
}

/** The morning's figures: today, the month, what waits, low stock, 30 days of revenue. */
export default function Dashboard() {
  const { query, result } = useCustom<Figures>({ url: '/dashboard', method: 'get' });
  const figures = query.isSuccess ? result.data : undefined;
  return (
    <Page title={t('dashboard.title')}>
      <ErrorAlert error={query.error} />
      {!figures ? (
        query.isLoading && <Typography role="status">{t('app.loading')}</Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}>
          <Period title={t('dashboard.today')} figures={figures.today} />
          <Period title={t('dashboard.month')} figures={figures.month} />
          <Card title={t('dashboard.toShip')}>
            <Link component={RouterLink} to="/ordini?view=da-spedire" sx={{ fontSize: '2rem', fontWeight: 700 }}>
              {figures.toShip}
            </Link>
          </Card>
          <Card title={t('dashboard.transfers')}>
            <Link component={RouterLink} to="/ordini?view=bonifici-in-attesa" sx={{ fontSize: '2rem', fontWeight: 700 }}>
              {figures.bankTransfers.count}
            </Link>
            {figures.bankTransfers.oldestDays !== null && <Typography>{t('dashboard.transfersOldest', { days: figures.bankTransfers.oldestDays })}</Typography>}
            <ul>
              {figures.bankTransfers.oldest.map((order) => (
                <li key={order.incrementId}>
                  <Link component={RouterLink} to={`/ordini/${order.incrementId}`}>
                    {t('dashboard.transfer', { number: order.incrementId, date: formatDate(order.createdAt), amount: formatCents(order.grandTotalCents) })}
                  </Link>
                </li>
              ))}
            </ul>
          </Card>
          <Card title={t('dashboard.lowStock')}>
            <ul>
              {figures.lowStock.items.map((item) => (
                <li key={item.sku}>{t('dashboard.lowStockLine', { sku: item.sku, name: item.name, qty: item.qty })}</li>
              ))}
            </ul>
          </Card>
          <Box sx={{ gridColumn: '1 / -1' }}>
            <Card title={t('dashboard.chart')}>
              {/* The chart is for the eye (inert: out of the tab order and the accessibility tree); the table below has the same figures. */}
              <Box inert>
                <BarChart
                  height={280}
                  xAxis={[{ scaleType: 'band', data: figures.revenue30Days.map((day) => formatDay(day.day)) }]}
                  yAxis={[{ valueFormatter: (cents: number) => formatCents(cents) , width: 90 }]}
                  series={[{ data: figures.revenue30Days.map((day) => day.grossCents), label: t('dashboard.gross'), valueFormatter: (cents) => formatCents(cents ?? 0) }]}
                />
              </Box>
              <details>
                <summary>{t('dashboard.chartTable')}</summary>
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('dashboard.day')}</TableCell>
                      <TableCell align="right">{t('dashboard.orders')}</TableCell>
                      <TableCell align="right">{t('dashboard.gross')}</TableCell>
                      <TableCell align="right">{t('dashboard.net')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {figures.revenue30Days.map((day) => (
                      <TableRow key={day.day}>
                        <TableCell>{formatDay(day.day)}</TableCell>
                        <TableCell align="right">{day.orders}</TableCell>
                        <TableCell align="right">{formatCents(day.grossCents)}</TableCell>
                        <TableCell align="right">{formatCents(day.netCents)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </details>
            </Card>
          </Box>
        </Box>
      )}
    </Page>
  );
}
