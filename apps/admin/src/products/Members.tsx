import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { AdminProduct, AdminProductChoices, AdminProductMember } from '@shop/contracts';
import { Box, Button, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { api } from '../api.ts';
import { formatCents, quantityInput } from '../format.ts';
import { t } from '../i18n/translate.ts';
import { Section } from '../ui/Section.tsx';
import { paths } from './paths.ts';
import { memberFormOf, memberPatchOf, type MemberForm } from './member-form.ts';

/** A member's price and stock, edited in its row and saved by its own SKU (a child's copy in its parent follows). */
function MemberRow({ member, extra, onSaved }: { member: AdminProductMember; extra: ReactNode; onSaved: () => Promise<unknown> }) {
  const [form, setForm] = useState<MemberForm>(() => memberFormOf(member));
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (part: keyof MemberForm, value: string) => {
    setMessage(null);
    setForm((current) => ({ ...current, [part]: value }));
  };
  async function save() {
    setMessage(null);
    setBusy(true);
    try {
      const patch = memberPatchOf(form, member);
      if (Object.keys(patch).length === 0) return setMessage({ ok: true, text: t('products.unchanged') });
      await api('PATCH', `/products/${encodeURIComponent(member.sku)}`, patch);
      await onSaved();
      setMessage({ ok: true, text: t('products.members.saved') });
    } catch (problem) {
      setMessage({ ok: false, text: problem instanceof Error ? problem.message : String(problem) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <TableRow>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <Link component={RouterLink} to={paths.product(member.sku)}>
          <code>{member.sku}</code>
        </Link>
      </TableCell>
      <TableCell sx={{ minWidth: 180 }}>
        {member.name}
        {member.status === 2 && (
          <Typography variant="body2" color="text.secondary">
            {t('products.status.2')}
          </Typography>
        )}
      </TableCell>
      {extra}
      <TableCell>
        <TextField size="small" value={form.price} onChange={(e) => set('price', e.target.value)} slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': t('products.members.priceOf', { sku: member.sku }) } }} sx={{ width: 120 }} />
        {member.specialPriceCents !== null && (
          <Typography variant="body2" color="text.secondary">
            {t('products.members.special', { price: formatCents(member.specialPriceCents) })}
          </Typography>
        )}
      </TableCell>
      <TableCell>
        <TextField size="small" value={form.qty} onChange={(e) => set('qty', e.target.value)} slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': t('products.members.qtyOf', { sku: member.sku }) } }} sx={{ width: 100 }} />
        <Typography variant="body2" color="text.secondary">
          {member.stock.isInStock ? t('products.stock.in') : t('products.stock.out')}
        </Typography>
      </TableCell>
      <TableCell>
        <Button variant="outlined" size="small" disabled={busy} onClick={() => void save()} aria-label={t('products.members.saveOf', { sku: member.sku })}>
          {t('products.members.save')}
        </Button>
        <Box role={message && !message.ok ? 'alert' : 'status'} sx={{ color: message?.ok ? 'success.dark' : 'error.main', fontSize: 14, maxWidth: 260 }}>
          {message?.text}
        </Box>
      </TableCell>
    </TableRow>
  );
}

/** A table of members with the columns every one has, and those of its kind (`head` and each row's `extra`). */
function MemberTable({ label, head, rows, onSaved }: { label: string; head: string[]; rows: { member: AdminProductMember | null; sku: string; extra: ReactNode }[]; onSaved: () => Promise<unknown> }) {
  const columns = [t('products.col.sku'), t('products.col.name'), ...head, t('products.col.price'), t('products.col.stock'), t('products.members.action')];
  return (
    <TableContainer tabIndex={0} aria-label={label}>
      <Table size="small">
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column}>{column}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(({ member, sku, extra }) =>
            member ? (
              <MemberRow key={sku} member={member} extra={extra} onSaved={onSaved} />
            ) : (
              <TableRow key={sku}>
                <TableCell>
                  <code>{sku}</code>
                </TableCell>
                <TableCell colSpan={columns.length - 1}>{t('products.members.missing')}</TableCell>
              </TableRow>
            ),
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The option values of a child ("Taglia: M"), by the attributes' labels. */
function optionsText(member: AdminProductMember, choices: AdminProductChoices): string {
  return Object.entries(member.options)
    .map(([code, value]) => {
      const attribute = choices.attributes.find((a) => a.code === code);
      return `${attribute?.label ?? code}: ${attribute?.options.find((o) => o.value === value)?.label ?? value}`;
    })
    .join(', ');
}

/** What the product is made of: a configurable's children, a bundle's options, a grouped product's members; each one's price and stock editable. */
export function Members({ product, choices, onSaved }: { product: AdminProduct; choices: AdminProductChoices; onSaved: () => Promise<unknown> }) {
  const qtyCell = (qty: number) => <TableCell>{quantityInput(qty)}</TableCell>;
  return (
    <>
      {product.children.length > 0 && (
        <Section title={t('products.members.children')}>
          <MemberTable
            label={t('products.members.children')}
            head={[t('products.members.options')]}
            rows={product.children.map((child) => ({ member: child, sku: child.sku, extra: <TableCell>{optionsText(child, choices)}</TableCell> }))}
            onSaved={onSaved}
          />
        </Section>
      )}
      {product.bundleOptions.map((option) => (
        <Section key={option.optionId} title={t('products.members.bundleOption', { title: option.title || String(option.optionId) })}>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t(option.required ? 'products.members.required' : 'products.members.optional')}
          </Typography>
          <MemberTable
            label={t('products.members.bundleOption', { title: option.title || String(option.optionId) })}
            head={[t('products.members.qtyInKit')]}
            rows={option.links.map((link) => ({ member: link.product, sku: link.sku, extra: qtyCell(link.qty) }))}
            onSaved={onSaved}
          />
        </Section>
      ))}
      {product.groupedMembers.length > 0 && (
        <Section title={t('products.members.grouped')}>
          <MemberTable
            label={t('products.members.grouped')}
            head={[t('products.members.qtyInGroup')]}
            rows={product.groupedMembers.map((m) => ({ member: m.product, sku: m.sku, extra: qtyCell(m.qty) }))}
            onSaved={onSaved}
          />
        </Section>
      )}
    </>
  );
}
