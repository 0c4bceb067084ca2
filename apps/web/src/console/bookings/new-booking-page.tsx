import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Button, Group, Loader, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { createConsoleBookingRequestSchema, type CreateConsoleBookingRequest } from '@portal/contracts/console-bookings';
import { formatBookingId } from '@portal/contracts/formatters';
import { operatorCan } from '@portal/contracts/operator-permissions';
import { useFormat } from '../../i18n/format';
import { useLocale, useText } from '../../i18n/i18n';
import { localizeValidationMessage } from '../../i18n/validation-messages';
import { errorMessage } from '../../lib/http';
import { notifySuccess } from '../../lib/notify';
import { fieldErrorsOf, submitErrorMessage } from '../../lib/use-zod-form';
import { useOperator } from '../session/require-operator';
import { useAgentClients, useBookingOptions, useCreateBooking } from './bookings-api';
import { bookingPath, BOOKINGS_PATH } from './bookings-paths';
import { BackLink } from '../components/record-page';

interface FormValues {
  agentId: string | null;
  patientKind: 'existing' | 'new';
  clientId: string | null;
  patientName: string;
  patientEmail: string;
  patientPhone: string;
  partnerId: string | null;
  facilityId: string | null;
  locationId: string | null;
  serviceId: string | null;
  date: string;
  time: string;
  amount: string;
  currency: string;
  ticket: string;
  assigneeId: string | null;
}

const EMPTY: FormValues = {
  agentId: null,
  patientKind: 'existing',
  clientId: null,
  patientName: '',
  patientEmail: '',
  patientPhone: '',
  partnerId: null,
  facilityId: null,
  locationId: null,
  serviceId: null,
  date: '',
  time: '09:00',
  amount: '',
  currency: '',
  ticket: '',
  assigneeId: null,
};

/** The request's fields, as its 422s name them. */
const FIELDS = {
  referral_agent_id: 'referral_agent_id',
  client_id: 'client_id',
  patient_name: 'new_patient.name',
  patient_email: 'new_patient.email',
  patient_phone: 'new_patient.phone',
  referred_by_user_id: 'referred_by_user_id',
  facility_id: 'facility_id',
  facility_location_id: 'facility_location_id',
  service_id: 'service_id',
  date_time: 'date_time',
  amount: 'amount',
  currency: 'currency',
  ticket_id: 'ticket_id',
  assignee_id: 'assignee_id',
} as const;

const id = (value: string | null) => (value ? Number(value) : null);
const blank = (value: string) => (value.trim() === '' ? null : value.trim());

/** The local date and time as an instant (ISO 8601), or '' when either is missing or not a date. */
function instantOf(date: string, time: string): string {
  if (!date || !time) return '';
  const local = new Date(`${date}T${time}`);
  return Number.isNaN(local.getTime()) ? '' : local.toISOString();
}

/**
 * /console/bookings/new (bookings.manage): agent → patient (one of the agent's, or a new one) → facility, location and
 * service → date and time; the amount is the service's price (finance may set another). Created pending; the
 * agent's partners are told at once.
 */
export function NewBookingPage() {
  const t = useText('console-bookings');
  const format = useFormat();
  const locale = useLocale();
  const navigate = useNavigate();
  const operator = useOperator();
  const mayPrice = operatorCan(operator.role, 'bookings.finance');
  const options = useBookingOptions();
  const create = useCreateBooking();
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [patientSearch, setPatientSearch] = useState('');
  // The chosen patient stays an option whatever the search finds; its label in the box is not a search.
  const [chosenPatient, setChosenPatient] = useState<{ value: string; label: string } | null>(null);
  const [searched] = useDebouncedValue(patientSearch === chosenPatient?.label ? '' : patientSearch.trim(), 250);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const agentClients = useAgentClients(id(values.agentId), searched);

  const facility = useMemo(() => options.data?.facilities.find((row) => String(row.id) === values.facilityId), [options.data, values.facilityId]);
  const service = facility?.services.find((row) => String(row.id) === values.serviceId);

  const set = <Key extends keyof FormValues>(field: Key, value: FormValues[Key], also: Partial<FormValues> = {}) => {
    setValues((current) => ({ ...current, [field]: value, ...also }));
    setErrors((current) => {
      const next = { ...current };
      delete next[fieldKey(field)];
      return next;
    });
  };

  const request = (): CreateConsoleBookingRequest => ({
    referral_agent_id: id(values.agentId) as number,
    client_id: values.patientKind === 'existing' ? id(values.clientId) : null,
    new_patient:
      values.patientKind === 'new' ? { name: values.patientName, email: blank(values.patientEmail), phone: blank(values.patientPhone) } : null,
    referred_by_user_id: id(values.partnerId),
    facility_id: id(values.facilityId) as number,
    facility_location_id: id(values.locationId),
    service_id: id(values.serviceId) as number,
    date_time: instantOf(values.date, values.time),
    amount: mayPrice && blank(values.amount) ? values.amount : null,
    currency: mayPrice && blank(values.amount) ? values.currency : null,
    ticket_id: blank(values.ticket),
    assignee_id: id(values.assigneeId),
  });

  const submit = async () => {
    setFormError(null);
    const body = request();
    const parsed = createConsoleBookingRequestSchema.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      focusFirstInvalid();
      return;
    }
    try {
      const created = await create.mutateAsync(body);
      notifySuccess(t('created_toast', { id: created.ticket_id ? formatBookingId(created.ticket_id) : `#${created.id}` }), `${created.patient} · ${created.facility.name}`);
      void navigate(bookingPath(created.id));
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) {
        setErrors(fields);
        focusFirstInvalid();
      } else setFormError(submitErrorMessage(error, t('createFailed')));
    }
  };

  const error = (key: string) => (errors[key] ? localizeValidationMessage(errors[key], locale) : undefined);
  const errorProps = { role: 'alert' } as const;

  if (options.isPending) {
    return (
      <Group role="status" aria-label={t('createTitle')}>
        <Loader size="sm" aria-hidden="true" />
      </Group>
    );
  }
  if (options.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(options.error, t('createFailed'))}
      </Alert>
    );
  }
  const { agents, facilities, staff } = options.data;
  const found = (agentClients.data?.clients ?? []).map((client) => ({
    value: String(client.id),
    label: [client.name, client.email ?? client.phone].filter(Boolean).join(' · '),
  }));
  const patientOptions = chosenPatient ? [chosenPatient, ...found.filter((option) => option.value !== chosenPatient.value)] : found;
  const partners = agentClients.data?.partners ?? [];

  return (
    <Stack gap="lg" maw={880}>
      <BackLink to={BOOKINGS_PATH}>{t('back')}</BackLink>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('createTitle')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('createDescription')}
        </Text>
      </Stack>
      <form
        id="new-booking"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
        aria-busy={create.isPending}
      >
        <Stack gap="lg">
          {formError ? (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          ) : null}
          <Paper withBorder radius="md" p="md">
            <Stack gap="md">
              <Select
                label={t('agent')}
                placeholder={t('chooseAgent')}
                data={agents.map((agent) => ({ value: String(agent.id), label: `${agent.name} · #${agent.id}` }))}
                value={values.agentId}
                onChange={(value) => {
                  setChosenPatient(null);
                  setPatientSearch('');
                  set('agentId', value, { clientId: null, partnerId: null });
                }}
                searchable
                required
                nothingFoundMessage={t('noneFound')}
                error={error(FIELDS.referral_agent_id)}
                errorProps={errorProps}
              />
              <Stack gap={6}>
                <Text size="sm" fw={500} id="patient-kind-label">
                  {t('patientKind')}
                </Text>
                <SegmentedControl
                  aria-labelledby="patient-kind-label"
                  value={values.patientKind}
                  onChange={(value) => set('patientKind', value as FormValues['patientKind'])}
                  data={[
                    { value: 'existing', label: t('existingPatient') },
                    { value: 'new', label: t('newPatient') },
                  ]}
                  w="fit-content"
                />
              </Stack>
              {values.patientKind === 'existing' ? (
                <Select
                  label={t('patient')}
                  placeholder={t('choosePatient')}
                  data={patientOptions}
                  value={values.clientId}
                  onChange={(value, option) => {
                    setChosenPatient(value ? option : null);
                    set('clientId', value);
                  }}
                  searchable
                  searchValue={patientSearch}
                  onSearchChange={setPatientSearch}
                  filter={({ options: all }) => all}
                  disabled={!values.agentId}
                  required
                  nothingFoundMessage={t('noPatients')}
                  error={error(FIELDS.client_id)}
                  errorProps={errorProps}
                />
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                  <TextInput
                    label={t('patientName')}
                    value={values.patientName}
                    onChange={(event) => set('patientName', event.currentTarget.value)}
                    required
                    maxLength={120}
                    error={error(FIELDS.patient_name) ?? error(FIELDS.client_id)}
                    errorProps={errorProps}
                  />
                  <TextInput
                    label={t('patientEmail')}
                    type="email"
                    value={values.patientEmail}
                    onChange={(event) => set('patientEmail', event.currentTarget.value)}
                    error={error(FIELDS.patient_email)}
                    errorProps={errorProps}
                  />
                  <TextInput
                    label={t('patientPhone')}
                    type="tel"
                    dir="ltr"
                    value={values.patientPhone}
                    onChange={(event) => set('patientPhone', event.currentTarget.value)}
                    error={error(FIELDS.patient_phone)}
                    errorProps={errorProps}
                  />
                </SimpleGrid>
              )}
              <Select
                label={t('partner')}
                placeholder={t('noPartner')}
                description={t('partnerDescription')}
                data={partners.map((partner) => ({
                  value: String(partner.id),
                  label: `${partner.name} (${partner.email}) · ${t(`partnerRoles.${partner.role}`)}`,
                }))}
                // The owner is the default (the server records the owner when none is sent).
                value={values.partnerId ?? (partners.find((partner) => partner.role === 'owner')?.id.toString() ?? null)}
                onChange={(value) => set('partnerId', value)}
                disabled={!values.agentId}
                error={error(FIELDS.referred_by_user_id)}
                errorProps={errorProps}
              />
            </Stack>
          </Paper>

          <Paper withBorder radius="md" p="md">
            <Stack gap="md">
              <Select
                label={t('facility')}
                placeholder={t('chooseFacility')}
                data={facilities.map((row) => ({ value: String(row.id), label: `${row.name} · ${row.city}` }))}
                value={values.facilityId}
                onChange={(value) => {
                  const chosen = facilities.find((row) => String(row.id) === value);
                  set('facilityId', value, {
                    locationId: chosen?.locations.length === 1 ? String(chosen.locations[0]!.id) : null,
                    serviceId: null,
                    amount: '',
                    currency: '',
                  });
                }}
                searchable
                required
                nothingFoundMessage={t('noneFound')}
                error={error(FIELDS.facility_id)}
                errorProps={errorProps}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <Select
                  label={t('location')}
                  placeholder={t('chooseLocation')}
                  data={(facility?.locations ?? []).map((row) => ({ value: String(row.id), label: `${row.name}, ${row.city}` }))}
                  value={values.locationId}
                  onChange={(value) => set('locationId', value)}
                  disabled={!facility}
                  clearable
                  error={error(FIELDS.facility_location_id)}
                  errorProps={errorProps}
                />
                <Select
                  label={t('service')}
                  placeholder={t('chooseService')}
                  data={(facility?.services ?? []).map((row) => ({
                    value: String(row.id),
                    label: `${row.name}${row.specialty ? ` (${row.specialty})` : ''} · ${format.money(row.price, row.currency)}`,
                  }))}
                  value={values.serviceId}
                  onChange={(value) => {
                    const chosen = facility?.services.find((row) => String(row.id) === value);
                    set('serviceId', value, { amount: chosen?.price ?? '', currency: chosen?.currency ?? '' });
                  }}
                  disabled={!facility}
                  searchable
                  required
                  nothingFoundMessage={t('noneFound')}
                  error={error(FIELDS.service_id) ?? (facility && facility.services.length === 0 ? t('noServices') : undefined)}
                  errorProps={errorProps}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  label={t('appointmentDate')}
                  type="date"
                  value={values.date}
                  onChange={(event) => set('date', event.currentTarget.value)}
                  required
                  description={t('timeZoneNote', { zone: format.timeZone })}
                  error={error(FIELDS.date_time)}
                  errorProps={errorProps}
                />
                <TextInput
                  label={t('appointmentTime')}
                  type="time"
                  value={values.time}
                  onChange={(event) => set('time', event.currentTarget.value)}
                  required
                />
              </SimpleGrid>
            </Stack>
          </Paper>

          <Paper withBorder radius="md" p="md">
            <Stack gap="md">
              {mayPrice ? (
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <TextInput
                    label={t('amount')}
                    value={values.amount}
                    onChange={(event) => set('amount', event.currentTarget.value)}
                    inputMode="decimal"
                    dir="ltr"
                    description={service ? t('priceNote', { price: format.money(service.price, service.currency) }) : undefined}
                    error={error(FIELDS.amount)}
                    errorProps={errorProps}
                  />
                  <TextInput
                    label={t('currency')}
                    value={values.currency}
                    onChange={(event) => set('currency', event.currentTarget.value.toUpperCase())}
                    maxLength={3}
                    dir="ltr"
                    error={error(FIELDS.currency)}
                    errorProps={errorProps}
                  />
                </SimpleGrid>
              ) : (
                <Text size="sm">
                  {service ? `${t('amount')}: ${format.money(service.price, service.currency)}. ` : ''}
                  <Text span c="dimmed" size="sm">
                    {t('amountFinanceNote')}
                  </Text>
                </Text>
              )}
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  label={t('ticket')}
                  description={t('ticketHelp')}
                  value={values.ticket}
                  onChange={(event) => set('ticket', event.currentTarget.value)}
                  maxLength={30}
                  dir="ltr"
                  error={error(FIELDS.ticket_id)}
                  errorProps={errorProps}
                />
                <Select
                  label={t('assignee')}
                  placeholder={t('unassigned')}
                  data={staff.map((member) => ({ value: String(member.id), label: member.name }))}
                  value={values.assigneeId}
                  onChange={(value) => set('assigneeId', value)}
                  searchable
                  clearable
                  nothingFoundMessage={t('noneFound')}
                  error={error(FIELDS.assignee_id)}
                  errorProps={errorProps}
                />
              </SimpleGrid>
            </Stack>
          </Paper>

          <Group justify="flex-end" gap="sm">
            <Button component={Link} to={BOOKINGS_PATH} variant="default">
              {t('cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/** The request's field an input reports for (its error key). */
function fieldKey(field: keyof FormValues): string {
  const keys: Partial<Record<keyof FormValues, string>> = {
    agentId: 'referral_agent_id',
    clientId: 'client_id',
    patientName: 'new_patient.name',
    patientEmail: 'new_patient.email',
    patientPhone: 'new_patient.phone',
    partnerId: 'referred_by_user_id',
    facilityId: 'facility_id',
    locationId: 'facility_location_id',
    serviceId: 'service_id',
    date: 'date_time',
    time: 'date_time',
    amount: 'amount',
    currency: 'currency',
    ticket: 'ticket_id',
    assigneeId: 'assignee_id',
  };
  return keys[field] ?? field;
}

function focusFirstInvalid(): void {
  // After React has shown the errors.
  requestAnimationFrame(() => document.querySelector<HTMLElement>('#new-booking [aria-invalid="true"]')?.focus());
}
