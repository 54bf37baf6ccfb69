import { useState, type FormEvent } from 'react';
import type { AdminProduct, AdminProductChoices, AdminProductWriteResult } from '@shop/contracts';
import { Box } from '@mui/material';
import { api } from '../api.ts';
import { t } from '../i18n/translate.ts';
import type { CategoryChoice } from './category-choices.ts';
import { formOf, patchOf, type FormField, type ProductForm } from './product-form.ts';
import { refusalOf } from './product-refusal.ts';
import { ProductSections } from './ProductSections.tsx';
import { SaveBar } from './SaveBar.tsx';

/**
 * The fields of an existing product, saved as a PATCH of what changed. A refusal is shown beside
 * the button with the fields it names marked, and the form stays as typed.
 */
export function EditProductForm({ product, choices, categories, onSaved }: { product: AdminProduct; choices: AdminProductChoices; categories: readonly CategoryChoice[]; onSaved: (product: AdminProduct) => void }) {
  const [loaded, setLoaded] = useState<ProductForm>(() => formOf(product));
  const [form, setForm] = useState<ProductForm>(loaded);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const set = <K extends FormField>(name: K, value: ProductForm[K]) => {
    setNotice(null);
    setForm((current) => ({ ...current, [name]: value }));
  };
  const refusal = refusalOf(error);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setNotice(null);
    setWarning(null);
    setBusy(true);
    try {
      const patch = patchOf(form, loaded);
      if (Object.keys(patch).length === 0) {
        setNotice(t('products.unchanged'));
        return;
      }
      const result = await api<AdminProductWriteResult>('PATCH', `/products/${encodeURIComponent(product.sku)}`, patch);
      const saved = formOf(result.product);
      setLoaded(saved);
      setForm(saved);
      setNotice(t('products.saved'));
      if (result.cache.status === 'failed') setWarning(t('products.cacheFailed', { error: result.cache.error ?? '' }));
      onSaved(result.product);
    } catch (problem) {
      setError(problem);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={t('products.form')}>
      <ProductSections form={form} set={set} invalid={new Set(refusal?.fields ?? [])} choices={choices} categories={categories} urlRedirects={product.urlRedirects} />
      <SaveBar refusal={refusal} notice={notice} warning={warning} busy={busy} label={busy ? t('products.saving') : t('products.save')} />
    </Box>
  );
}
