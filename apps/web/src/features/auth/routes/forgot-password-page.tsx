import { useNavigate } from 'react-router';
import { Button, Stack, TextInput } from '@mantine/core';
import { forgotPasswordRequestSchema, successMessageSchema } from '@portal/contracts/auth';
import { useText } from '../../../i18n/i18n';
import { AUTH_MESSAGES } from '../../../lib/auth-messages';
import { HttpError } from '../../../lib/http';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { ROUTES } from '../../../lib/paths';
import { useZodForm } from '../../../lib/use-zod-form';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AuthLayout } from '../components/auth-layout';
import { BackToSignIn } from '../components/back-to-sign-in';

/** /forgot-password: asks for a reset link by e-mail (spec §7, §8). */
export function ForgotPasswordPage() {
  const t = useText('auth');
  const navigate = useNavigate();
  const requestReset = useRequestPasswordReset();
  const form = useZodForm({ initialValues: { email: '' }, schema: forgotPasswordRequestSchema });

  const handleSubmit = form.onSubmit(async (body) => {
    try {
      const answer = await requestReset.mutateAsync(body);
      if (answer.success) {
        notifySuccess(AUTH_MESSAGES.forgotSuccessTitle, AUTH_MESSAGES.forgotSuccessMessage);
        await navigate(ROUTES.login);
      } else {
        notifyError(AUTH_MESSAGES.failedTitle, answer.message);
      }
    } catch (error) {
      // A throttled request answers 429 `{success: false, message}`: that is "success false" with a message
      // worth showing, not an unexplained error.
      const refused = error instanceof HttpError ? successMessageSchema.safeParse(error.body) : null;
      if (refused?.success && !refused.data.success) {
        notifyError(AUTH_MESSAGES.failedTitle, refused.data.message);
      } else {
        notifyError(AUTH_MESSAGES.failedTitle, AUTH_MESSAGES.requestErrorMessage);
      }
      form.showFieldErrors(error);
    }
  });

  return (
    <AuthLayout title={t('forgot.title')} description={t('forgot.description')}>
      <form ref={form.formRef} onSubmit={handleSubmit} noValidate aria-busy={requestReset.isPending}>
        <Stack gap="md">
          <TextInput label={t('email')} type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <Button type="submit" fullWidth loading={requestReset.isPending} disabled={requestReset.isPending}>
            {t('forgot.submit')}
          </Button>
          <BackToSignIn />
        </Stack>
      </form>
    </AuthLayout>
  );
}
