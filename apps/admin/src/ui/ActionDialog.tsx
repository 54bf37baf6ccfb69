import { useState, type FormEvent, type ReactNode } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { t } from '../i18n/translate.ts';
import { ErrorAlert } from './ErrorAlert.tsx';

/**
 * A form in a modal dialog: the focus moves into it (its first field), stays inside while it is
 * open (Tab cycles, Escape closes) and goes back to the button that opened it. The API's error,
 * if any, is shown in it and the dialog stays open.
 */
export function ActionDialog({ title, open, onClose, onSubmit, children, submitLabel = t('action.submit') }: { title: string; open: boolean; onClose: () => void; onSubmit: () => Promise<void>; children: ReactNode; submitLabel?: string }) {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const id = `dialog-${title.replace(/\W+/g, '-')}`;
  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await onSubmit();
      onClose();
    } catch (problem) {
      setError(problem);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={id} fullWidth maxWidth="sm" slotProps={{ transition: { onExited: () => setError(null) } }}>
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id={id}>{title}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {children}
          <ErrorAlert error={error} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
