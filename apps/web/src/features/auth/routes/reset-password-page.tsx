import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { resetPasswordRequestSchema } from '@portal/contracts/auth';
import { AUTH_MESSAGES } from '../../../lib/auth-messages';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { ROUTES } from '../../../lib/paths';
import { submitErrorMessage, useZodForm } from '../../../lib/use-zod-form';
import { useResetPassword } from '../api/reset-password';
import { AuthLayout } from '../components/auth-layout';
import { PasswordField } from '../components/password-field';
import { PasswordRules } from '../components/password-rules';
import { BackToSignIn } from '../components/back-to-sign-in';

/** /reset-password?token=…&email=…: the page the reset e-mail links to (spec §7, §8). */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const reset = useResetPassword();
  const form = useZodForm({
    initialValues: { token, email: searchParams.get('email') ?? '', password: '', password_confirmation: '' },
    schema: resetPasswordRequestSchema,
  });

  if (!token) {
    return (
      <AuthLayout title="Reset your password">
        <Alert color="red" variant="light" role="alert" title="This link is incomplete">
          The reset link is missing its token. Open the link from the e-mail again, or ask for a new one.
        </Alert>
        <Text size="sm" ta="center">
          <Anchor component={Link} to={ROUTES['forgot-password']}>
            Ask for a new link
          </Anchor>
        </Text>
      </AuthLayout>
    );
  }

  const handleSubmit = form.onSubmit(async (body) => {
    try {
      const answer = await reset.mutateAsync(body);
      if (answer.success) {
        notifySuccess(AUTH_MESSAGES.resetSuccessTitle, answer.message || AUTH_MESSAGES.resetSuccessFallback);
        await navigate(ROUTES.login);
      } else {
        notifyError(AUTH_MESSAGES.failedTitle, answer.message);
      }
    } catch (error) {
      notifyError(AUTH_MESSAGES.failedTitle, submitErrorMessage(error, AUTH_MESSAGES.requestErrorMessage));
      form.showFieldErrors(error);
    }
  });

  return (
    <AuthLayout title="Reset your password" description="Choose a new password for your account.">
      <form ref={form.formRef} onSubmit={handleSubmit} noValidate aria-busy={reset.isPending}>
        <Stack gap="md">
          {form.errors.token ? (
            <Alert color="red" variant="light" role="alert">
              {form.errors.token}{' '}
              <Anchor component={Link} to={ROUTES['forgot-password']}>
                Ask for a new link
              </Anchor>
            </Alert>
          ) : null}
          <TextInput label="Email" type="email" autoComplete="username" required {...form.getInputProps('email')} />
          <PasswordField
            label="New password"
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordRules value={form.values.password} />
          <PasswordField
            label="Confirm new password"
            autoComplete="new-password"
            required
            {...form.getInputProps('password_confirmation')}
          />
          <Button type="submit" fullWidth loading={reset.isPending} disabled={reset.isPending}>
            Reset password
          </Button>
          <BackToSignIn />
        </Stack>
      </form>
    </AuthLayout>
  );
}
