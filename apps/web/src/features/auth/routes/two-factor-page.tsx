import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, Input, PinInput, Stack, TextInput, UnstyledButton } from '@mantine/core';
import { twoFactorChallengeSchema, type TwoFactorChallenge } from '@portal/contracts/session';
import { useLocale, useText } from '../../../i18n/i18n';
import { localizeValidationMessage } from '../../../i18n/validation-messages';
import { errorsFromIssues, fieldErrorsOf, submitErrorMessage } from '../../../lib/use-zod-form';
import { useAuthStore } from '../../../stores/auth-store';
import { useSubmitTwoFactorChallenge } from '../api/submit-two-factor-challenge';
import { AuthLayout } from '../components/auth-layout';
import { FormAlert } from '../components/form-alert';
import { BackToSignIn } from '../components/back-to-sign-in';

type Mode = 'code' | 'recovery';
const CODE_LENGTH = 6;

/**
 * /two/factor/verification: reached by a full-page navigation after a sign-in that needs a second factor
 * (spec §2). A 6-digit code from the authenticator app, or one of the recovery codes.
 */
export function TwoFactorPage() {
  const t = useText('auth');
  const locale = useLocale();
  const shown = (message: string | undefined) => (message === undefined ? undefined : localizeValidationMessage(message, locale));
  const navigate = useNavigate();
  const completeSignIn = useAuthStore((state) => state.completeSignIn);
  const challenge = useSubmitTwoFactorChallenge();
  const [mode, setMode] = useState<Mode>('code');
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [errors, setErrors] = useState<{ code?: string; recovery_code?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const codeErrorId = useId();

  const focusInvalid = () => {
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const submit = async (body: TwoFactorChallenge) => {
    setFormError(null);
    const parsed = twoFactorChallengeSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(errorsFromIssues(parsed.error.issues));
      focusInvalid();
      return;
    }
    setErrors({});
    try {
      const response = await challenge.mutateAsync(parsed.data);
      await completeSignIn(response, navigate);
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error);
      if (fieldErrors) {
        // The server may name either field; show it beside the one on screen.
        const message = fieldErrors[mode === 'code' ? 'code' : 'recovery_code'] ?? Object.values(fieldErrors)[0];
        setErrors(mode === 'code' ? { code: message } : { recovery_code: message });
        if (mode === 'code') setCode('');
        focusInvalid();
      } else {
        setFormError(submitErrorMessage(error, t('twoFactor.checkFailed')));
      }
    }
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(mode === 'code' ? { code } : { recovery_code: recoveryCode.trim() });
  };

  const switchMode = () => {
    setMode((current) => (current === 'code' ? 'recovery' : 'code'));
    setErrors({});
    setFormError(null);
  };

  return (
    <AuthLayout
      title={t('twoFactor.title')}
      description={mode === 'code' ? t('twoFactor.codeDescription') : t('twoFactor.recoveryDescription')}
    >
      <form ref={formRef} onSubmit={handleSubmit} noValidate aria-busy={challenge.isPending}>
        <Stack gap="md">
          <FormAlert message={formError} />
          {mode === 'code' ? (
            <Input.Wrapper
              label={t('twoFactor.code')}
              error={shown(errors.code)}
              errorProps={{ id: codeErrorId, role: 'alert' }}
              labelElement="div"
            >
              <PinInput
                length={CODE_LENGTH}
                type="number"
                oneTimeCode
                autoFocus
                value={code}
                onChange={(value) => {
                  setCode(value);
                  if (errors.code) setErrors({});
                }}
                onComplete={(value) => void submit({ code: value })}
                error={Boolean(errors.code)}
                disabled={challenge.isPending}
                mt={6}
                getInputProps={(index) => ({
                  'aria-label': t('twoFactor.digit', { digit: index + 1, length: CODE_LENGTH }),
                  'aria-describedby': errors.code ? codeErrorId : undefined,
                })}
              />
            </Input.Wrapper>
          ) : (
            <TextInput
              label={t('twoFactor.recoveryCode')}
              autoComplete="off"
              autoFocus
              spellCheck={false}
              value={recoveryCode}
              onChange={(event) => {
                setRecoveryCode(event.currentTarget.value);
                if (errors.recovery_code) setErrors({});
              }}
              error={shown(errors.recovery_code)}
              errorProps={{ role: 'alert' }}
            />
          )}
          <Button type="submit" fullWidth loading={challenge.isPending} disabled={challenge.isPending}>
            {t('twoFactor.verify')}
          </Button>
          <UnstyledButton onClick={switchMode} c="var(--mantine-color-anchor)" td="underline" fz="sm" ta="center">
            {mode === 'code' ? t('twoFactor.useRecovery') : t('twoFactor.useCode')}
          </UnstyledButton>
          <BackToSignIn />
        </Stack>
      </form>
    </AuthLayout>
  );
}
