import type { BookingPage, BookingRow, FacilityOption } from '@portal/contracts/bookings';
import { paginated } from '../../../test/fixtures';

/** Test helpers only. */

let sequence = 0;

export const FACILITIES: FacilityOption[] = [
  { id: 12, name: 'City Clinic' },
  { id: 15, name: 'Harbour Hospital' },
  { id: 21, name: 'Mount Elizabeth' },
];

export function makeBooking(overrides: Partial<BookingRow> = {}): BookingRow {
  sequence += 1;
  return {
    id: sequence,
    ticket_id: String(100_000 + sequence),
    date_time: '2024-03-05T10:30:00.000Z',
    status: 'confirmed',
    invoice_status: 'unpaid',
    amount: '120.00',
    currency: 'USD',
    created_at: '2024-03-01T09:00:00.000Z',
    booking_patient_detail: { name: `Patient ${sequence}` },
    provider: { id: 12, name: 'City Clinic' },
    ticket: { assignee: { first_name: 'Grace', last_name: 'Hopper' } },
    medical_service_provider_service_detail: { medical_service_provider_service: { name: 'MRI scan' } },
    specialty: { name: 'Radiology' },
    ...overrides,
  };
}

export function bookingPage(rows: BookingRow[], options: { total?: number; current?: number; perPage?: number } = {}): BookingPage {
  return paginated(rows, options);
}
