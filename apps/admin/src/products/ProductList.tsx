import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useCustom } from '@refinedev/core';
import type { AdminProductPage } from '@shop/contracts';
import { Alert, Box, Button, Checkbox, Link, Paper, TableCell, TableRow, Typography } from '@mui/material';
import { queryString } from '../api.ts';
import { formatCents, quantityInput } from '../format.ts';
import { t } from '../i18n/translate.ts';
import { ListTable } from '../ui/ListTable.tsx';
import { Page } from '../ui/Page.tsx';
import { useKeysetPaging } from '../ui/use-keyset-paging.ts';
import { useListFilters } from '../ui/use-list-filters.ts';
import { productCount } from './bulk-action.ts';
import { BulkDialog, type BulkTarget } from './BulkDialog.tsx';
import { typeLabel } from './labels.ts';
import { paths } from './paths.ts';
import { DEFAULT_SORT, filterBody, PRODUCT_FILTERS } from './product-filters.ts';
import { ProductFilterPanel } from './ProductFilterPanel.tsx';
import type { ProductPageState } from './ProductPage.tsx';
import { useProductChoices } from './use-product-choices.ts';

const PAGE_SIZE = 50;

/**
 * The products list over the whole catalogue (issue #45 point 1): search by SKU or name and the
 * filters, kept in the address; pages by cursor (keyset), the total counted once per filter;
 * products ticked across pages for a bulk action, or the bulk action on everything the filters select.
 */
export default function ProductList() {
  const location = useLocation();
  const list = useListFilters(PRODUCT_FILTERS);
  const { params, filters } = list;
  const sort = params.get('sort') ?? DEFAULT_SORT;
  const filter = filterBody(filters);
  const key = queryString({ ...filter, sort });
  const { choices, categories } = useProductChoices();

  const { page, cursor, go } = useKeysetPaging(key);
  const { query, result } = useCustom<AdminProductPage>({ url: `/products${queryString({ ...filter, sort, limit: PAGE_SIZE, cursor })}`, method: 'get' });
  const { query: counting, result: counted } = useCustom<AdminProductPage>({ url: `/products${queryString({ ...filter, limit: 1, count: 'yes' })}`, method: 'get' });
  const answer = result.data;
  const items = answer?.items ?? [];
  const total = counted.data?.total;
  // Past ADMIN_PRODUCT_COUNT_MAX matches the API says "more than" instead of counting them all.
  const over = counted.data?.totalOver;
  const pages = total === undefined ? page + (answer?.more ? 1 : 0) : Math.max(page, Math.ceil(total / PAGE_SIZE));

  // Ticked products, kept across pages of one filter.
  const [selection, setSelection] = useState<{ key: string; skus: Set<string> }>({ key, skus: new Set() });
  const selected = selection.key === key ? selection.skus : new Set<string>();
  const tick = (skus: string[], on: boolean) => {
    const next = new Set(selected);
    for (const sku of skus) if (on) next.add(sku); else next.delete(sku);
    setSelection({ key, skus: next });
  };
  const allOnPage = items.length > 0 && items.every((item) => selected.has(item.sku));

  const [bulk, setBulk] = useState<{ target: BulkTarget; count: number; over?: boolean } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const openBulk = (whole: boolean) => {
    setNotice(null);
    if (whole && over !== undefined) return setBulk({ target: { filter }, count: over, over: true });
    if (whole) return total ? setBulk({ target: { filter }, count: total }) : setNotice(t('products.bulk.nothing'));
    if (selected.size === 0) return setNotice(t('products.bulk.noneTicked'));
    setBulk({ target: { skus: [...selected] }, count: selected.size });
  };

  const head = [
    { label: t('products.selectPage'), content: <Checkbox checked={allOnPage} indeterminate={!allOnPage && items.some((i) => selected.has(i.sku))} onChange={(e) => tick(items.map((i) => i.sku), e.target.checked)} slotProps={{ input: { 'aria-label': t('products.selectPage') } }} /> },
    { label: t('products.col.sku') },
    { label: t('products.col.name') },
    { label: t('products.col.type') },
    { label: t('products.col.price'), align: 'right' },
    { label: t('products.col.special'), align: 'right' },
    { label: t('products.col.stock'), align: 'right' },
    { label: t('products.col.status') },
  ] as const;

  return (
    <Page
      title={t('products.title')}
      actions={
        <Button component={RouterLink} to={paths.new} variant="contained">
          {t('products.new.title')}
        </Button>
      }
    >
      <ProductFilterPanel list={list} sort={sort} choices={choices} categories={categories} />
      <Paper component="section" aria-label={t('products.bulk.title')} sx={{ p: 2, mb: 2, display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <Typography>{t('products.ticked', { products: productCount(selected.size) })}</Typography>
        <Button variant="outlined" onClick={() => openBulk(false)}>
          {t('products.bulk.onSelection')}
        </Button>
        <Button variant="outlined" onClick={() => openBulk(true)}>
          {over !== undefined
            ? t('products.bulk.onFilter', { products: productCount(over, true) })
            : total === undefined
              ? t('products.bulk.onFilterUncounted')
              : t('products.bulk.onFilter', { products: productCount(total) })}
        </Button>
        {selected.size > 0 && <Button onClick={() => setSelection({ key, skus: new Set() })}>{t('products.untick')}</Button>}
        <Box role="status" sx={{ flexBasis: '100%' }}>
          {notice && <Alert severity="info">{notice}</Alert>}
        </Box>
      </Paper>
      <ListTable
        label={t('products.title')}
        head={head}
        empty={t('products.empty')}
        loading={query.isLoading || counting.isLoading}
        error={query.error ?? counting.error}
        total={total ?? over ?? items.length}
        over={over !== undefined}
        shown={items.length}
        page={page}
        pages={pages}
        onPage={(to) => go(to, answer?.nextCursor)}
      >
        {items.map((item) => (
          <TableRow key={item.sku} hover selected={selected.has(item.sku)}>
            <TableCell padding="checkbox">
              <Checkbox checked={selected.has(item.sku)} onChange={(e) => tick([item.sku], e.target.checked)} slotProps={{ input: { 'aria-label': t('products.select', { sku: item.sku, name: item.name }) } }} />
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              <Link component={RouterLink} to={paths.product(item.sku)} state={{ from: location.search } satisfies ProductPageState}>
                <code>{item.sku}</code>
              </Link>
            </TableCell>
            <TableCell sx={{ minWidth: 200 }}>
              {item.name}
              {(item.parentSku || item.brand) && (
                <Typography variant="body2" color="text.secondary">
                  {[item.parentSku && t('products.variantOf', { sku: item.parentSku }), item.brand?.label].filter(Boolean).join(' · ')}
                </Typography>
              )}
            </TableCell>
            <TableCell>{typeLabel(item.typeId)}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {formatCents(item.priceCents)}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {item.specialPriceCents === null ? '—' : formatCents(item.specialPriceCents)}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {quantityInput(item.qty)}
              <Typography variant="body2" color={item.isInStock ? 'text.secondary' : 'error'}>
                {item.isInStock ? t('products.stock.in') : t('products.stock.out')}
              </Typography>
            </TableCell>
            <TableCell>{t(`products.status.${item.status}`)}</TableCell>
          </TableRow>
        ))}
      </ListTable>
      {bulk && (
        <BulkDialog
          target={bulk.target}
          count={bulk.count}
          over={bulk.over}
          categories={categories}
          onClose={() => setBulk(null)}
          onDone={(done) => {
            setBulk(null);
            setSelection({ key, skus: new Set() });
            setNotice(t('products.bulk.done', { updated: productCount(done.updated), unchanged: done.unchanged }));
            void query.refetch();
            void counting.refetch();
          }}
        />
      )}
    </Page>
  );
}
