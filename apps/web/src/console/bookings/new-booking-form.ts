import { useState } from 'react';
import { useNavigate } from 'react-router';
import { createConsoleBookingRequestSchema, type CreateConsoleBookingRequest } from '@portal/contracts/console-bookings';
import { formatBookingId } from '@portal/contracts/formatters';
import { useLocale, useText } from '../../i18n/i18n';
import { localizeValidationMessage } from '../../i18n/validation-messages';
import { notifySuccess } from '../../lib/notify';
import { fieldErrorsOf, submitErrorMessage } from '../../lib/use-zod-form';
import { useCreateBooking } from './bookings-api';
import { bookingPath } from './bookings-paths';

export interface NewBookingValues {
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

const EMPTY: NewBookingValues = {
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

/** The request's field each input reports for: the key its 422s (and the contract's issues) name it by. */
const REQUEST_FIELD: Record<keyof NewBookingValues, string> = {
  agentId: 'referral_agent_id',
  patientKind: 'client_id',
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

export const FORM_ID = 'new-booking';

const idOf = (value: string | null) => (value ? Number(value) : null);
const blank = (value: string) => (value.trim() === '' ? null : value.trim());

/** The local date and time as an instant (ISO 8601), or '' when either is missing or not a date. */
function instantOf(date: string, time: string): string {
  if (!date || !time) return '';
  const local = new Date(`${date}T${time}`);
  return Number.isNaN(local.getTime()) ? '' : local.toISOString();
}

/** The request the form's values make; the amount and currency only from an operator who may price. */
function requestOf(values: NewBookingValues, mayPrice: boolean): CreateConsoleBookingRequest {
  const priced = mayPrice && blank(values.amount) !== null;
  return {
    referral_agent_id: idOf(values.agentId) as number,
    client_id: values.patientKind === 'existing' ? idOf(values.clientId) : null,
    new_patient:
      values.patientKind === 'new' ? { name: values.patientName, email: blank(values.patientEmail), phone: blank(values.patientPhone) } : null,
    referred_by_user_id: idOf(values.partnerId),
    facility_id: idOf(values.facilityId) as number,
    facility_location_id: idOf(values.locationId),
    service_id: idOf(values.serviceId) as number,
    date_time: instantOf(values.date, values.time),
    amount: priced ? values.amount : null,
    currency: priced ? values.currency : null,
    ticket_id: blank(values.ticket),
    assignee_id: idOf(values.assigneeId),
  };
}

function focusFirstInvalid(): void {
  // After React has shown the errors.
  requestAnimationFrame(() => document.querySelector<HTMLElement>(`#${FORM_ID} [aria-invalid="true"]`)?.focus());
}

/**
 * The new booking form's state: its values, the errors by request field (the contract's, checked before sending,
 * then the server's 422), and the submit that creates the booking and opens it. Changing an input clears its error.
 */
export function useNewBookingForm(mayPrice: boolean) {
  const t = useText('console-bookings');
  const locale = useLocale();
  const navigate = useNavigate();
  const create = useCreateBooking();
  const [values, setValues] = useState<NewBookingValues>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  /** Sets `field` (and what depends on it, `also`), and clears the error of its request field. */
  const set = <Key extends keyof NewBookingValues>(field: Key, value: NewBookingValues[Key], also: Partial<NewBookingValues> = {}) => {
    setValues((current) => ({ ...current, [field]: value, ...also }));
    setErrors((current) => {
      const next = { ...current };
      delete next[REQUEST_FIELD[field]];
      return next;
    });
  };

  /** The error to show under an input, in the reader's language. */
  const errorText = (field: keyof NewBookingValues): string | undefined => {
    const message = errors[REQUEST_FIELD[field]];
    return message ? localizeValidationMessage(message, locale) : undefined;
  };

  const submit = async () => {
    setFormError(null);
    const body = requestOf(values, mayPrice);
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

  return { values, set, errorText, formError, submit, submitting: create.isPending };
}

export type NewBookingForm = ReturnType<typeof useNewBookingForm>;
