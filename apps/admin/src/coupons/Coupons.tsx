import { useEffect, useState } from 'react';
import { useCreate, useCustom, useUpdate } from '@refinedev/core';
import type { AdminCoupon, AdminCouponPage } from '@shop/contracts';
import { Box, Button, Checkbox, FormControlLabel, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { queryString } from '../api.ts';
import { formatCents, formatDateTime } from '../format.ts';
import { t } from '../i18n/translate.ts';
import { ActionDialog } from '../ui/ActionDialog.tsx';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { NativeSelect } from '../ui/NativeSelect.tsx';
import { Page } from '../ui/Page.tsx';
import { EmptyRow, Pager } from '../ui/Pager.tsx';
import { bodyOf, formOf, refusalOf, type CouponForm } from './coupon-form.ts';

const PAGE_SIZE = 50;

const discountText = (c: AdminCoupon) => (c.discountType === 'fixed' ? formatCents(c.discountValue) : `${String(c.discountValue / 100).replace('.', ',')} %`);

function windowText(c: AdminCoupon): string {
  if (c.validFrom && c.validTo) return t('coupons.window.both', { from: formatDateTime(c.validFrom), to: formatDateTime(c.validTo) });
  if (c.validFrom) return t('coupons.window.from', { from: formatDateTime(c.validFrom) });
  if (c.validTo) return t('coupons.window.to', { to: formatDateTime(c.validTo) });
  return t('coupons.window.always');
}

/** Create (coupon null) or edit a coupon; the API's refusal (a code taken, a window ending first) stays in the dialog. */
function CouponDialog({ coupon, onClose, onSaved }: { coupon: AdminCoupon | null; onClose: () => void; onSaved: () => void }) {
  const { mutateAsync: create } = useCreate<AdminCoupon>();
  const { mutateAsync: update } = useUpdate<AdminCoupon>();
  const [form, setForm] = useState<CouponForm>(() => formOf(coupon));
  const set = <K extends keyof CouponForm>(name: K, value: CouponForm[K]) => setForm((current) => ({ ...current, [name]: value }));
  async function submit() {
    const values = bodyOf(form);
    try {
      if (coupon) await update({ resource: 'coupons', id: coupon.id, values });
      else await create({ resource: 'coupons', values });
    } catch (error) {
      throw refusalOf(error, form);
    }
    onSaved();
  }
  const field = (name: 'code' | 'description' | 'value' | 'categoryIds' | 'minSubtotal' | 'usageLimit' | 'usagePerCustomer', extra: { required?: boolean; helperText?: string; inputMode?: 'numeric' | 'decimal' } = {}) => (
    <TextField
      label={t(`coupons.field.${name === 'value' ? form.discountType : name}`)}
      value={form[name]}
      onChange={(e) => set(name, e.target.value)}
      required={extra.required}
      helperText={extra.helperText}
      slotProps={{ htmlInput: extra.inputMode ? { inputMode: extra.inputMode } : {} }}
    />
  );
  return (
    <ActionDialog title={coupon ? t('coupons.edit', { code: coupon.code }) : t('coupons.new')} open onClose={onClose} onSubmit={submit} submitLabel={t('coupons.save')}>
      <TextField autoFocus required label={t('coupons.field.code')} value={form.code} onChange={(e) => set('code', e.target.value)} helperText={t('coupons.help.code')} />
      {field('description')}
      <NativeSelect label={t('coupons.field.type')} value={form.discountType} onChange={(value) => set('discountType', value as CouponForm['discountType'])} options={[{ value: 'percent', label: t('coupons.type.percent') }, { value: 'fixed', label: t('coupons.type.fixed') }]} />
      {field('value', { required: true, inputMode: 'decimal' })}
      {field('minSubtotal', { inputMode: 'decimal', helperText: t('coupons.help.minSubtotal') })}
      {field('categoryIds', { helperText: t('coupons.help.categories') })}
      <TextField type="datetime-local" label={t('coupons.field.validFrom')} value={form.validFrom} onChange={(e) => set('validFrom', e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
      <TextField type="datetime-local" label={t('coupons.field.validTo')} value={form.validTo} onChange={(e) => set('validTo', e.target.value)} slotProps={{ inputLabel: { shrink: true } }} helperText={t('coupons.help.validTo')} />
      {field('usageLimit', { inputMode: 'numeric', helperText: t('coupons.help.unlimited') })}
      {field('usagePerCustomer', { inputMode: 'numeric', helperText: t('coupons.help.unlimited') })}
      <FormControlLabel control={<Checkbox checked={form.active} onChange={(e) => set('active', e.target.checked)} />} label={t('coupons.field.active')} />
    </ActionDialog>
  );
}

/** The shop's coupons: search by code, active filter, pages; each with the uses its orders took. A saved coupon works in the cart at once. */
export default function Coupons() {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [active, setActive] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminCoupon | null | undefined>(undefined);
  // The search waits for a pause in typing; another search starts from the first page.
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(text.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [text]);
  const { query, result } = useCustom<AdminCouponPage>({ url: `/coupons${queryString({ q, active, page, limit: PAGE_SIZE })}`, method: 'get' });
  const coupons = result.data?.items ?? [];
  const total = result.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <Page
      title={t('coupons.title')}
      actions={
        <Button variant="contained" onClick={() => setEditing(null)}>
          {t('coupons.new')}
        </Button>
      }
    >
      <Typography sx={{ mb: 2 }}>{t('coupons.intro')}</Typography>
      <Box role="search" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <TextField size="small" type="search" label={t('coupons.search')} value={text} onChange={(e) => setText(e.target.value)} />
        <NativeSelect
          label={t('coupons.field.active')}
          value={active}
          onChange={(value) => {
            setActive(value);
            setPage(1);
          }}
          allLabel={t('common.all')}
          options={[{ value: 'true', label: t('coupons.state.active') }, { value: 'false', label: t('coupons.state.inactive') }]}
        />
      </Box>
      <ErrorAlert error={query.error} />
      <Typography role="status" variant="body2" sx={{ mb: 1 }}>
        {total === 1 ? t('common.result') : t('common.results', { count: total })}
      </Typography>
      <TableContainer component={Paper} tabIndex={0} aria-label={t('coupons.title')}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('coupons.field.code')}</TableCell>
              <TableCell>{t('coupons.column.discount')}</TableCell>
              <TableCell>{t('coupons.column.conditions')}</TableCell>
              <TableCell>{t('coupons.column.window')}</TableCell>
              <TableCell>{t('coupons.column.uses')}</TableCell>
              <TableCell>{t('coupons.column.state')}</TableCell>
              <TableCell>
                <span className="visually-hidden">{t('coupons.editLabel')}</span>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {coupons.map((c) => (
              <TableRow key={c.id}>
                <TableCell>
                  <code>{c.code}</code>
                  {c.description && (
                    <Typography variant="body2" color="text.secondary">
                      {c.description}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{discountText(c)}</TableCell>
                <TableCell>
                  {[
                    c.minSubtotalCents > 0 ? t('coupons.minimum', { amount: formatCents(c.minSubtotalCents) }) : null,
                    c.categoryIds ? t('coupons.categories', { ids: c.categoryIds.join(', ') }) : null,
                    c.usagePerCustomer !== null ? t('coupons.perCustomer', { count: c.usagePerCustomer }) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ') || t('coupons.noConditions')}
                </TableCell>
                <TableCell>{windowText(c)}</TableCell>
                <TableCell>{c.usageLimit === null ? t('coupons.uses', { used: c.timesUsed }) : t('coupons.usesOf', { used: c.timesUsed, limit: c.usageLimit })}</TableCell>
                <TableCell>{c.active ? t('coupons.state.active') : t('coupons.state.inactive')}</TableCell>
                <TableCell>
                  <Button size="small" onClick={() => setEditing(c)} aria-label={`${t('coupons.editLabel')}: ${c.code}`}>
                    {t('coupons.editLabel')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
            <EmptyRow shown={!query.isLoading && coupons.length === 0} columns={7} text={t('coupons.empty')} />
          </TableBody>
        </Table>
      </TableContainer>
      <Pager page={page} pages={pages} onPage={setPage} />
      {editing !== undefined && <CouponDialog coupon={editing} onClose={() => setEditing(undefined)} onSaved={() => void query.refetch()} />}
    </Page>
  );
}
