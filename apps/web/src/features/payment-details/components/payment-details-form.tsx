import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Button, Group, List, Paper, Radio, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { BANK_ACCOUNT_TYPES, PAYMENT_SCHEMES, paymentDetailsRequestSchema, type PaymentDetails, type PaymentDetailsInput, type PaymentScheme } from '@portal/contracts/payment-details';
import { needsReauthentication } from '../../../components/reauthentication/reauthentication-api';
import { useReauthenticationGate } from '../../../components/reauthentication/use-reauthentication-gate';
import { SearchableSelect } from '../../../components/searchable-select/searchable-select';
import { useText } from '../../../i18n/i18n';
import { notifySuccess } from '../../../lib/notify';
import { useNarrowLayout } from '../../../lib/use-narrow-layout';
import { submitErrorMessage, useZodForm } from '../../../lib/use-zod-form';
import { useAuthStore } from '../../../stores/auth-store';
import { useSavePaymentDetails } from '../api/payment-details-api';
import { PAYMENT_DETAILS_PATH } from '../payment-details-paths';
import { useBankCountryOptions } from './bank-countries';

/** Every field of every method, as the inputs hold them; `toRequest` keeps those of the chosen method. */
type FormValues = {
  scheme: PaymentScheme;
  holder_name: string;
  bank_country: string;
  iban: string;
  bic: string;
  routing_number: string;
  account_number: string;
  account_type: string;
  ifsc: string;
  bank_name: string;
};

/** The country a method's banks are in, chosen for the partner when they pick it. */
const SCHEME_COUNTRY: Partial<Record<PaymentScheme, string>> = { us_ach: 'US', in_ifsc: 'IN' };

/** The request of the chosen method, as the contract reads it (the server parses the same schema). */
function toRequest(values: FormValues): PaymentDetailsInput {
  const common = { holder_name: values.holder_name, bank_country: values.bank_country };
  switch (values.scheme) {
    case 'iban':
      return { scheme: 'iban', ...common, iban: values.iban, ...(values.bic.trim() ? { bic: values.bic } : {}) };
    case 'us_ach':
      return {
        scheme: 'us_ach',
        ...common,
        routing_number: values.routing_number,
        account_number: values.account_number,
        // An unchosen type ('') is refused by the schema with its own message.
        account_type: values.account_type as (typeof BANK_ACCOUNT_TYPES)[number],
      };
    case 'in_ifsc':
      return { scheme: 'in_ifsc', ...common, ifsc: values.ifsc, account_number: values.account_number };
    case 'swift_account':
      return { scheme: 'swift_account', ...common, bic: values.bic, account_number: values.account_number, bank_name: values.bank_name };
  }
}

/** What the form starts from: the current details (never the account: the server does not send it). */
function initialValues(current: PaymentDetails | null): FormValues {
  return {
    scheme: current?.scheme ?? 'iban',
    holder_name: current?.holder_name ?? '',
    bank_country: current?.bank_country ?? '',
    iban: '',
    bic: current?.bic ?? '',
    routing_number: current?.routing_number ?? '',
    account_number: '',
    account_type: current?.account_type ?? '',
    ifsc: current?.ifsc ?? '',
    bank_name: current?.bank_name ?? '',
  };
}

/** Inputs of codes and numbers: typed left to right in either language, never corrected by the keyboard. */
const CODE_INPUT = { dir: 'ltr', autoComplete: 'off', spellCheck: false, autoCapitalize: 'characters' } as const;

/**
 * The payment details form: the method, its fields, checked by the contract's schema before sending. Saving goes
 * through the re-authentication gate (a 403 reauthentication_required asks for the password, then saves again); the
 * server's 422 errors show under their fields; a save leads back to /payment-details.
 */
export function PaymentDetailsForm({ current }: { current: PaymentDetails | null }) {
  const t = useText('payment-details');
  const navigate = useNavigate();
  const narrow = useNarrowLayout();
  const countries = useBankCountryOptions();
  const save = useSavePaymentDetails();
  const twoFactorEnabled = useAuthStore((state) => state.user?.two_factor_enabled ?? false);
  const { guard, dialog } = useReauthenticationGate(twoFactorEnabled, t('form.reauthText'));
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm({ initialValues: initialValues(current), schema: paymentDetailsRequestSchema, transform: toRequest });
  const scheme = form.values.scheme;
  // The current account, masked, beside the field that replaces it (same method only: another one is a new account).
  const currentAccount = current && current.scheme === scheme ? t('form.current', { account: current.account_masked }) : undefined;

  const chooseScheme = (value: string) => {
    const next = value as PaymentScheme;
    form.setFieldValue('scheme', next);
    const country = SCHEME_COUNTRY[next];
    if (country) form.setFieldValue('bank_country', country);
    // The errors of the other method's fields no longer apply.
    form.setErrors({});
  };

  const handleSubmit = form.onSubmit((_parsed, values) => {
    setFailure(null);
    const body = toRequest(values);
    void guard(async () => {
      try {
        await save.mutateAsync(body);
      } catch (error) {
        if (needsReauthentication(error)) throw error;
        if (!form.showFieldErrors(error)) setFailure(submitErrorMessage(error, t('form.failed')));
        return;
      }
      notifySuccess(t('form.saved'), t('form.savedText'));
      await navigate(PAYMENT_DETAILS_PATH);
    });
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <form ref={form.formRef} onSubmit={handleSubmit} noValidate aria-busy={save.isPending}>
        <Stack gap="md">
          <div>
            <Text size="sm" fw={500} id="payment-method-label" mb={4}>
              {t('form.method')}
            </Text>
            <SegmentedControl
              aria-labelledby="payment-method-label"
              fullWidth
              orientation={narrow ? 'vertical' : 'horizontal'}
              value={scheme}
              onChange={chooseScheme}
              data={PAYMENT_SCHEMES.map((option) => ({ value: option, label: t(`schemes.${option}`) }))}
            />
          </div>
          <TextInput label={t('form.holder')} description={t('form.holderHint')} autoComplete="off" required {...form.getInputProps('holder_name')} />
          <SearchableSelect
            label={t('form.country')}
            placeholder={t('form.countryPlaceholder')}
            nothingFoundText={t('form.noCountry')}
            options={countries}
            value={form.values.bank_country || null}
            onChange={(value) => form.setFieldValue('bank_country', value ?? '')}
            error={form.errorText('bank_country')}
            required
          />
          {scheme === 'iban' && (
            <>
              <TextInput label={t('form.iban')} description={currentAccount ?? t('form.ibanHint')} required {...CODE_INPUT} {...form.getInputProps('iban')} />
              <TextInput label={t('form.bicOptional')} description={t('form.bicHint')} {...CODE_INPUT} {...form.getInputProps('bic')} />
            </>
          )}
          {scheme === 'us_ach' && (
            <>
              <TextInput label={t('form.routing')} description={t('form.routingHint')} inputMode="numeric" required {...CODE_INPUT} {...form.getInputProps('routing_number')} />
              <TextInput label={t('form.accountNumber')} description={currentAccount} inputMode="numeric" required {...CODE_INPUT} {...form.getInputProps('account_number')} />
              <Radio.Group
                label={t('form.accountType')}
                required
                value={form.values.account_type}
                onChange={(value) => form.setFieldValue('account_type', value)}
                error={form.errorText('account_type')}
                errorProps={{ role: 'alert' }}
              >
                <Group gap="lg" mt="xs">
                  {BANK_ACCOUNT_TYPES.map((type) => (
                    <Radio key={type} value={type} label={t(`accountTypes.${type}`)} />
                  ))}
                </Group>
              </Radio.Group>
            </>
          )}
          {scheme === 'in_ifsc' && (
            <>
              <TextInput label={t('form.ifsc')} description={t('form.ifscHint')} required {...CODE_INPUT} {...form.getInputProps('ifsc')} />
              <TextInput label={t('form.accountNumber')} description={currentAccount} inputMode="numeric" required {...CODE_INPUT} {...form.getInputProps('account_number')} />
            </>
          )}
          {scheme === 'swift_account' && (
            <>
              <TextInput label={t('form.bankName')} autoComplete="off" required {...form.getInputProps('bank_name')} />
              <TextInput label={t('form.bic')} description={t('form.bicHint')} required {...CODE_INPUT} {...form.getInputProps('bic')} />
              <TextInput label={t('form.accountNumber')} description={currentAccount} required {...CODE_INPUT} {...form.getInputProps('account_number')} />
            </>
          )}
          {/* A note read with the form, not an alert announced on arrival (Mantine's Alert is role="alert"). */}
          <Alert color="blue" variant="light" role="note" icon={<IconInfoCircle aria-hidden />} title={t('form.noteTitle')}>
            <List size="sm" spacing={4}>
              <List.Item>{t('form.notePassword')}</List.Item>
              <List.Item>{t('form.noteOwners')}</List.Item>
              <List.Item>{t('form.noteHold')}</List.Item>
            </List>
          </Alert>
          {failure && (
            <Alert color="red" role="alert" title={t('form.failed')}>
              {failure}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button component={Link} to={PAYMENT_DETAILS_PATH} variant="default">
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      {dialog}
    </Paper>
  );
}
