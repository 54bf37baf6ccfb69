import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useLogin } from '@refinedev/core';
import { Alert, Box, Button, Paper, TextField } from '@mui/material';
import type { ApiError } from '../api.ts';
import { t } from '../i18n/translate.ts';
import type { SignInInput } from '../providers.ts';
import { setSignInNotice, signInNotice, useSession } from '../session.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { Page } from '../ui/Page.tsx';

/** The API's words for a missing or wrong code start with the field's name. */
const isOtpProblem = (error: ApiError) => error.statusCode === 401 && error.message.startsWith('otp:');

export function SignIn() {
  const navigate = useNavigate();
  const { refresh } = useSession();
  const { mutateAsync: login, isPending } = useLogin<SignInInput>();
  const notice = signInNotice();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [askOtp, setAskOtp] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const otpField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (askOtp) otpField.current?.focus();
  }, [askOtp]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const answer = await login({ email, password, ...(askOtp && otp.trim() ? { otp: otp.trim() } : {}) });
    if (answer.success) {
      setSignInNotice(null);
      await refresh();
      navigate('/', { replace: true });
      return;
    }
    const problem = answer.error as ApiError;
    if (isOtpProblem(problem)) {
      if (!askOtp) {
        // The password was right: the code is the next step, not an error.
        setAskOtp(true);
        return;
      }
      setOtp('');
      otpField.current?.focus();
    }
    setError(problem);
  }

  return (
    <Box component="main" sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh', p: 2 }}>
      <Paper sx={{ p: { xs: 2, sm: 4 }, width: '100%', maxWidth: 420 }}>
        <Page title={t('signIn.title')}>
          {notice === 'expired' && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('signIn.expired')}
            </Alert>
          )}
          {notice === 'signedOut' && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t('signIn.signedOut')}
            </Alert>
          )}
          <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }}>
            <TextField label={t('signIn.email')} type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
            <TextField label={t('signIn.password')} type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
            {askOtp && (
              <TextField
                label={t('signIn.otp')}
                inputRef={otpField}
                autoComplete="one-time-code"
                required
                value={otp}
                onChange={(e) => setOtp(e.target.value)}
                helperText={t('signIn.otpHelp')}
                slotProps={{ htmlInput: { inputMode: 'text', maxLength: 64 } }}
              />
            )}
            <ErrorAlert error={error} />
            <Button type="submit" variant="contained" size="large" disabled={isPending}>
              {t('signIn.submit')}
            </Button>
          </Box>
        </Page>
      </Paper>
    </Box>
  );
}
