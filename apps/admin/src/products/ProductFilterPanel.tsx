import { useState } from 'react';
import type { AdminProductChoices } from '@shop/contracts';
import { Box, Button, Paper, TextField, useMediaQuery, useTheme } from '@mui/material';
import { t } from '../i18n/translate.ts';
import { NativeSelect } from '../ui/NativeSelect.tsx';
import type { useListFilters } from '../ui/use-list-filters.ts';
import type { CategoryChoice } from './category-choices.ts';
import { statusOptions, STOCK_FILTERS, typeLabel, visibilityOptions } from './labels.ts';
import { DEFAULT_SORT, PRODUCT_SORTS, type ProductFilterName } from './product-filters.ts';

/** The list's search box, filters and sort, all in the address; folded under a button on a phone, the list first. */
export function ProductFilterPanel({ list, sort, choices, categories }: { list: ReturnType<typeof useListFilters<ProductFilterName>>; sort: string; choices: AdminProductChoices | undefined; categories: readonly CategoryChoice[] }) {
  const { filters, set, reset, text, setText } = list;
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const [open, setOpen] = useState(!phone);
  const yesNo = (prefix: string) => ['yes', 'no'].map((value) => ({ value, label: t(`${prefix}.${value}`) }));
  return (
    <Paper component="section" aria-label={t('products.filters')} sx={{ p: 2, mb: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <TextField size="small" type="search" label={t('products.filter.q')} helperText={t('products.filter.qHelp')} value={text} onChange={(e) => setText(e.target.value)} sx={{ minWidth: { xs: '100%', sm: 280 } }} />
        {phone && (
          <Button aria-expanded={open} aria-controls="filtri-prodotti" onClick={() => setOpen(!open)}>
            {t(open ? 'products.filters.hide' : 'products.filters.show')}
          </Button>
        )}
      </Box>
      <Box id="filtri-prodotti" hidden={!open} sx={{ display: open ? 'flex' : 'none', flexWrap: 'wrap', gap: 2, mt: 2, '& .MuiTextField-root': { minWidth: { xs: '100%', sm: 170 } } }}>
        <NativeSelect label={t('products.filter.categoryId')} value={filters.categoryId} onChange={(v) => set('categoryId', v)} allLabel={t('common.all')} options={categories.map((c) => ({ value: String(c.id), label: `${'— '.repeat(c.depth)}${c.name}` }))} />
        <NativeSelect label={t('products.filter.type')} value={filters.type} onChange={(v) => set('type', v)} allLabel={t('common.all')} options={(choices?.types ?? []).map((type) => ({ value: type, label: typeLabel(type) }))} />
        <NativeSelect label={t('products.filter.status')} value={filters.status} onChange={(v) => set('status', v)} allLabel={t('common.all')} options={statusOptions()} />
        <NativeSelect label={t('products.filter.visibility')} value={filters.visibility} onChange={(v) => set('visibility', v)} allLabel={t('common.all')} options={visibilityOptions()} />
        <NativeSelect
          label={t('products.filter.stock')}
          value={filters.stock}
          onChange={(v) => set('stock', v)}
          allLabel={t('common.all')}
          options={STOCK_FILTERS.map((value) => ({ value, label: t(`products.filter.stock.${value}`, { low: choices?.lowStock ?? '' }) }))}
        />
        <NativeSelect label={t('products.filter.brand')} value={filters.brand} onChange={(v) => set('brand', v)} allLabel={t('common.all')} options={choices?.brands ?? []} />
        <NativeSelect label={t('products.filter.special')} value={filters.special} onChange={(v) => set('special', v)} allLabel={t('common.all')} options={yesNo('products.filter.special')} />
        <NativeSelect label={t('products.sort')} value={sort} onChange={(v) => set('sort', v === DEFAULT_SORT ? '' : v)} options={PRODUCT_SORTS.map((value) => ({ value, label: t(`products.sort.${value}`) }))} />
        <Button onClick={reset}>{t('products.filter.reset')}</Button>
      </Box>
    </Paper>
  );
}
