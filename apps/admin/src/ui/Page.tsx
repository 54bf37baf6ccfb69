import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Box, Typography } from '@mui/material';
import { t } from '../i18n/translate.ts';

/** What had the focus when the address last changed: the link or button that opened the screen. */
let openedFrom: Element | null = null;

/** Called by the signed-in frame: notes what had the focus at each change of screen. */
export function useNoteWhatOpenedTheScreen(): void {
  const { key } = useLocation();
  useLayoutEffect(() => {
    openedFrom = document.activeElement;
  }, [key]);
}

/**
 * A screen of the back office: its title in the tab and as the one h1, which takes the focus when
 * the screen opens, so that a keyboard or screen-reader user starts reading from there. A screen
 * that loads late does not take the focus from where the user has since moved it.
 */
export function Page({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} — ${t('app.title')} ${t('app.shop')}`;
    const active = document.activeElement;
    if (!active || active === document.body || active === openedFrom) heading.current?.focus();
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
