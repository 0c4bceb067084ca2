import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Alert, Button, Code, CopyButton, Image, Input, List, Loader, PasswordInput, PinInput, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleLoginRequestSchema, type Operator, type TwoFactorEnrolment } from '@portal/contracts/console-session';
import { twoFactorChallengeSchema, type TwoFactorChallenge } from '@portal/contracts/session';
import { useLocale, useText } from '../../i18n/i18n';
import { localizeValidationMessage } from '../../i18n/validation-messages';
import { errorsFromIssues, fieldErrorsOf, submitErrorMessage, useZodForm } from '../../lib/use-zod-form';
import { CONSOLE_PATHS } from '../console-paths';
import { confirmEnrolment, login, operatorQuery, passChallenge, signedIn, startEnrolment } from '../session/operator-session';
import type { SignInState } from '../session/require-operator';
import { SignInLayout } from './sign-in-layout';

/** The sign-in steps: the password, then a code (or, the first time, enrolling an app and keeping the recovery codes). */
type Step = { kind: 'credentials' } | { kind: 'enrol' } | { kind: 'recovery'; operator: Operator; codes: string[] } | { kind: 'challenge' };

const CODE_LENGTH = 6;

function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
      {message}
    </Alert>
  );
}

/**
 * /console/login (issue 14). Two-factor is mandatory: after a right password comes a code from the operator's
 * authenticator app, or at the first sign-in the enrolment of one (a QR code, then its first code) and the recovery
 * codes, shown once. Focus moves to each step's heading, so a screen reader reads where the operator is.
 */
export function SignInPage() {
  const t = useText('console');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as SignInState | null)?.from;
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  const titleRef = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(true);
  // Someone signed in who opens the page goes on; decided once, on arrival, not after this page signs them in.
  const [signedInOnArrival] = useState(() => Boolean(queryClient.getQueryData(operatorQuery.queryKey)));

  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    // The challenge puts the caret in the code's first box instead (the partners' two-factor page does the same): its
    // label and the description name the step. The others have reading to do first.
    if (step.kind !== 'challenge') titleRef.current?.focus();
  }, [step.kind]);

  if (signedInOnArrival) return <Navigate to={CONSOLE_PATHS.home} replace />;

  const finish = (operator: Operator) => {
    signedIn(queryClient, operator);
    void navigate(from && from.startsWith('/') && !from.startsWith('//') && from !== CONSOLE_PATHS.login ? from : CONSOLE_PATHS.home, { replace: true });
  };
  const restart = () => setStep({ kind: 'credentials' });

  switch (step.kind) {
    case 'credentials':
      return (
        <SignInLayout title={t('signIn.title')} description={t('signIn.description')} titleRef={titleRef}>
          <CredentialsForm onPassed={(next) => setStep({ kind: next === 'enrol' ? 'enrol' : 'challenge' })} />
        </SignInLayout>
      );
    case 'enrol':
      return (
        <SignInLayout title={t('signIn.enrolTitle')} description={t('signIn.enrolDescription')} titleRef={titleRef}>
          <EnrolmentForm onConfirmed={(operator, codes) => setStep({ kind: 'recovery', operator, codes })} onRestart={restart} />
        </SignInLayout>
      );
    case 'recovery':
      return (
        <SignInLayout title={t('signIn.recoveryTitle')} description={t('signIn.recoveryDescription')} titleRef={titleRef}>
          <RecoveryCodes codes={step.codes} onContinue={() => finish(step.operator)} />
        </SignInLayout>
      );
    case 'challenge':
      return <ChallengeStep titleRef={titleRef} onPassed={finish} onRestart={restart} />;
  }
}

function CredentialsForm({ onPassed }: { onPassed: (next: 'enrol' | 'two_factor') => void }) {
  const t = useText('console');
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm({ initialValues: { email: '', password: '' }, schema: consoleLoginRequestSchema });
  const submit = useMutation({ mutationFn: login });

  const handleSubmit = form.onSubmit(async (credentials) => {
    setFormError(null);
    try {
      const answer = await submit.mutateAsync(credentials);
      onPassed(answer.next);
    } catch (error) {
      if (!form.showFieldErrors(error)) setFormError(submitErrorMessage(error, t('signIn.failed')));
    }
  });

  return (
    <form ref={form.formRef} onSubmit={handleSubmit} noValidate aria-busy={submit.isPending}>
      <Stack gap="md">
        <FormAlert message={formError} />
        <TextInput label={t('signIn.email')} type="email" autoComplete="username" required {...form.getInputProps('email')} />
        <PasswordInput label={t('signIn.password')} autoComplete="current-password" required {...form.getInputProps('password')} />
        <Button type="submit" fullWidth loading={submit.isPending} disabled={submit.isPending}>
          {t('signIn.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/** Six digits, each its own named box (the partners' two-factor page's control). */
function CodeInput({ value, onChange, onComplete, error, disabled, autoFocus }: { value: string; onChange: (code: string) => void; onComplete: (code: string) => void; error?: string | undefined; disabled: boolean; autoFocus: boolean }) {
  const t = useText('console');
  const errorId = useId();
  return (
    <Input.Wrapper label={t('signIn.code')} error={error} errorProps={{ id: errorId, role: 'alert' }} labelElement="div">
      <PinInput
        length={CODE_LENGTH}
        type="number"
        oneTimeCode
        autoFocus={autoFocus}
        value={value}
        onChange={onChange}
        onComplete={onComplete}
        error={Boolean(error)}
        disabled={disabled}
        mt={6}
        getInputProps={(index) => ({
          'aria-label': t('signIn.digit', { digit: index + 1, length: CODE_LENGTH }),
          'aria-describedby': error ? errorId : undefined,
        })}
      />
    </Input.Wrapper>
  );
}

function EnrolmentForm({ onConfirmed, onRestart }: { onConfirmed: (operator: Operator, codes: string[]) => void; onRestart: () => void }) {
  const t = useText('console');
  const locale = useLocale();
  // One secret per visit of this step: asked for once, never refetched behind the operator's back.
  const enrolment = useQuery<TwoFactorEnrolment>({ queryKey: ['console', 'enrolment'], queryFn: startEnrolment, staleTime: Infinity, gcTime: 0, retry: false, refetchOnWindowFocus: false });
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const confirm = useMutation({ mutationFn: confirmEnrolment });

  const submit = async (value: string) => {
    const parsed = twoFactorChallengeSchema.safeParse({ code: value });
    if (!parsed.success) {
      setError(localizeValidationMessage(errorsFromIssues(parsed.error.issues).code ?? '', locale));
      return;
    }
    setError(undefined);
    try {
      const answer = await confirm.mutateAsync(value);
      onConfirmed(answer.operator, answer.recovery_codes);
    } catch (failure) {
      setCode('');
      setError(localizeValidationMessage(fieldErrorsOf(failure)?.code ?? submitErrorMessage(failure, t('signIn.failed')), locale));
    }
  };

  if (enrolment.isPending) {
    return (
      <Stack align="center" role="status" aria-label={t('signIn.enrolLoading')}>
        <Loader aria-hidden="true" />
      </Stack>
    );
  }
  if (enrolment.isError) {
    return (
      <Stack gap="md">
        <FormAlert message={submitErrorMessage(enrolment.error, t('signIn.enrolFailed'))} />
        <Button variant="light" onClick={onRestart}>
          {t('signIn.startOver')}
        </Button>
      </Stack>
    );
  }
  return (
    <form
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        void submit(code);
      }}
      noValidate
      aria-busy={confirm.isPending}
    >
      <Stack gap="md">
        <Image src={enrolment.data.qr_code} alt={t('signIn.qrAlt')} w={200} h={200} mx="auto" radius="sm" bg="white" />
        <Stack gap={4}>
          <Text size="sm" id="enrolment-secret-label">
            {t('signIn.secretLabel')}
          </Text>
          <Code block aria-labelledby="enrolment-secret-label" style={{ letterSpacing: '0.08em', wordBreak: 'break-all' }} dir="ltr">
            {enrolment.data.secret}
          </Code>
        </Stack>
        <CodeInput
          value={code}
          onChange={(value) => {
            setCode(value);
            if (error) setError(undefined);
          }}
          onComplete={(value) => void submit(value)}
          error={error}
          disabled={confirm.isPending}
          autoFocus={false}
        />
        <Button type="submit" fullWidth loading={confirm.isPending} disabled={confirm.isPending}>
          {t('signIn.confirm')}
        </Button>
        <UnstyledButton onClick={onRestart} c="var(--mantine-color-anchor)" fz="sm" ta="center">
          {t('signIn.startOver')}
        </UnstyledButton>
      </Stack>
    </form>
  );
}

function RecoveryCodes({ codes, onContinue }: { codes: string[]; onContinue: () => void }) {
  const t = useText('console');
  return (
    <Stack gap="md">
      <List aria-label={t('signIn.recoveryCodes')} listStyleType="none" spacing={4} ff="monospace" dir="ltr">
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <CopyButton value={codes.join('\n')}>
        {({ copied, copy }) => (
          <Button variant="light" onClick={copy} aria-live="polite">
            {copied ? t('signIn.codesCopied') : t('signIn.copyCodes')}
          </Button>
        )}
      </CopyButton>
      <Button onClick={onContinue}>{t('signIn.continue')}</Button>
    </Stack>
  );
}

function ChallengeStep({ titleRef, onPassed, onRestart }: { titleRef: React.Ref<HTMLHeadingElement>; onPassed: (operator: Operator) => void; onRestart: () => void }) {
  const t = useText('console');
  const locale = useLocale();
  const [mode, setMode] = useState<'code' | 'recovery'>('code');
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const challenge = useMutation({ mutationFn: passChallenge });

  const submit = async (body: TwoFactorChallenge) => {
    const parsed = twoFactorChallengeSchema.safeParse(body);
    if (!parsed.success) {
      const issues = errorsFromIssues(parsed.error.issues);
      setError(localizeValidationMessage(issues.code ?? issues.recovery_code ?? '', locale));
      return;
    }
    setError(undefined);
    try {
      onPassed((await challenge.mutateAsync(parsed.data)).operator);
    } catch (failure) {
      const fields = fieldErrorsOf(failure);
      const message = fields ? (fields[mode === 'code' ? 'code' : 'recovery_code'] ?? Object.values(fields)[0]) : submitErrorMessage(failure, t('signIn.failed'));
      setError(message ? localizeValidationMessage(message, locale) : undefined);
      if (mode === 'code') setCode('');
    }
  };

  return (
    <SignInLayout
      title={t('signIn.challengeTitle')}
      description={mode === 'code' ? t('signIn.challengeDescription') : t('signIn.recoveryChallengeDescription')}
      titleRef={titleRef}
    >
      <form
        onSubmit={(event: FormEvent<HTMLFormElement>) => {
          event.preventDefault();
          void submit(mode === 'code' ? { code } : { recovery_code: recoveryCode.trim() });
        }}
        noValidate
        aria-busy={challenge.isPending}
      >
        <Stack gap="md">
          {mode === 'code' ? (
            <CodeInput
              value={code}
              onChange={(value) => {
                setCode(value);
                if (error) setError(undefined);
              }}
              onComplete={(value) => void submit({ code: value })}
              error={error}
              disabled={challenge.isPending}
              autoFocus
            />
          ) : (
            <TextInput
              label={t('signIn.recoveryCode')}
              autoComplete="off"
              autoFocus
              spellCheck={false}
              value={recoveryCode}
              onChange={(event) => {
                setRecoveryCode(event.currentTarget.value);
                if (error) setError(undefined);
              }}
              error={error}
              errorProps={{ role: 'alert' }}
            />
          )}
          <Button type="submit" fullWidth loading={challenge.isPending} disabled={challenge.isPending}>
            {t('signIn.verify')}
          </Button>
          <UnstyledButton
            onClick={() => {
              setMode((current) => (current === 'code' ? 'recovery' : 'code'));
              setError(undefined);
            }}
            c="var(--mantine-color-anchor)"
            fz="sm"
            ta="center"
          >
            {mode === 'code' ? t('signIn.useRecovery') : t('signIn.useCode')}
          </UnstyledButton>
          <UnstyledButton onClick={onRestart} c="var(--mantine-color-anchor)" fz="sm" ta="center">
            {t('signIn.startOver')}
          </UnstyledButton>
        </Stack>
      </form>
    </SignInLayout>
  );
}
