import { useState } from 'react';
import { Checkbox, FormControlLabel, TextField } from '@mui/material';
import { api, ApiError } from '../api.ts';
import { centsToInput, parseEuros, todayInRome } from '../format.ts';
import { t } from '../i18n/translate.ts';
import type { AdminOrderDetail } from '../types.ts';
import { ActionDialog } from '../ui/ActionDialog.tsx';

export type DialogAction = 'payment-received' | 'ship' | 'cancel' | 'refund' | 'note';

interface Props {
  order: AdminOrderDetail;
  open: boolean;
  onClose: () => void;
  /** Called with the order as the action answered it. */
  onDone: (order: AdminOrderDetail) => void;
}

const post = (order: AdminOrderDetail, action: string, body: unknown) => api<AdminOrderDetail>('POST', `/orders/${order.incrementId}/${action}`, body);
/** Bank transfer and cash on delivery: the seller sends money back by transfer, to an IBAN. */
const OFFLINE_METHODS = ['banktransfer', 'cashondelivery'];
const needsIban = (order: AdminOrderDetail) => OFFLINE_METHODS.includes(order.payment.method);

function euros(input: string, allowEmpty = false): number {
  if (allowEmpty && input.trim() === '') return 0;
  const cents = parseEuros(input);
  if (cents === null) throw new ApiError(422, t('action.badAmount'));
  return cents;
}

const euroField = { htmlInput: { inputMode: 'decimal' as const } };

export function PaymentReceivedDialog({ order, open, onClose, onDone }: Props) {
  const [amount, setAmount] = useState(centsToInput(order.totals.grandTotalCents));
  const [date, setDate] = useState(todayInRome());
  return (
    <ActionDialog title={t('action.payment-received')} open={open} onClose={onClose} onSubmit={async () => onDone(await post(order, 'payment-received', { amountCents: euros(amount), date }))}>
      <TextField autoFocus required label={t('action.paid.amount')} value={amount} onChange={(e) => setAmount(e.target.value)} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
      <TextField required type="date" label={t('action.paid.date')} value={date} onChange={(e) => setDate(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
    </ActionDialog>
  );
}

export function ShipDialog({ order, open, onClose, onDone }: Props) {
  const left = order.lines.map((line) => ({ line, left: line.qty - line.shippedQty })).filter((row) => row.left > 0);
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [url, setUrl] = useState('');
  const [parcels, setParcels] = useState('1');
  const [notify, setNotify] = useState(true);
  const [qty, setQty] = useState<Record<string, string>>(() => Object.fromEntries(left.map((row) => [row.line.sku, String(row.left)])));
  async function submit() {
    const lines = left.map((row) => ({ sku: row.line.sku, qty: Number(qty[row.line.sku] ?? 0) }));
    // Everything left: no lines, the API ships what remains.
    const partial = lines.some((line, i) => line.qty !== left[i]!.left);
    onDone(
      await post(order, 'ship', {
        carrier,
        trackingNumber: tracking,
        ...(url.trim() ? { trackingUrl: url.trim() } : {}),
        parcels: Number(parcels) || 1,
        notify,
        ...(partial ? { lines: lines.filter((line) => line.qty > 0) } : {}),
      }),
    );
  }
  return (
    <ActionDialog title={t('action.ship')} open={open} onClose={onClose} onSubmit={submit}>
      <TextField autoFocus required label={t('action.ship.carrier')} value={carrier} onChange={(e) => setCarrier(e.target.value)} />
      <TextField required label={t('action.ship.tracking')} value={tracking} onChange={(e) => setTracking(e.target.value)} />
      <TextField type="url" label={t('action.ship.url')} value={url} onChange={(e) => setUrl(e.target.value)} />
      <TextField type="number" label={t('action.ship.parcels')} value={parcels} onChange={(e) => setParcels(e.target.value)} slotProps={{ htmlInput: { min: 1, max: 99 } }} />
      <fieldset style={{ border: 0, padding: 0, margin: 0, display: 'grid', gap: 20 }}>
        <legend>{t('action.ship.partial')}</legend>
        {left.map((row) => (
          <TextField
            key={row.line.sku}
            type="number"
            size="small"
            label={t('action.ship.qty', { sku: row.line.sku, name: row.line.name, left: row.left })}
            value={qty[row.line.sku] ?? ''}
            onChange={(e) => setQty({ ...qty, [row.line.sku]: e.target.value })}
            slotProps={{ htmlInput: { min: 0, max: row.left } }}
          />
        ))}
      </fieldset>
      <FormControlLabel control={<Checkbox checked={notify} onChange={(e) => setNotify(e.target.checked)} />} label={t('action.ship.notify')} />
    </ActionDialog>
  );
}

function IbanField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return <TextField label={t('action.iban')} helperText={t('action.iban.help')} value={value} onChange={(e) => onChange(e.target.value)} autoComplete="off" />;
}

export function CancelDialog({ order, open, onClose, onDone }: Props) {
  const [reason, setReason] = useState('');
  const [iban, setIban] = useState('');
  const paid = order.paymentStatus === 'paid' || order.paymentStatus === 'partially_refunded';
  return (
    <ActionDialog title={t('action.cancel')} open={open} onClose={onClose} onSubmit={async () => onDone(await post(order, 'cancel', { reason, ...(iban.trim() ? { iban: iban.trim() } : {}) }))}>
      <TextField autoFocus required multiline minRows={2} label={t('action.cancel.reason')} value={reason} onChange={(e) => setReason(e.target.value)} />
      {paid && needsIban(order) && <IbanField value={iban} onChange={setIban} />}
    </ActionDialog>
  );
}

export function RefundDialog({ order, open, onClose, onDone }: Props) {
  const lines = order.lines.filter((line) => line.qty - line.refundedQty > 0);
  const [qty, setQty] = useState<Record<string, string>>({});
  const [all, setAll] = useState(false);
  const [shipping, setShipping] = useState('');
  const [fees, setFees] = useState('');
  const [reason, setReason] = useState('');
  const [iban, setIban] = useState('');
  async function submit() {
    const body = {
      all,
      lines: all ? [] : lines.map((line) => ({ sku: line.sku, qty: Number(qty[line.sku] ?? 0) })).filter((line) => line.qty > 0),
      shippingCents: all ? 0 : euros(shipping, true),
      feeCents: all ? 0 : euros(fees, true),
      reason,
      ...(iban.trim() ? { iban: iban.trim() } : {}),
    };
    onDone(await post(order, 'refund', body));
  }
  return (
    <ActionDialog title={t('action.refund')} open={open} onClose={onClose} onSubmit={submit}>
      <FormControlLabel control={<Checkbox autoFocus checked={all} onChange={(e) => setAll(e.target.checked)} />} label={t('action.refund.all')} />
      {!all && (
        <>
          {lines.map((line) => (
            <TextField
              key={line.sku}
              type="number"
              size="small"
              label={t('action.refund.qty', { sku: line.sku, name: line.name, left: line.qty - line.refundedQty })}
              value={qty[line.sku] ?? '0'}
              onChange={(e) => setQty({ ...qty, [line.sku]: e.target.value })}
              slotProps={{ htmlInput: { min: 0, max: line.qty - line.refundedQty } }}
            />
          ))}
          <TextField label={t('action.refund.shipping')} value={shipping} onChange={(e) => setShipping(e.target.value)} slotProps={euroField} />
          <TextField label={t('action.refund.fees')} value={fees} onChange={(e) => setFees(e.target.value)} slotProps={euroField} />
        </>
      )}
      <TextField required multiline minRows={2} label={t('action.refund.reason')} value={reason} onChange={(e) => setReason(e.target.value)} />
      {needsIban(order) && <IbanField value={iban} onChange={setIban} />}
    </ActionDialog>
  );
}

export function NoteDialog({ order, open, onClose, onDone }: Props) {
  const [text, setText] = useState('');
  return (
    <ActionDialog title={t('action.note')} open={open} onClose={onClose} onSubmit={async () => onDone(await post(order, 'notes', { text }))}>
      <TextField autoFocus required multiline minRows={3} label={t('action.note.text')} value={text} onChange={(e) => setText(e.target.value)} />
    </ActionDialog>
  );
}

export const ACTION_DIALOGS: Record<DialogAction, (props: Props) => React.JSX.Element> = {
  'payment-received': PaymentReceivedDialog,
  ship: ShipDialog,
  cancel: CancelDialog,
  refund: RefundDialog,
  note: NoteDialog,
};
