import { Link } from 'react-router';
import { Alert, Button, Group, Loader, Stack } from '@mantine/core';
import { operatorCan } from '@portal/contracts/operator-permissions';
import { PageHeader } from '../../components/page-header/page-header';
import { useText } from '../../i18n/i18n';
import { errorMessage } from '../../lib/http';
import { useOperator } from '../session/require-operator';
import { useBookingOptions } from './bookings-api';
import { BOOKINGS_PATH } from './bookings-paths';
import { FORM_ID, useNewBookingForm } from './new-booking-form';
import { AppointmentSection, PatientSection, PriceAndHandlingSection } from './new-booking-sections';

/**
 * /console/bookings/new (bookings.manage): agent → patient (one of the agent's, or a new one) → facility, location and
 * service → date and time; the amount is the service's price (finance may set another). Created pending; the
 * agent's partners are told at once. The form's state is new-booking-form.ts; its three parts new-booking-sections.tsx.
 */
export function NewBookingPage() {
  const t = useText('console-bookings');
  const mayPrice = operatorCan(useOperator().role, 'bookings.finance');
  const options = useBookingOptions();
  const form = useNewBookingForm(mayPrice);

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
  const facility = facilities.find((row) => String(row.id) === form.values.facilityId);
  const service = facility?.services.find((row) => String(row.id) === form.values.serviceId);

  return (
    <Stack gap="lg" maw={880}>
      <PageHeader back={{ to: BOOKINGS_PATH, label: t('back') }} title={t('createTitle')} description={t('createDescription')} />
      <form
        id={FORM_ID}
        onSubmit={(event) => {
          event.preventDefault();
          void form.submit();
        }}
        noValidate
        aria-busy={form.submitting}
      >
        <Stack gap="lg">
          {form.formError ? (
            <Alert color="red" variant="light" role="alert">
              {form.formError}
            </Alert>
          ) : null}
          <PatientSection form={form} agents={agents} />
          <AppointmentSection form={form} facilities={facilities} facility={facility} />
          <PriceAndHandlingSection form={form} mayPrice={mayPrice} service={service} staff={staff} />
          <Group justify="flex-end" gap="sm">
            <Button component={Link} to={BOOKINGS_PATH} variant="default">
              {t('cancel')}
            </Button>
            <Button type="submit" loading={form.submitting}>
              {t('create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
