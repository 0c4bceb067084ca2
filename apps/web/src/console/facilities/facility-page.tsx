import { useState } from 'react';
import { useParams } from 'react-router';
import { Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { FacilityDetail, FacilityLocation, FacilityService } from '@portal/contracts/console-facilities';
import { useFormat } from '../../i18n/format';
import { useLocale, useText } from '../../i18n/i18n';
import { notifySuccess } from '../../lib/notify';
import { ConfirmActionDialog } from '../components/confirm-action-dialog';
import { countryName } from './countries';
import { currencyLabel } from '../components/currency-select';
import { useFacility, useFacilityWrite } from './facilities-api';
import { FACILITIES_PATH } from './facilities-paths';
import { FacilityFormDialog } from './facility-form-dialog';
import { LocationFormDialog } from './location-form-dialog';
import { RecordField, RecordPage } from '../components/record-page';
import { TableScroller } from '../../components/data-table/scroll-region-frame';

/** /console/facilities/:id: the facility's details, its locations (add, edit, remove) and its services and prices. */
export function FacilityPage() {
  const t = useText('console-facilities');
  const id = Number(useParams().id);
  const facility = useFacility(id);

  return (
    <RecordPage
      back={{ to: FACILITIES_PATH, label: t('back') }}
      title={t('title')}
      record={facility}
      notFound={t('notFound')}
      loadFailed={t('detailLoadFailed')}
      maw={1040}
    >
      {(data) => <FacilityView facility={data} />}
    </RecordPage>
  );
}

type Dialog = { kind: 'edit' } | { kind: 'location'; location?: FacilityLocation } | { kind: 'remove'; location: FacilityLocation } | null;

function FacilityView({ facility }: { facility: FacilityDetail }) {
  const t = useText('console-facilities');
  const format = useFormat();
  const locale = useLocale();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  return (
    <>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {facility.name}
          </Title>
          <Text c="dimmed">{t('place', { city: facility.city, country: countryName(facility.country, locale) })}</Text>
        </Stack>
        <Button variant="light" leftSection={<IconPencil size={16} aria-hidden="true" />} onClick={() => setDialog({ kind: 'edit' })}>
          {t('edit')}
        </Button>
      </Group>

      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="sm">
          {t('details')}
        </Title>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2, md: 3 }} spacing="md" m={0}>
          <RecordField label={t('country')}>{countryName(facility.country, locale)}</RecordField>
          <RecordField label={t('city')}>{facility.city}</RecordField>
          <RecordField label={t('currency')}>{currencyLabel(facility.currency, locale)}</RecordField>
          <RecordField label={t('slug')} help={t('slugHelp')}>
            <Text span ff="monospace" dir="ltr">
              {facility.slug}
            </Text>
          </RecordField>
          <RecordField label={t('bookings')}>{format.number(facility.bookings_count)}</RecordField>
          <RecordField label={t('added')}>{format.date(facility.created_at)}</RecordField>
        </SimpleGrid>
      </Paper>

      <Paper withBorder radius="md" p="md">
        <Locations
          facility={facility}
          onAdd={() => setDialog({ kind: 'location' })}
          onEdit={(location) => setDialog({ kind: 'location', location })}
          onRemove={(location) => setDialog({ kind: 'remove', location })}
        />
      </Paper>

      <Paper withBorder radius="md" p="md">
        <Services services={facility.services} />
      </Paper>

      {dialog?.kind === 'edit' ? <FacilityFormDialog facility={facility} onClose={close} /> : null}
      {dialog?.kind === 'location' ? <LocationFormDialog facility={facility} location={dialog.location} onClose={close} /> : null}
      {dialog?.kind === 'remove' ? <RemoveLocationDialog facility={facility} location={dialog.location} onClose={close} /> : null}
    </>
  );
}

function Locations({
  facility,
  onAdd,
  onEdit,
  onRemove,
}: {
  facility: FacilityDetail;
  onAdd: () => void;
  onEdit: (location: FacilityLocation) => void;
  onRemove: (location: FacilityLocation) => void;
}) {
  const t = useText('console-facilities');
  const format = useFormat();
  const locale = useLocale();
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" id="facility-locations">
            {t('locations')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('locationsHelp')}
          </Text>
        </Stack>
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={onAdd}>
          {t('addLocation')}
        </Button>
      </Group>
      {facility.locations.length === 0 ? (
        <Text c="dimmed">{t('noLocations')}</Text>
      ) : (
        <TableScroller labelledBy="facility-locations" minWidth={720}>
          <Table aria-labelledby="facility-locations" striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('name')}</Table.Th>
                <Table.Th scope="col">{t('address')}</Table.Th>
                <Table.Th scope="col">{t('city')}</Table.Th>
                <Table.Th scope="col">{t('country')}</Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('bookings')}
                </Table.Th>
                <Table.Th scope="col">{t('actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {facility.locations.map((location) => (
                <Table.Tr key={location.id}>
                  <Table.Th scope="row" fw={500}>
                    {location.name}
                  </Table.Th>
                  <Table.Td>
                    {location.address ?? (
                      <Text span c="dimmed" size="sm">
                        {t('none')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{location.city}</Table.Td>
                  <Table.Td>{countryName(location.country, locale)}</Table.Td>
                  <Table.Td ta="end">{format.number(location.bookings_count)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        flex="none"
                        aria-label={t('editLocationNamed', { name: location.name })}
                        onClick={() => onEdit(location)}
                        leftSection={<IconPencil size={14} aria-hidden="true" />}
                      >
                        {t('edit')}
                      </Button>
                      {location.bookings_count === 0 ? (
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          flex="none"
                          color="red"
                          aria-label={t('removeLocationNamed', { name: location.name })}
                          onClick={() => onRemove(location)}
                          leftSection={<IconTrash size={14} aria-hidden="true" />}
                        >
                          {t('remove')}
                        </Button>
                      ) : (
                        <Text size="xs" c="dimmed" miw={160}>
                          {t('inUse', { count: location.bookings_count })}
                        </Text>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroller>
      )}
    </Stack>
  );
}

function RemoveLocationDialog({ facility, location, onClose }: { facility: FacilityDetail; location: FacilityLocation; onClose: () => void }) {
  const t = useText('console-facilities');
  const write = useFacilityWrite();
  return (
    <ConfirmActionDialog
      subject={location.id}
      title={t('removeTitle', { name: location.name })}
      detail={t('removeDetail', { facility: facility.name })}
      confirmLabel={t('remove')}
      confirmColor="red"
      cancelLabel={t('cancel')}
      closeLabel={t('close')}
      failedText={t('removeFailed')}
      pending={write.isPending}
      onConfirm={async () => {
        await write.mutateAsync({ kind: 'remove-location', id: facility.id, locationId: location.id });
        notifySuccess(t('locationRemoved'), location.name);
      }}
      onClose={onClose}
    />
  );
}

function Services({ services }: { services: FacilityService[] }) {
  const t = useText('console-facilities');
  const format = useFormat();
  return (
    <Stack gap="sm">
      <Stack gap={2}>
        <Title order={2} size="h4" id="facility-services">
          {t('services')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('servicesHelp')}
        </Text>
      </Stack>
      {services.length === 0 ? (
        <Text c="dimmed">{t('noServices')}</Text>
      ) : (
        <TableScroller labelledBy="facility-services" minWidth={560}>
          <Table aria-labelledby="facility-services" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('service')}</Table.Th>
                <Table.Th scope="col">{t('specialty')}</Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('price')}
                </Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('bookings')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {services.map((service) => (
                <Table.Tr key={service.id}>
                  <Table.Th scope="row" fw={500}>
                    {service.service}
                  </Table.Th>
                  <Table.Td>{service.specialty ?? t('none')}</Table.Td>
                  <Table.Td ta="end">{format.money(service.price, service.currency)}</Table.Td>
                  <Table.Td ta="end">{format.number(service.bookings_count)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroller>
      )}
    </Stack>
  );
}
