import type { ReactNode } from 'react';
import { Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { t } from '../i18n/translate.ts';
import { ErrorAlert } from './ErrorAlert.tsx';
import { EmptyRow, Pager } from './Pager.tsx';

/**
 * A list's results under its filters: the API's error, how many matched (announced, or "loading"),
 * the table named `label` with its headings and rows (or the one row saying nothing matched), and
 * the pager. The rows are the list's own.
 */
export function ListTable({
  label,
  head,
  empty,
  loading,
  error,
  total,
  over = false,
  shown,
  page,
  pages,
  onPage,
  children,
}: {
  label: string;
  /** The columns' headings; `content` in place of the text (a "select all" box, named by `label`). */
  head: readonly { label: string; align?: 'right'; content?: ReactNode }[];
  /** What the one row says when nothing matches. */
  empty: string;
  loading: boolean;
  error: unknown;
  total: number;
  /** More than `total` match (a list that counts no further). */
  over?: boolean;
  /** Rows on this page. */
  shown: number;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  children: ReactNode;
}) {
  return (
    <>
      <ErrorAlert error={error} />
      <Typography role="status" sx={{ mb: 1 }}>
        {loading ? t('app.loading') : t(over ? 'common.resultsOver' : total === 1 ? 'common.result' : 'common.results', { count: over ? total.toLocaleString('it-IT') : total })}
      </Typography>
      <TableContainer component={Paper} tabIndex={0} aria-label={label}>
        <Table size="small">
          <TableHead>
            <TableRow>
              {head.map((cell) => (
                <TableCell key={cell.label} align={cell.align}>
                  {cell.content ?? cell.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {children}
            <EmptyRow shown={!loading && shown === 0} columns={head.length} text={empty} />
          </TableBody>
        </Table>
      </TableContainer>
      <Pager page={page} pages={pages} onPage={onPage} />
    </>
  );
}
