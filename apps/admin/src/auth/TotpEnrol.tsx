import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Box, Button, Paper, TextField, Typography } from '@mui/material';
import { api, ApiError, setCsrfToken } from '../api.ts';
import { t } from '../i18n/translate.ts';
import { useSession } from '../session.ts';
import type { AdminSession } from '../types.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { Page } from '../ui/Page.tsx';

interface Enrolment {
  otpauthUri: string;
  qrDataUrl: string;
  recoveryCodes: string[];
}

/** TOTP enrolment: the QR code and the recovery codes are shown once, then the first code confirms. */
export default function TotpEnrol({ session }: { session: AdminSession }) {
  const navigate = useNavigate();
  const { refresh } = useSession();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);

  async function start() {
    setError(null);
    setBusy(true);
    try {
      setEnrolment(await api<Enrolment>('POST', '/totp/enrol'));
    } catch (problem) {
      setError(problem as ApiError);
    } finally {
      setBusy(false);
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const confirmed = await api<AdminSession>('POST', '/totp/confirm', { otp: otp.trim() });
      setCsrfToken(confirmed.csrfToken);
      await refresh();
      navigate('/', { replace: true });
    } catch (problem) {
      setError(problem as ApiError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page title={t('totp.title')}>
      <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
        {session.mustEnrolTotp && <Alert severity="warning" sx={{ mb: 2 }}>{t('totp.mustEnrol')}</Alert>}
        {session.totpEnabled ? (
          <Alert severity="success">{t('totp.alreadyOn')}</Alert>
        ) : enrolment === null ? (
          <Button variant="contained" onClick={start} disabled={busy}>
            {t('totp.start')}
          </Button>
        ) : (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Typography>{t('totp.intro')}</Typography>
            <Box component="img" src={enrolment.qrDataUrl} alt={t('totp.qrAlt')} sx={{ width: 220, height: 220, bgcolor: '#fff' }} />
            <Typography variant="body2">
              {t('totp.uri')} <Box component="code" sx={{ wordBreak: 'break-all' }} data-testid="otpauth-uri">{enrolment.otpauthUri}</Box>
            </Typography>
            <Typography variant="h6" component="h2">
              {t('totp.recovery')}
            </Typography>
            <Typography variant="body2">{t('totp.recoveryHelp')}</Typography>
            <Box component="ul" sx={{ fontFamily: 'monospace', columns: 2, m: 0 }} aria-label={t('totp.recovery')}>
              {enrolment.recoveryCodes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </Box>
            <Box component="form" onSubmit={confirm} noValidate sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
              <TextField
                label={t('totp.code')}
                required
                autoComplete="one-time-code"
                value={otp}
                onChange={(e) => setOtp(e.target.value)}
                slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]{6}', maxLength: 6 } }}
              />
              <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 1 }}>
                {t('totp.confirm')}
              </Button>
            </Box>
          </Box>
        )}
        <ErrorAlert error={error} />
      </Paper>
    </Page>
  );
}
