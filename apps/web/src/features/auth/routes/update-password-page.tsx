import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { updatePasswordRequestSchema } from '@portal/contracts/auth';
import { useText } from '../../../i18n/i18n';
import { AUTH_MESSAGES } from '../../../lib/auth-messages';
import { notifySuccess } from '../../../lib/notify';
import { ROUTES } from '../../../lib/paths';
import { submitErrorMessage, useZodForm } from '../../../lib/use-zod-form';
import { useAuthStore } from '../../../stores/auth-store';
import { useUpdatePassword } from '../api/update-password';
import { AuthLayout } from '../components/auth-layout';
import { FormAlert } from '../components/form-alert';
import { PasswordField } from '../components/password-field';
import { PasswordRules } from '../components/password-rules';

/**
 * /update-password: a user whose `password_updated_check` is false lands here after sign-in and can open no
 * other page until the password is changed (the route guard enforces it); the page then stands alone, with Sign
 * out. Chosen from the account menu, it is a page of the app (sidebar, header) with Cancel. Needs a signed-in user.
 */
export function UpdatePasswordPage() {
  const t = useText('auth');
  const shared = useText('shared');
  const navigate = useNavigate();
  const location = useLocation();
  const user = useAuthStore((state) => state.user);
  const setUser = useAuthStore((state) => state.setUser);
  const logout = useAuthStore((state) => state.logout);
  const signingOut = useAuthStore((state) => state.logout_in_progress);
  const update = useUpdatePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm({
    initialValues: { current_password: '', password: '', password_confirmation: '' },
    schema: updatePasswordRequestSchema,
  });
  const mustChange = user?.password_updated_check === false;
  // Back where the menu was opened; the dashboard when the page was opened directly.
  const cancel = () => void (location.key === 'default' ? navigate(ROUTES.Dashboard) : navigate(-1));

  const handleSubmit = form.onSubmit(async (body) => {
    setFormError(null);
    try {
      const answer = await update.mutateAsync(body);
      if (!answer.success) {
        setFormError(answer.message);
        return;
      }
      const current = useAuthStore.getState().user;
      if (answer.user) setUser(answer.user);
      else if (current) setUser({ ...current, password_updated_check: true });
      notifySuccess(AUTH_MESSAGES.passwordUpdatedTitle, answer.message || AUTH_MESSAGES.passwordUpdatedFallback);
      await navigate(ROUTES.Dashboard, { replace: true });
    } catch (error) {
      if (!form.showFieldErrors(error)) setFormError(submitErrorMessage(error, AUTH_MESSAGES.requestErrorMessage));
    }
  });

  const fields = (
    <form ref={form.formRef} onSubmit={handleSubmit} noValidate aria-busy={update.isPending}>
      <Stack gap="md">
        {mustChange ? (
          <Alert color="yellow" variant="light">
            {t('update.forcedNotice')}
          </Alert>
        ) : null}
        <FormAlert message={formError} />
        <PasswordField
          label={t('update.currentPassword')}
          autoComplete="current-password"
          required
          {...form.getInputProps('current_password')}
        />
        <PasswordField label={t('newPassword')} autoComplete="new-password" required {...form.getInputProps('password')} />
        <PasswordRules value={form.values.password} />
        <PasswordField
          label={t('confirmNewPassword')}
          autoComplete="new-password"
          required
          {...form.getInputProps('password_confirmation')}
        />
        <Group justify="space-between" gap="sm" wrap="wrap-reverse">
          {mustChange ? (
            // Held here until the password changes: the only other way out is to leave.
            <Button variant="subtle" color="gray" onClick={() => void logout(navigate)} loading={signingOut}>
              {shared('shell.signOut')}
            </Button>
          ) : (
            <Button variant="default" onClick={cancel}>
              {t('update.cancel')}
            </Button>
          )}
          <Button type="submit" loading={update.isPending} disabled={update.isPending}>
            {t('update.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );

  if (mustChange) {
    return (
      <AuthLayout title={t('update.title')} description={t('update.forcedDescription')}>
        {fields}
      </AuthLayout>
    );
  }
  // Chosen from the account menu: a page of the app, in its frame.
  return (
    <Stack gap="lg" maw={520}>
      <Box>
        <Title order={1} size="h2">
          {t('update.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('update.description')}
        </Text>
      </Box>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        {fields}
      </Paper>
    </Stack>
  );
}
