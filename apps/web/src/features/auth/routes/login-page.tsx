import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { Anchor, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { loginRequestSchema } from '@portal/contracts/session';
import { useText } from '../../../i18n/i18n';
import { AUTH_MESSAGES } from '../../../lib/auth-messages';
import { ROUTES } from '../../../lib/paths';
import { submitErrorMessage, useZodForm } from '../../../lib/use-zod-form';
import { useAuthStore } from '../../../stores/auth-store';
import { AuthLayout } from '../components/auth-layout';
import { FormAlert } from '../components/form-alert';
import { PasswordField } from '../components/password-field';

/** /login: e-mail, password and "remember me" (spec §2, §4). */
export function LoginPage() {
  const t = useText('auth');
  const navigate = useNavigate();
  const loading = useAuthStore((state) => state.loading);
  const login = useAuthStore((state) => state.login);
  // Someone already signed in who opens /login goes to the dashboard; decided once, on arrival, so the
  // redirect never races the store's own navigation after a successful sign-in.
  const [signedInOnArrival] = useState(() => {
    const state = useAuthStore.getState();
    return state.authenticated && state.user !== null;
  });
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm({
    initialValues: { email: '', password: '', remember: false },
    schema: loginRequestSchema,
  });

  if (signedInOnArrival) return <Navigate to={ROUTES.Dashboard} replace />;

  const handleSubmit = form.onSubmit(async (credentials) => {
    setFormError(null);
    const result = await login(credentials, navigate);
    if (result.ok) return;
    if (!form.showFieldErrors(result.error)) setFormError(submitErrorMessage(result.error, AUTH_MESSAGES.loginFailedFallback));
  });

  return (
    <AuthLayout title={t('login.title')} description={t('login.description')}>
      <form ref={form.formRef} onSubmit={handleSubmit} noValidate aria-busy={loading}>
        <Stack gap="md">
          <FormAlert message={formError} />
          <TextInput
            label={t('email')}
            type="email"
            autoComplete="username"
            required
            {...form.getInputProps('email')}
          />
          <PasswordField
            label={t('password')}
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Checkbox label={t('login.rememberMe')} {...form.getCheckboxProps('remember')} />
            <Anchor component={Link} to={ROUTES['forgot-password']} size="sm">
              {t('login.forgotPassword')}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={loading} disabled={loading}>
            {t('login.submit')}
          </Button>
          <Text size="sm" ta="center">
            {t('login.newPartner')}{' '}
            <Anchor component={Link} to={ROUTES.registration}>
              {t('login.register')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
