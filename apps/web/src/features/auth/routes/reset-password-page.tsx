import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { resetPasswordRequestSchema } from '@portal/contracts/auth';
import { useText } from '../../../i18n/i18n';
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
  const t = useText('auth');
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
      <AuthLayout title={t('reset.title')}>
        <Alert color="red" variant="light" role="alert" title={t('reset.incompleteTitle')}>
          {t('reset.incomplete')}
        </Alert>
        <Text size="sm" ta="center">
          <Anchor component={Link} to={ROUTES['forgot-password']}>
            {t('askForNewLink')}
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
    <AuthLayout title={t('reset.title')} description={t('reset.description')}>
      <form ref={form.formRef} onSubmit={handleSubmit} noValidate aria-busy={reset.isPending}>
        <Stack gap="md">
          {form.errors.token ? (
            <Alert color="red" variant="light" role="alert">
              {form.errorText('token')}{' '}
              <Anchor component={Link} to={ROUTES['forgot-password']}>
                {t('askForNewLink')}
              </Anchor>
            </Alert>
          ) : null}
          <TextInput label={t('email')} type="email" autoComplete="username" required {...form.getInputProps('email')} />
          <PasswordField
            label={t('newPassword')}
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordRules value={form.values.password} />
          <PasswordField
            label={t('confirmNewPassword')}
            autoComplete="new-password"
            required
            {...form.getInputProps('password_confirmation')}
          />
          <Button type="submit" fullWidth loading={reset.isPending} disabled={reset.isPending}>
            {t('reset.submit')}
          </Button>
          <BackToSignIn />
        </Stack>
      </form>
    </AuthLayout>
  );
}
