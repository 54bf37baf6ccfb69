import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Refine } from '@refinedev/core';
import { CssBaseline, GlobalStyles, ThemeProvider, createTheme } from '@mui/material';
import { itIT } from '@mui/material/locale';
import { App } from './App.tsx';
import { i18nProvider } from './i18n/translate.ts';
import { authProvider, dataProvider } from './providers.ts';

const theme = createTheme({ palette: { primary: { main: '#1f4e8c' }, secondary: { main: '#7a3b00' } } }, itIT);
const focusRing = { outline: '3px solid #f0a020', outlineOffset: 2 };
const globalStyles = {
  ':focus-visible': focusRing,
  '.visually-hidden': { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
  // A table scrolls sideways inside its container on a phone; a visually hidden heading in its
  // last column is absolutely placed, and would stretch the page past the screen unless the
  // container is what places it (the coupon list scrolled sideways on a phone).
  '.MuiTableContainer-root': { position: 'relative' },
  '.MuiButtonBase-root.Mui-focusVisible': focusRing,
} as const;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <GlobalStyles styles={globalStyles} />
      <BrowserRouter basename="/admin">
        <Refine
          dataProvider={dataProvider}
          authProvider={authProvider}
          i18nProvider={i18nProvider}
          resources={[{ name: 'orders' }, { name: 'users' }, { name: 'api-keys' }]}
          options={{ disableTelemetry: true, reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } } } }}
        >
          <App />
        </Refine>
      </BrowserRouter>
    </ThemeProvider>
  </StrictMode>,
);
