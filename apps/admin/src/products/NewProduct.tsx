import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { AdminProductChoices, AdminProductWriteResult } from '@shop/contracts';
import { Box, Link, TextField, Typography } from '@mui/material';
import { api } from '../api.ts';
import { t } from '../i18n/translate.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { Page } from '../ui/Page.tsx';
import type { CategoryChoice } from './category-choices.ts';
import { paths } from './paths.ts';
import { blankForm, createBodyOf, type FormField, type ProductForm } from './product-form.ts';
import { refusalOf } from './product-refusal.ts';
import type { ProductPageState } from './ProductPage.tsx';
import { ProductSections } from './ProductSections.tsx';
import { SaveBar } from './SaveBar.tsx';
import { useProductChoices } from './use-product-choices.ts';

function NewProductForm({ choices, categories }: { choices: AdminProductChoices; categories: readonly CategoryChoice[] }) {
  const navigate = useNavigate();
  const [sku, setSku] = useState('');
  const [form, setForm] = useState<ProductForm>(() => blankForm(String(choices.taxClasses.find((c) => c.id !== 0)?.id ?? 0)));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const set = <K extends FormField>(name: K, value: ProductForm[K]) => setForm((current) => ({ ...current, [name]: value }));
  const refusal = refusalOf(error);
  const invalid = new Set<string>(refusal?.fields ?? []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const created = await api<AdminProductWriteResult>('POST', '/products', createBodyOf(sku, form));
      // The product's own page, saying it was created (the form stays as typed if the API refused).
      navigate(paths.product(created.product.sku), { replace: true, state: { created: true } satisfies ProductPageState });
    } catch (problem) {
      setError(problem);
    } finally {
      setBusy(false);
    }
  }

  const skuField = (
    <TextField
      id="campo-sku"
      required
      label={t('products.field.sku')}
      value={sku}
      onChange={(e) => setSku(e.target.value)}
      error={invalid.has('sku')}
      helperText={t('products.help.sku')}
      fullWidth
      sx={{ mb: 2 }}
      slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
    />
  );
  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={t('products.new.title')}>
      <ProductSections form={form} set={set} invalid={invalid} choices={choices} categories={categories} isNew lead={skuField} />
      <SaveBar refusal={refusal} notice={null} busy={busy} label={busy ? t('products.saving') : t('products.new.create')} />
    </Box>
  );
}

/** A simple product from scratch (issue #45 point 1): in the shop and its search as soon as it is created. */
export default function NewProduct() {
  const { choices, categories, ready, error } = useProductChoices();
  return (
    <Page title={t('products.new.title')}>
      <Link component={RouterLink} to={paths.list} sx={{ display: 'inline-block', mb: 2 }}>
        {t('products.back')}
      </Link>
      <Typography sx={{ mb: 2 }}>{t('products.new.intro')}</Typography>
      {choices && ready ? (
        <NewProductForm choices={choices} categories={categories} />
      ) : (
        <>
          <ErrorAlert error={error} />
          {!error && <Typography role="status">{t('app.loading')}</Typography>}
        </>
      )}
    </Page>
  );
}
