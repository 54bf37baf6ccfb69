import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { AdminProduct } from '@shop/contracts';
import { Alert, Box, Button, Link, Typography } from '@mui/material';
import { api } from '../api.ts';
import { formatDateTime } from '../format.ts';
import { t } from '../i18n/translate.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { Page } from '../ui/Page.tsx';
import { EditProductForm } from './EditProductForm.tsx';
import { typeLabel } from './labels.ts';
import { Members } from './Members.tsx';
import { paths } from './paths.ts';
import { useProductChoices } from './use-product-choices.ts';

/** Where the list was (its filters), so that "back" returns to it. */
export interface ProductPageState {
  from?: string;
  created?: boolean;
}

/** What the product is, where it belongs, when it last changed. */
function Summary({ product }: { product: AdminProduct }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 0.5, m: 0, mb: 2, '& dd': { m: 0, overflowWrap: 'anywhere' } }}>
      <dt>{t('products.col.sku')}</dt>
      <dd>
        <code>{product.sku}</code>
      </dd>
      <dt>{t('products.col.type')}</dt>
      <dd>{typeLabel(product.typeId)}</dd>
      {product.parentSkus.length > 0 && (
        <>
          <dt>{t('products.parentOf')}</dt>
          <dd>
            {product.parentSkus.map((parent, i) => (
              <span key={parent}>
                {i > 0 && ', '}
                <Link component={RouterLink} to={paths.product(parent)}>
                  {parent}
                </Link>
              </span>
            ))}
          </dd>
        </>
      )}
      {product.updatedAt && (
        <>
          <dt>{t('products.updated')}</dt>
          <dd>{formatDateTime(product.updatedAt)}</dd>
        </>
      )}
    </Box>
  );
}

/** The shop's page of the product, when shoppers can open it. */
function shopPath(product: AdminProduct): string | null {
  if (product.status !== 1 || product.visibility < 2 || product.parentSkus.length > 0) return null;
  return `/p/${encodeURIComponent(product.sku)}/${encodeURIComponent(product.urlKey)}`;
}

/**
 * One product (issue #45 point 1): every field a seller changes, the products it is made of with
 * their prices and stock, and a link to its images (their own page).
 */
export default function ProductPage() {
  const sku = useParams()['sku'] ?? '';
  const state = (useLocation().state ?? {}) as ProductPageState;
  // Its id may be null (a child known only inside its parent): not a Refine record, read by SKU.
  const query = useQuery({ queryKey: ['admin-product', sku], queryFn: () => api<AdminProduct>('GET', `/products/${encodeURIComponent(sku)}`) });
  const product = query.data;
  const { choices, categories, ready, error } = useProductChoices();
  const shop = product ? shopPath(product) : null;
  return (
    <Page
      title={t('products.edit.title', { sku })}
      actions={
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button component={RouterLink} to={paths.images(sku)} variant="outlined">
            {t('products.images')}
          </Button>
          {shop && (
            <Button component="a" href={shop} target="_blank" rel="noopener">
              {t('products.viewInShop')}
              <span className="visually-hidden"> {t('content.newTab')}</span>
            </Button>
          )}
        </Box>
      }
    >
      <Link component={RouterLink} to={`${paths.list}${state.from ?? ''}`} sx={{ display: 'inline-block', mb: 2 }}>
        {t('products.back')}
      </Link>
      {state.created && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {t('products.created')}
        </Alert>
      )}
      {product && choices && ready ? (
        <>
          <Summary product={product} />
          <EditProductForm key={sku} product={product} choices={choices} categories={categories} onSaved={() => void query.refetch()} />
          <Box sx={{ mt: 2 }}>
            <Members product={product} choices={choices} onSaved={() => query.refetch()} />
          </Box>
        </>
      ) : (
        <>
          <ErrorAlert error={query.error ?? error} />
          {(query.isLoading || (!ready && !error)) && <Typography role="status">{t('app.loading')}</Typography>}
        </>
      )}
    </Page>
  );
}
