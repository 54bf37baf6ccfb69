import type { ReactNode } from 'react';
import { Paper, Typography } from '@mui/material';

/** A titled part of a record's page (order, customer), named by its heading for screen readers. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `sezione-${title.replace(/\W+/g, '-')}`;
  return (
    <Paper component="section" aria-labelledby={id} sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
