import { useEffect, useRef, type ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { t } from '../i18n/translate.ts';

/**
 * A screen of the back office: its title in the tab and as the one h1, which takes the focus when
 * the screen opens, so that a keyboard or screen-reader user starts reading from there.
 */
export function Page({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} — ${t('app.title')} ${t('app.shop')}`;
    heading.current?.focus();
  }, [title]);
  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}>
        <Typography variant="h4" component="h1" ref={heading} tabIndex={-1} sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, outline: 'none' }}>
          {title}
        </Typography>
        {actions}
      </Box>
      {children}
    </Box>
  );
}
