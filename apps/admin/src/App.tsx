import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, Navigate, NavLink, Route, Routes, useLocation, useNavigate } from 'react-router';
import { useLogout } from '@refinedev/core';
import { AppBar, Box, Button, CircularProgress, Drawer, IconButton, Link, List, ListItem, ListItemButton, ListItemText, Toolbar, Typography, useMediaQuery, useTheme } from '@mui/material';
import { onSessionEnded } from './api.ts';
import { SignIn } from './auth/SignIn.tsx';
import { t } from './i18n/translate.ts';
import { setSignInNotice, useSession } from './session.ts';
import type { AdminSession } from './types.ts';
import { Page, useNoteWhatOpenedTheScreen } from './ui/Page.tsx';

const Dashboard = lazy(() => import('./dashboard/Dashboard.tsx'));
const OrderList = lazy(() => import('./orders/OrderList.tsx'));
const OrderPage = lazy(() => import('./orders/OrderPage.tsx'));
const ProductList = lazy(() => import('./products/ProductList.tsx'));
const ProductPage = lazy(() => import('./products/ProductPage.tsx'));
const NewProduct = lazy(() => import('./products/NewProduct.tsx'));
const Coupons = lazy(() => import('./coupons/Coupons.tsx'));
const Categories = lazy(() => import('./categories/Categories.tsx'));
const PriceCsv = lazy(() => import('./prices/PriceCsv.tsx'));
const CustomerList = lazy(() => import('./customers/CustomerList.tsx'));
const CustomerPage = lazy(() => import('./customers/CustomerPage.tsx'));
const Reviews = lazy(() => import('./reviews/Reviews.tsx'));
const Subscribers = lazy(() => import('./newsletter/Subscribers.tsx'));
const ContentList = lazy(() => import('./content/ContentList.tsx'));
const ContentEditor = lazy(() => import('./content/ContentEditor.tsx'));
const SellerSettings = lazy(() => import('./content/SellerSettings.tsx'));
const QuoteList = lazy(() => import('./quotes/QuoteList.tsx'));
const QuotePage = lazy(() => import('./quotes/QuotePage.tsx'));
const ProductImages = lazy(() => import('./product-images/ProductImages.tsx'));
const Users = lazy(() => import('./users/Users.tsx'));
const ApiKeys = lazy(() => import('./api-keys/ApiKeys.tsx'));
const TotpEnrol = lazy(() => import('./auth/TotpEnrol.tsx'));

export const PATHS = { signIn: '/accedi', dashboard: '/', orders: '/ordini', products: '/prodotti', quotes: '/preventivi', customers: '/clienti', coupons: '/coupon', categories: '/categorie', prices: '/prezzi-scorte', content: '/contenuti', settings: '/impostazioni', reviews: '/recensioni', newsletter: '/newsletter', users: '/utenti', apiKeys: '/chiavi-api', totp: '/verifica-due-passaggi' } as const;

const loading = (
  <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center', p: 3 }}>
    <CircularProgress size={24} aria-hidden="true" />
    <span>{t('app.loading')}</span>
  </Box>
);

export function App() {
  const { session, refresh } = useSession();
  const navigate = useNavigate();
  // A 401 during the visit (30 minutes idle, 8 hours, signed out elsewhere): back to sign-in, saying why.
  useEffect(
    () =>
      onSessionEnded(() => {
        setSignInNotice('expired');
        // The session answers 401 too now: once it does, the frame gives way to sign-in.
        void refresh().then(() => navigate(PATHS.signIn));
      }),
    [navigate, refresh],
  );
  if (session === undefined) return loading;
  return (
    <Routes>
      <Route path={PATHS.signIn} element={session && !session.mustEnrolTotp ? <Navigate to={PATHS.dashboard} replace /> : <SignIn />} />
      <Route path="*" element={session ? <Shell session={session} /> : <Navigate to={PATHS.signIn} replace />} />
    </Routes>
  );
}

function OwnerOnly({ session, children }: { session: AdminSession; children: ReactNode }) {
  return session.role === 'owner' ? children : <Page title={t('forbidden')}>{null}</Page>;
}

/** The signed-in frame: top bar, navigation (a drawer on a phone), the screen. */
function Shell({ session }: { session: AdminSession }) {
  const location = useLocation();
  useNoteWhatOpenedTheScreen();
  if (session.mustEnrolTotp && location.pathname !== PATHS.totp) return <Navigate to={PATHS.totp} replace />;
  return (
    <Frame session={session}>
      <Suspense fallback={loading}>
        <Routes>
          <Route path={PATHS.dashboard} element={<Dashboard />} />
          <Route path={PATHS.orders} element={<OrderList />} />
          <Route path={`${PATHS.orders}/:number`} element={<OrderPage />} />
          <Route path={PATHS.products} element={<ProductList />} />
          <Route path={`${PATHS.products}/nuovo`} element={<NewProduct />} />
          <Route path={`${PATHS.products}/:sku`} element={<ProductPage />} />
          <Route path={PATHS.coupons} element={<Coupons />} />
          <Route path={PATHS.categories} element={<Categories />} />
          <Route path={PATHS.prices} element={<PriceCsv />} />
          <Route path={PATHS.customers} element={<CustomerList />} />
          <Route path={`${PATHS.customers}/:id`} element={<CustomerPage />} />
          <Route path={PATHS.reviews} element={<Reviews />} />
          <Route path={PATHS.newsletter} element={<Subscribers />} />
          <Route path={PATHS.content} element={<ContentList />} />
          <Route path={`${PATHS.content}/pagine/:id`} element={<ContentEditor kind="page" />} />
          <Route path={`${PATHS.content}/blocchi/:id`} element={<ContentEditor kind="block" />} />
          <Route path={PATHS.settings} element={<SellerSettings />} />
          <Route path={PATHS.quotes} element={<QuoteList />} />
          <Route path={`${PATHS.quotes}/:id`} element={<QuotePage />} />
          {/* Reached from the product's page (no menu entry of its own). */}
          <Route path="/prodotti/:sku/immagini" element={<ProductImages />} />
          <Route path={PATHS.users} element={<OwnerOnly session={session}><Users /></OwnerOnly>} />
          <Route path={PATHS.apiKeys} element={<OwnerOnly session={session}><ApiKeys /></OwnerOnly>} />
          <Route path={PATHS.totp} element={<TotpEnrol session={session} />} />
          <Route path="*" element={<Page title={t('notFound.title')}>{null}</Page>} />
        </Routes>
      </Suspense>
    </Frame>
  );
}

function Frame({ session, children }: { session: AdminSession; children: ReactNode }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const { mutate: logout } = useLogout();
  const links = [
    { to: PATHS.dashboard, label: t('nav.dashboard') },
    { to: PATHS.orders, label: t('nav.orders') },
    { to: PATHS.products, label: t('nav.products') },
    { to: PATHS.categories, label: t('nav.categories') },
    { to: PATHS.prices, label: t('nav.prices') },
    { to: PATHS.coupons, label: t('nav.coupons') },
    { to: PATHS.customers, label: t('nav.customers') },
    { to: PATHS.reviews, label: t('nav.reviews') },
    { to: PATHS.newsletter, label: t('nav.newsletter') },
    { to: PATHS.content, label: t('nav.content') },
    { to: PATHS.settings, label: t('nav.settings') },
    { to: PATHS.quotes, label: t('nav.quotes') },
    ...(session.role === 'owner' ? [{ to: PATHS.users, label: t('nav.users') }, { to: PATHS.apiKeys, label: t('nav.apiKeys') }] : []),
    { to: PATHS.totp, label: t('nav.totp') },
  ];
  const nav = (
    <Box component="nav" aria-label={t('app.nav')} sx={{ width: 240 }}>
      <List>
        {links.map((link) => (
          <ListItem key={link.to} disablePadding>
            <ListItemButton component={NavLink} to={link.to} end={link.to === PATHS.dashboard} onClick={() => setOpen(false)} sx={{ '&.active': { fontWeight: 700, bgcolor: 'action.selected' } }}>
              <ListItemText primary={link.label} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
  const signOut = () => {
    setSignInNotice('signedOut');
    logout(undefined, { onSuccess: () => navigate(PATHS.signIn) });
  };
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Link href="#contenuto" sx={{ position: 'absolute', left: -9999, '&:focus': { left: 8, top: 8, zIndex: 2000, bgcolor: 'background.paper', p: 1 } }}>
        {t('app.skip')}
      </Link>
      <AppBar position="fixed" sx={{ zIndex: (z) => z.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1 }}>
          {phone && (
            <IconButton color="inherit" edge="start" aria-label={t('app.menu')} aria-expanded={open} onClick={() => setOpen(!open)}>
              <Box component="span" aria-hidden="true" sx={{ fontSize: 24, lineHeight: 1 }}>
                ☰
              </Box>
            </IconButton>
          )}
          <Typography component={RouterLink} to={PATHS.dashboard} sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700, flexGrow: 1 }}>
            {t('app.shop')} · {t('app.title')}
          </Typography>
          {!phone && <Typography variant="body2">{t('app.signedInAs', { email: session.email, role: t(`role.${session.role}`) })}</Typography>}
          <Button color="inherit" variant="outlined" onClick={signOut}>
            {t('nav.signOut')}
          </Button>
        </Toolbar>
      </AppBar>
      {phone ? (
        <Drawer open={open} onClose={() => setOpen(false)}>
          <Toolbar />
          {nav}
        </Drawer>
      ) : (
        <Drawer variant="permanent" sx={{ width: 240, flexShrink: 0, '& .MuiDrawer-paper': { width: 240 } }}>
          <Toolbar />
          {nav}
        </Drawer>
      )}
      <Box component="main" id="contenuto" tabIndex={-1} sx={{ flexGrow: 1, minWidth: 0, p: { xs: 1.5, sm: 3 }, outline: 'none' }}>
        <Toolbar />
        {children}
      </Box>
    </Box>
  );
}
