import { useState } from 'react';
import { TextField, Typography } from '@mui/material';
import { api } from '../api.ts';
import { t } from '../i18n/translate.ts';
import { CUSTOMER_GROUP_IDS, type AdminCustomerDetail } from '../types.ts';
import { ActionDialog } from '../ui/ActionDialog.tsx';
import { NativeSelect } from '../ui/NativeSelect.tsx';

interface Props {
  customer: AdminCustomerDetail;
  open: boolean;
  onClose: () => void;
  /** Called once the API accepted the action, with its answer when it words one (the erasure says what was kept). */
  onDone: (message?: string) => void;
}

export function GroupDialog({ customer, open, onClose, onDone }: Props) {
  const [group, setGroup] = useState(String(customer.groupId));
  return (
    <ActionDialog
      title={t('customer.changeGroup')}
      open={open}
      onClose={onClose}
      onSubmit={async () => {
        await api('POST', `/customers/${customer.id}/group`, { groupId: Number(group) });
        onDone();
      }}
    >
      <NativeSelect label={t('customer.group')} value={group} onChange={setGroup} options={CUSTOMER_GROUP_IDS.map((id) => ({ value: String(id), label: t(`customerGroup.${id}`) }))} />
      <Typography variant="body2">{t('customer.changeGroup.help')}</Typography>
    </ActionDialog>
  );
}

export function PasswordResetDialog({ customer, open, onClose, onDone }: Props) {
  return (
    <ActionDialog
      title={t('customer.passwordReset')}
      open={open}
      onClose={onClose}
      submitLabel={t('customer.passwordReset')}
      onSubmit={async () => {
        onDone(await api<string>('POST', `/customers/${customer.id}/password-reset`, {}));
      }}
    >
      <Typography>{t('customer.passwordReset.confirm', { email: customer.email })}</Typography>
    </ActionDialog>
  );
}

export function EraseDialog({ customer, open, onClose, onDone }: Props) {
  const [reason, setReason] = useState('');
  return (
    <ActionDialog
      title={t('customer.erase')}
      open={open}
      onClose={onClose}
      submitLabel={t('customer.erase')}
      onSubmit={async () => {
        onDone(await api<string>('POST', `/customers/${customer.id}/erase`, { reason }));
      }}
    >
      <Typography>{t('customer.erase.help')}</Typography>
      <TextField autoFocus required multiline minRows={2} label={t('customer.erase.reason')} value={reason} onChange={(e) => setReason(e.target.value)} />
    </ActionDialog>
  );
}

export const CUSTOMER_DIALOGS = { group: GroupDialog, 'password-reset': PasswordResetDialog, erase: EraseDialog } as const;
export type CustomerDialog = keyof typeof CUSTOMER_DIALOGS;
