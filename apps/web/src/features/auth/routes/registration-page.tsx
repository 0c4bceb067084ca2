import { useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Anchor, Button, Grid, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { registrationRequestSchema } from '@portal/contracts/auth';
import { LoadFailedAlert } from '../../../components/query-view/query-view';
import { useText } from '../../../i18n/i18n';
import { AUTH_MESSAGES } from '../../../lib/auth-messages';
import { ROUTES } from '../../../lib/paths';
import { submitErrorMessage, useZodForm } from '../../../lib/use-zod-form';
import { useRegister } from '../api/register';
import { useRegistrationOptions } from '../api/get-registration-options';
import { AuthLayout } from '../components/auth-layout';
import { FormAlert } from '../components/form-alert';
import { PasswordField } from '../components/password-field';
import { PasswordRules } from '../components/password-rules';
import { defaultPhoneCountry, toE164 } from '../components/phone-countries';
import { PhoneCountrySelect } from '../components/phone-country-select';

interface RegistrationValues extends Record<string, unknown> {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  password_confirmation: string;
  phone_country: string;
  phone: string;
  partner_type_id: string | null;
  partner_industry_id: string | null;
  organisation: string;
}

/** The form keeps what the inputs hold; the contract wants E.164 and numeric ids. */
function toRequest(values: RegistrationValues) {
  return {
    ...values,
    phone: toE164(values.phone, values.phone_country),
    partner_type_id: values.partner_type_id ? Number(values.partner_type_id) : 0,
    partner_industry_id: values.partner_industry_id ? Number(values.partner_industry_id) : null,
  };
}

/** /registration: a new partner applies; the account waits for an operator's approval (then /thank-you). */
export function RegistrationPage() {
  const t = useText('auth');
  const shared = useText('shared');
  const navigate = useNavigate();
  const options = useRegistrationOptions();
  const registration = useRegister();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm<RegistrationValues, typeof registrationRequestSchema>({
    initialValues: {
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      password_confirmation: '',
      phone_country: defaultPhoneCountry(),
      phone: '',
      partner_type_id: null,
      partner_industry_id: null,
      organisation: '',
    },
    schema: registrationRequestSchema,
    transform: toRequest,
  });

  const { setFieldValue } = form;
  const setPhoneCountry = useCallback((country: string) => setFieldValue('phone_country', country), [setFieldValue]);

  const partnerTypes = (options.data?.partner_types ?? []).map((type) => ({ value: String(type.id), label: type.name }));
  const industries = (options.data?.partner_industries ?? []).map((industry) => ({
    value: String(industry.id),
    label: industry.name,
  }));
  const optionsPlaceholder = options.isPending ? t('registration.loadingOptions') : t('registration.chooseOne');

  const handleSubmit = form.onSubmit(async (body) => {
    setFormError(null);
    try {
      await registration.mutateAsync(body);
      await navigate(ROUTES['thank-you']);
    } catch (error) {
      if (!form.showFieldErrors(error)) setFormError(submitErrorMessage(error, AUTH_MESSAGES.requestErrorMessage));
    }
  });

  return (
    <AuthLayout title={t('registration.title')} description={t('registration.description')}>
      <form ref={form.formRef} onSubmit={handleSubmit} noValidate aria-busy={registration.isPending}>
        <Stack gap="md">
          <FormAlert message={formError} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput label={t('registration.firstName')} autoComplete="given-name" required {...form.getInputProps('first_name')} />
            <TextInput label={t('registration.lastName')} autoComplete="family-name" required {...form.getInputProps('last_name')} />
          </SimpleGrid>
          <TextInput label={t('email')} type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <PasswordField label={t('password')} autoComplete="new-password" required {...form.getInputProps('password')} />
          <PasswordRules value={form.values.password} />
          <PasswordField
            label={t('registration.confirmPassword')}
            autoComplete="new-password"
            required
            {...form.getInputProps('password_confirmation')}
          />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, xs: 5 }}>
              <PhoneCountrySelect value={form.values.phone_country} onChange={setPhoneCountry} error={form.errorText('phone_country')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 7 }}>
              <TextInput label={t('registration.phone')} type="tel" autoComplete="tel-national" required {...form.getInputProps('phone')} />
            </Grid.Col>
          </Grid>
          {options.isError ? (
            <LoadFailedAlert title={t('registration.optionsFailed')} message={shared('errors.checkConnection')} retryLabel={shared('errors.tryAgain')} onRetry={() => void options.refetch()} retrying={options.isFetching} />
          ) : null}
          <Select
            label={t('registration.partnerType')}
            required
            placeholder={optionsPlaceholder}
            disabled={!options.isSuccess}
            data={partnerTypes}
            nothingFoundMessage={shared('select.noOptions')}
            {...form.getInputProps('partner_type_id')}
          />
          <Select
            label={t('registration.industry')}
            description={t('registration.optional')}
            placeholder={optionsPlaceholder}
            disabled={!options.isSuccess}
            clearable
            data={industries}
            nothingFoundMessage={shared('select.noOptions')}
            {...form.getInputProps('partner_industry_id')}
          />
          <TextInput label={t('registration.organisation')} autoComplete="organization" required {...form.getInputProps('organisation')} />
          <Button type="submit" fullWidth loading={registration.isPending} disabled={registration.isPending}>
            {t('registration.submit')}
          </Button>
          <Text size="sm" ta="center">
            {t('registration.alreadyPartner')}{' '}
            <Anchor component={Link} to={ROUTES.login}>
              {t('registration.signIn')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
