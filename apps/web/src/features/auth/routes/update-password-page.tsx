import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { updatePasswordRequestSchema } from '@portal/contracts/auth';
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
 * other page until the password is changed (the route guard enforces it). Needs a signed-in user.
 */
export function UpdatePasswordPage() {
  const navigate = useNavigate();
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

  return (
    <AuthLayout
      title="Update your password"
      description={
        mustChange
          ? 'Before you continue, replace the password you were given with one of your own.'
          : 'Choose a new password for your account.'
      }
    >
      <form ref={form.formRef} onSubmit={handleSubmit} noValidate aria-busy={update.isPending}>
        <Stack gap="md">
          {mustChange ? (
            <Alert color="yellow" variant="light">
              You need to set a new password to use the portal.
            </Alert>
          ) : null}
          <FormAlert message={formError} />
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            required
            {...form.getInputProps('current_password')}
          />
          <PasswordField label="New password" autoComplete="new-password" required {...form.getInputProps('password')} />
          <PasswordRules value={form.values.password} />
          <PasswordField
            label="Confirm new password"
            autoComplete="new-password"
            required
            {...form.getInputProps('password_confirmation')}
          />
          <Group justify="space-between" gap="sm" wrap="wrap-reverse">
            <Button variant="subtle" color="gray" onClick={() => void logout(navigate)} loading={signingOut}>
              Sign out
            </Button>
            <Button type="submit" loading={update.isPending} disabled={update.isPending}>
              Update password
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthLayout>
  );
}
