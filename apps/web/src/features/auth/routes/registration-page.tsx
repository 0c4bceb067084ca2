import { useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Anchor, Button, Grid, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { registrationRequestSchema } from '@portal/contracts/auth';
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
  const optionsPlaceholder = options.isPending ? 'Loading…' : 'Choose one';

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
    <AuthLayout title="Become a partner" description="Tell us about you and your organisation. We review every application.">
      <form ref={form.formRef} onSubmit={handleSubmit} noValidate aria-busy={registration.isPending}>
        <Stack gap="md">
          <FormAlert message={formError} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput label="First name" autoComplete="given-name" required {...form.getInputProps('first_name')} />
            <TextInput label="Last name" autoComplete="family-name" required {...form.getInputProps('last_name')} />
          </SimpleGrid>
          <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <PasswordField label="Password" autoComplete="new-password" required {...form.getInputProps('password')} />
          <PasswordRules value={form.values.password} />
          <PasswordField
            label="Confirm password"
            autoComplete="new-password"
            required
            {...form.getInputProps('password_confirmation')}
          />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, xs: 5 }}>
              <PhoneCountrySelect value={form.values.phone_country} onChange={setPhoneCountry} error={form.errors.phone_country} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 7 }}>
              <TextInput label="Phone number" type="tel" autoComplete="tel-national" required {...form.getInputProps('phone')} />
            </Grid.Col>
          </Grid>
          {options.isError ? (
            <Alert color="red" variant="light" role="alert" title="Could not load the partner types">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">Check your connection and try again.</Text>
                <Button size="xs" variant="light" color="red" onClick={() => void options.refetch()}>
                  Try again
                </Button>
              </Stack>
            </Alert>
          ) : null}
          <Select
            label="Partner type"
            required
            placeholder={optionsPlaceholder}
            disabled={!options.isSuccess}
            data={partnerTypes}
            nothingFoundMessage="No options found"
            {...form.getInputProps('partner_type_id')}
          />
          <Select
            label="Industry"
            description="Optional"
            placeholder={optionsPlaceholder}
            disabled={!options.isSuccess}
            clearable
            data={industries}
            nothingFoundMessage="No options found"
            {...form.getInputProps('partner_industry_id')}
          />
          <TextInput label="Organisation" autoComplete="organization" required {...form.getInputProps('organisation')} />
          <Button type="submit" fullWidth loading={registration.isPending} disabled={registration.isPending}>
            Register
          </Button>
          <Text size="sm" ta="center">
            Already a partner?{' '}
            <Anchor component={Link} to={ROUTES.login}>
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
