import { Link as RouterLink } from 'react-router';
import { useCustom } from '@refinedev/core';
import type { AdminCmsList } from '@shop/contracts';
import { Box, Button, Link, Paper, Stack, Tab, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tabs, TextField, Typography } from '@mui/material';
import { queryString } from '../api.ts';
import { formatDateTime } from '../format.ts';
import { t } from '../i18n/translate.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { NativeSelect } from '../ui/NativeSelect.tsx';
import { Page } from '../ui/Page.tsx';
import { EmptyRow, Pager } from '../ui/Pager.tsx';
import { useListFilters } from '../ui/use-list-filters.ts';
import { CONTENT_KINDS, editorPath, type ContentKind } from './kinds.ts';

const FILTERS = ['tipo', 'q', 'active'] as const;
const PAGE_SIZE = 50;

/** The shop's CMS pages and blocks, one tab each; the tab, search and filter live in the address. */
export default function ContentList() {
  const { filters, set, page, setPage, text, setText } = useListFilters(FILTERS);
  const kind: ContentKind = filters.tipo === 'blocchi' ? 'block' : 'page';
  const { api, newLabel } = CONTENT_KINDS[kind];
  const { query, result } = useCustom<AdminCmsList>({ url: `/content/${api}${queryString({ q: filters.q, active: filters.active, page, limit: PAGE_SIZE })}`, method: 'get' });
  const items = result.data?.items ?? [];
  const total = result.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const tab = (value: ContentKind) => ({ value, id: `tab-${value}`, 'aria-controls': 'contenuti-elenco', label: t(CONTENT_KINDS[value].tabLabel) });

  return (
    <Page
      title={t('content.title')}
      actions={
        <Button variant="contained" component={RouterLink} to={editorPath(kind, null)}>
          {t(newLabel)}
        </Button>
      }
    >
      <Typography sx={{ mb: 2 }}>{t('content.intro')}</Typography>
      <Tabs value={kind} onChange={(_event, value: ContentKind) => set('tipo', value === 'block' ? 'blocchi' : '')} aria-label={t('content.kinds')} sx={{ mb: 2 }}>
        <Tab {...tab('page')} />
        <Tab {...tab('block')} />
      </Tabs>
      <Box role="tabpanel" id="contenuti-elenco" aria-labelledby={`tab-${kind}`}>
        <Paper component="section" aria-label={t('content.filters')} sx={{ p: 2, mb: 2 }}>
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2 }}>
            <TextField size="small" type="search" label={t('content.search')} value={text} onChange={(e) => setText(e.target.value)} sx={{ minWidth: 260 }} />
            <NativeSelect
              label={t('content.state')}
              value={filters.active}
              onChange={(value) => set('active', value)}
              allLabel={t('common.all')}
              options={[
                { value: 'true', label: t('content.state.active') },
                { value: 'false', label: t('content.state.inactive') },
              ]}
            />
          </Stack>
        </Paper>
        <ErrorAlert error={query.error} />
        <Typography role="status" variant="body2" sx={{ mb: 1 }}>
          {query.isLoading ? t('app.loading') : total === 1 ? t('common.result') : t('common.results', { count: total })}
        </Typography>
        <TableContainer component={Paper} tabIndex={0} aria-label={t(CONTENT_KINDS[kind].tabLabel)}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('content.col.title')}</TableCell>
                <TableCell>{t('content.col.identifier')}</TableCell>
                <TableCell>{t('content.col.state')}</TableCell>
                <TableCell>{t('content.col.updated')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((item) => (
                <TableRow key={item.id} hover>
                  <TableCell>
                    <Link component={RouterLink} to={editorPath(kind, item.id)}>
                      {item.title || item.identifier}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <code>{item.identifier}</code>
                  </TableCell>
                  <TableCell>{item.active ? t('content.state.active') : t('content.state.inactive')}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{item.updatedAt ? formatDateTime(item.updatedAt) : ''}</TableCell>
                </TableRow>
              ))}
              <EmptyRow shown={!query.isLoading && items.length === 0} columns={4} text={t('content.empty')} />
            </TableBody>
          </Table>
        </TableContainer>
        <Pager page={page} pages={pages} onPage={setPage} />
      </Box>
    </Page>
  );
}
