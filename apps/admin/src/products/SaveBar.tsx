import { Alert, Box, Button, Paper } from '@mui/material';
import type { Refusal } from './product-refusal.ts';

/**
 * The foot of a product form, kept in sight while the seller scrolls: the refusal of the last
 * save (in Italian, each field under its label; read out at once), what the save did, the button.
 */
export function SaveBar({ refusal, notice, warning, busy, label }: { refusal: Refusal | null; notice: string | null; warning?: string | null; busy: boolean; label: string }) {
  return (
    <Paper elevation={6} sx={{ position: 'sticky', bottom: 0, zIndex: 2, p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 1 }}>
      {refusal && (
        <Alert severity="error" role="alert">
          {refusal.text}
        </Alert>
      )}
      <div role="status">
        {notice && <Alert severity="success">{notice}</Alert>}
        {warning && <Alert severity="warning">{warning}</Alert>}
      </div>
      <Box>
        <Button type="submit" variant="contained" disabled={busy}>
          {label}
        </Button>
      </Box>
    </Paper>
  );
}
