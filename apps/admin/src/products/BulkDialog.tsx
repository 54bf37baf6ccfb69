import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { AdminProductBulkAction, AdminProductBulkResult } from '@shop/contracts';
import { Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, TextField, Typography } from '@mui/material';
import { api } from '../api.ts';
import { t } from '../i18n/translate.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { NativeSelect } from '../ui/NativeSelect.tsx';
import { blankBulkForm, BULK_KINDS, bulkActionOf, confirmationOf, productCount, type BulkForm } from './bulk-action.ts';
import type { CategoryChoice } from './category-choices.ts';
import { statusOptions } from './labels.ts';
import type { ProductFilters } from './product-filters.ts';

/** The products a bulk action works on: those ticked, or everything the list's filters select. */
export type BulkTarget = { skus: string[] } | { filter: Partial<ProductFilters> };

function ActionFields({ form, set, categories }: { form: BulkForm; set: <K extends keyof BulkForm>(name: K, value: BulkForm[K]) => void; categories: readonly CategoryChoice[] }) {
  switch (form.kind) {
    case 'percent':
    case 'amount':
      return (
        <>
          <TextField required label={t(`products.bulk.field.${form.kind}`)} helperText={t(`products.bulk.help.${form.kind}`)} value={form.change} onChange={(e) => set('change', e.target.value)} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
          <FormControlLabel control={<Checkbox checked={form.alsoSpecial} onChange={(e) => set('alsoSpecial', e.target.checked)} />} label={t('products.bulk.field.alsoSpecial')} />
        </>
      );
    case 'status':
      return <NativeSelect label={t('products.field.status')} value={form.status} onChange={(value) => set('status', value)} options={statusOptions()} />;
    case 'stock':
      return <TextField required label={t('products.bulk.field.qty')} value={form.qty} onChange={(e) => set('qty', e.target.value)} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />;
    case 'category':
      return (
        <NativeSelect
          label={t('products.bulk.field.category')}
          value={form.categoryId}
          onChange={(value) => set('categoryId', value)}
          allLabel={t('products.bulk.pickCategory')}
          options={categories.map((c) => ({ value: String(c.id), label: `${'— '.repeat(c.depth)}${c.name}` }))}
        />
      );
  }
}

/**
 * A bulk action in two steps: what to change, then a confirmation that says it again with how
 * many products it touches. The API's refusal (a price that would go below zero, too many
 * products) is shown in the dialog, which stays open.
 */
export function BulkDialog({ target, count, over = false, categories, onClose, onDone }: { target: BulkTarget; count: number; /** More than `count` products (the list counts no further). */ over?: boolean; categories: readonly CategoryChoice[]; onClose: () => void; onDone: (result: AdminProductBulkResult) => void }) {
  const [form, setForm] = useState<BulkForm>(blankBulkForm);
  const [action, setAction] = useState<AdminProductBulkAction | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const question = useRef<HTMLParagraphElement>(null);
  const set = <K extends keyof BulkForm>(name: K, value: BulkForm[K]) => setForm((current) => ({ ...current, [name]: value }));
  // The question is read first when the confirmation comes.
  useEffect(() => {
    if (action) question.current?.focus();
  }, [action]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!action) {
      try {
        setAction(bulkActionOf(form));
      } catch (problem) {
        setError(problem);
      }
      return;
    }
    setBusy(true);
    try {
      onDone(await api<AdminProductBulkResult>('POST', '/products/bulk', { ...target, action }));
    } catch (problem) {
      setError(problem);
    } finally {
      setBusy(false);
    }
  }

  const category = categories.find((c) => String(c.id) === form.categoryId)?.path ?? '';
  const title = t('skus' in target ? 'products.bulk.titleSelection' : 'products.bulk.titleFilter', { products: productCount(count, over) });
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="azione-multipla" fullWidth maxWidth="sm">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="azione-multipla">{title}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {action ? (
            <Typography ref={question} tabIndex={-1} sx={{ outline: 'none', fontWeight: 700 }}>
              {confirmationOf(action, count, category, over)}
            </Typography>
          ) : (
            <>
              <NativeSelect label={t('products.bulk.field.kind')} value={form.kind} onChange={(value) => set('kind', value as BulkForm['kind'])} options={BULK_KINDS.map((kind) => ({ value: kind, label: t(`products.bulk.kind.${kind}`) }))} />
              <ActionFields form={form} set={set} categories={categories} />
            </>
          )}
          <ErrorAlert error={error} />
        </DialogContent>
        <DialogActions>
          {action ? (
            <Button onClick={() => setAction(null)}>{t('products.bulk.back')}</Button>
          ) : (
            <Button onClick={onClose}>{t('common.cancel')}</Button>
          )}
          <Button type="submit" variant="contained" disabled={busy}>
            {action ? t('products.bulk.confirm') : t('products.bulk.review')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
