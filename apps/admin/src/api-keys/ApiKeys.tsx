import { useState } from 'react';
import { useCreate, useDelete, useList } from '@refinedev/core';
import { Alert, Box, Button, Checkbox, FormControlLabel, FormGroup, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { ApiError } from '../api.ts';
import { formatDateTime } from '../format.ts';
import { t } from '../i18n/translate.ts';
import { API_KEY_SCOPES, type ApiKey, type ApiKeyScope, type CreatedApiKey } from '../types.ts';
import { ActionDialog } from '../ui/ActionDialog.tsx';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { Page } from '../ui/Page.tsx';

function NewKeyDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (key: CreatedApiKey) => void }) {
  const { mutateAsync: create } = useCreate<CreatedApiKey>();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['orders:read']);
  async function submit() {
    if (scopes.length === 0) throw new ApiError(422, t('apiKeys.scopesRequired'));
    const answer = await create({ resource: 'api-keys', values: { name, scopes } });
    onCreated(answer.data);
  }
  const toggle = (scope: ApiKeyScope, on: boolean) => setScopes(on ? [...scopes, scope] : scopes.filter((s) => s !== scope));
  return (
    <ActionDialog title={t('apiKeys.new')} open={open} onClose={onClose} onSubmit={submit} submitLabel={t('apiKeys.create')}>
      <TextField autoFocus required label={t('apiKeys.name')} value={name} onChange={(e) => setName(e.target.value)} />
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <legend>{t('apiKeys.scopes')}</legend>
        <FormGroup>
        {API_KEY_SCOPES.map((scope) => (
          <FormControlLabel key={scope} control={<Checkbox checked={scopes.includes(scope)} onChange={(e) => toggle(scope, e.target.checked)} />} label={t(`apiKeys.scope.${scope}`)} />
        ))}
        </FormGroup>
      </Box>
    </ActionDialog>
  );
}

/** The owner's API keys: the whole key is shown once, right after it is created. */
export default function ApiKeys() {
  const { query, result } = useList<ApiKey>({ resource: 'api-keys', pagination: { mode: 'off' } });
  const { mutateAsync: remove } = useDelete();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return (
    <Page
      title={t('apiKeys.title')}
      actions={
        <Button variant="contained" onClick={() => setCreating(true)}>
          {t('apiKeys.new')}
        </Button>
      }
    >
      <Typography sx={{ mb: 2 }}>{t('apiKeys.intro')}</Typography>
      <ErrorAlert error={query.error} />
      {created && (
        <Alert severity="warning" sx={{ mb: 2 }} onClose={() => setCreated(null)}>
          <Typography>{t('apiKeys.shownOnce')}</Typography>
          <Box component="code" aria-label={t('apiKeys.secret')} data-testid="api-key-secret" sx={{ display: 'block', wordBreak: 'break-all', fontSize: '1rem', mt: 1 }}>
            {created.key}
          </Box>
        </Alert>
      )}
      <TableContainer component={Paper} tabIndex={0} aria-label={t('apiKeys.title')}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('apiKeys.name')}</TableCell>
              <TableCell>{t('apiKeys.prefix')}</TableCell>
              <TableCell>{t('apiKeys.scopes')}</TableCell>
              <TableCell>{t('apiKeys.created')}</TableCell>
              <TableCell>{t('apiKeys.lastUsed')}</TableCell>
              <TableCell>
                <span className="visually-hidden">{t('apiKeys.revoke')}</span>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {result.data.map((key) => (
              <TableRow key={key.id}>
                <TableCell>{key.name}</TableCell>
                <TableCell>
                  <code>{key.prefix}</code>
                </TableCell>
                <TableCell>{key.scopes.map((scope) => t(`apiKeys.scope.${scope}`)).join(', ')}</TableCell>
                <TableCell>{formatDateTime(key.createdAt)}</TableCell>
                <TableCell>{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : t('apiKeys.never')}</TableCell>
                <TableCell>
                  {key.revokedAt ? (
                    t('apiKeys.revoked', { date: formatDateTime(key.revokedAt) })
                  ) : (
                    <Button size="small" color="secondary" onClick={() => setRevoking(key)} aria-label={`${t('apiKeys.revoke')}: ${key.name}`}>
                      {t('apiKeys.revoke')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
            {!query.isLoading && result.data.length === 0 && (
              <TableRow>
                <TableCell colSpan={6}>{t('apiKeys.empty')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {creating && <NewKeyDialog open onClose={() => setCreating(false)} onCreated={setCreated} />}
      {revoking && (
        <ActionDialog title={t('apiKeys.revoke')} open onClose={() => setRevoking(null)} submitLabel={t('apiKeys.revoke')} onSubmit={async () => void (await remove({ resource: 'api-keys', id: revoking.id }))}>
          <Typography>{t('apiKeys.revokeConfirm', { name: revoking.name })}</Typography>
        </ActionDialog>
      )}
    </Page>
  );
}
