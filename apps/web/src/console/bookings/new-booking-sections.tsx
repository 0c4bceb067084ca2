import { useState } from 'react';
import { Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ConsoleBookingOptions } from '@portal/contracts/console-bookings';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
import { useAgentClients } from './bookings-api';
import type { NewBookingForm } from './new-booking-form';

/** Error texts are announced as they appear. */
const errorProps = { role: 'alert' } as const;
type Facility = ConsoleBookingOptions['facilities'][number];

/** Who the booking is for: the agent, one of its patients (searched on the server) or a new one, and its partner. */
export function PatientSection({ form, agents }: { form: NewBookingForm; agents: ConsoleBookingOptions['agents'] }) {
  const t = useText('console-bookings');
  const { values, set, errorText } = form;
  const [patientSearch, setPatientSearch] = useState('');
  // The chosen patient stays an option whatever the search finds; its label in the box is not a search.
  const [chosenPatient, setChosenPatient] = useState<{ value: string; label: string } | null>(null);
  const [searched] = useDebouncedValue(patientSearch === chosenPatient?.label ? '' : patientSearch.trim(), 250);
  const agentClients = useAgentClients(values.agentId ? Number(values.agentId) : null, searched);

  const found = (agentClients.data?.clients ?? []).map((client) => ({
    value: String(client.id),
    label: [client.name, client.email ?? client.phone].filter(Boolean).join(' · '),
  }));
  const patientOptions = chosenPatient ? [chosenPatient, ...found.filter((option) => option.value !== chosenPatient.value)] : found;
  const partners = agentClients.data?.partners ?? [];

  return (
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
          error={errorText('agentId')}
          errorProps={errorProps}
        />
        <Stack gap={6}>
          <Text size="sm" fw={500} id="patient-kind-label">
            {t('patientKind')}
          </Text>
          <SegmentedControl
            aria-labelledby="patient-kind-label"
            value={values.patientKind}
            onChange={(value) => set('patientKind', value as NewBookingForm['values']['patientKind'])}
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
            error={errorText('clientId')}
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
              // "a patient is required" is the client's error while neither is given
              error={errorText('patientName') ?? errorText('clientId')}
              errorProps={errorProps}
            />
            <TextInput
              label={t('patientEmail')}
              type="email"
              value={values.patientEmail}
              onChange={(event) => set('patientEmail', event.currentTarget.value)}
              error={errorText('patientEmail')}
              errorProps={errorProps}
            />
            <TextInput
              label={t('patientPhone')}
              type="tel"
              dir="ltr"
              value={values.patientPhone}
              onChange={(event) => set('patientPhone', event.currentTarget.value)}
              error={errorText('patientPhone')}
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
          value={values.partnerId ?? partners.find((partner) => partner.role === 'owner')?.id.toString() ?? null}
          onChange={(value) => set('partnerId', value)}
          disabled={!values.agentId}
          error={errorText('partnerId')}
          errorProps={errorProps}
        />
      </Stack>
    </Paper>
  );
}

/** Where and when: the facility, its location (the only one chosen for you) and service, the appointment's date and time. */
export function AppointmentSection({ form, facilities, facility }: { form: NewBookingForm; facilities: Facility[]; facility: Facility | undefined }) {
  const t = useText('console-bookings');
  const format = useFormat();
  const { values, set, errorText } = form;
  return (
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
          error={errorText('facilityId')}
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
            error={errorText('locationId')}
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
            error={errorText('serviceId') ?? (facility && facility.services.length === 0 ? t('noServices') : undefined)}
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
            error={errorText('date')}
            errorProps={errorProps}
          />
          <TextInput label={t('appointmentTime')} type="time" value={values.time} onChange={(event) => set('time', event.currentTarget.value)} required />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/**
 * The price (the service's, which finance may change) and the booking's handling: its ticket and who works on it.
 * An operator without `bookings.finance` sees the price and who may change it.
 */
export function PriceAndHandlingSection({
  form,
  mayPrice,
  service,
  staff,
}: {
  form: NewBookingForm;
  mayPrice: boolean;
  service: Facility['services'][number] | undefined;
  staff: ConsoleBookingOptions['staff'];
}) {
  const t = useText('console-bookings');
  const format = useFormat();
  const { values, set, errorText } = form;
  return (
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
              error={errorText('amount')}
              errorProps={errorProps}
            />
            <TextInput
              label={t('currency')}
              value={values.currency}
              onChange={(event) => set('currency', event.currentTarget.value.toUpperCase())}
              maxLength={3}
              dir="ltr"
              error={errorText('currency')}
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
            error={errorText('ticket')}
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
            error={errorText('assigneeId')}
            errorProps={errorProps}
          />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
