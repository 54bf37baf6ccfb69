import { Box, Button, TableCell, TableRow } from '@mui/material';
import { t } from '../i18n/translate.ts';

/** The previous/next navigation under a list, with "Pagina n / of". */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  return (
    <Box component="nav" aria-label={t('common.page', { page })} sx={{ display: 'flex', gap: 2, alignItems: 'center', mt: 2 }}>
      <Button disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('common.previous')}
      </Button>
      <span>
        {t('common.page', { page })} / {pages}
      </span>
      <Button disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('common.next')}
      </Button>
    </Box>
  );
}

/** The one row a list table shows when nothing matches (not while it loads). */
export function EmptyRow({ shown, columns, text }: { shown: boolean; columns: number; text: string }) {
  return shown ? (
    <TableRow>
      <TableCell colSpan={columns}>{text}</TableCell>
    </TableRow>
  ) : null;
}
