/** GET /api/console/bookings/:id, the forms' choices, and the booking's writes; each write refreshes the booking and the list. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingStatus, InvoiceStatus } from '@portal/contracts/bookings';
import {
  agentClientsSchema,
  consoleBookingDetailSchema,
  consoleBookingOptionsSchema,
  CONSOLE_BOOKINGS_URL,
  type ConsoleBookingDetail,
  type CreateConsoleBookingRequest,
} from '@portal/contracts/console-bookings';
import { consoleBookingCommissionUrl } from '@portal/contracts/console-earnings';
import { http } from '../../lib/http';

const URL = CONSOLE_BOOKINGS_URL;

export function bookingQuery(id: number) {
  return queryOptions({
    queryKey: [URL, 'detail', id] as const,
    queryFn: ({ signal }) => http.get(`${URL}/${id}`, { schema: consoleBookingDetailSchema, signal }),
  });
}

export function useBooking(id: number) {
  return useQuery(bookingQuery(id));
}

/** Agents, facilities (locations, priced services) and staff: changes rarely, read once a minute at most. */
export function useBookingOptions() {
  return useQuery({
    queryKey: [URL, 'options'] as const,
    queryFn: ({ signal }) => http.get(`${URL}/options`, { schema: consoleBookingOptionsSchema, signal }),
    staleTime: 60_000,
  });
}

export function useAgentClients(agentId: number | null, search: string) {
  return useQuery({
    queryKey: [URL, 'agent-clients', agentId, search] as const,
    queryFn: ({ signal }) => http.get(`${URL}/agents/${agentId}/clients`, { schema: agentClientsSchema, signal, query: search ? { search } : {} }),
    enabled: agentId !== null,
    placeholderData: (previous) => previous,
  });
}

export type BookingWrite =
  | { kind: 'status'; status: BookingStatus; expected: BookingStatus; reason?: string | undefined }
  | { kind: 'invoice'; status: InvoiceStatus; expected: InvoiceStatus }
  | { kind: 'amount'; amount: string; currency: string; expected: string; reason?: string | undefined }
  | { kind: 'assignee'; assigneeId: number | null };

/** Sends one write of booking `id`; answers the booking as it is afterwards. */
export function sendBookingWrite(id: number, write: BookingWrite): Promise<ConsoleBookingDetail> {
  const schema = consoleBookingDetailSchema;
  switch (write.kind) {
    case 'status':
      return http.post(`${URL}/${id}/status`, { status: write.status, expected_status: write.expected, reason: write.reason ?? null }, { schema });
    case 'invoice':
      return http.post(`${URL}/${id}/invoice-status`, { invoice_status: write.status, expected_invoice_status: write.expected }, { schema });
    case 'amount':
      return http.post(`${URL}/${id}/amount`, { amount: write.amount, currency: write.currency, expected_amount: write.expected, reason: write.reason ?? null }, { schema });
    case 'assignee':
      return http.post(`${URL}/${id}/assignee`, { assignee_id: write.assigneeId }, { schema });
  }
}

export function useBookingWrite(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (write: BookingWrite) => sendBookingWrite(id, write),
    onSuccess: (booking) => queryClient.setQueryData(bookingQuery(id).queryKey, booking),
    // A 409 means the booking changed meanwhile: reload it either way, and every page of the list; and its money as
    // the ledger sees it (a completed booking's amount writes an adjustment, issue 31).
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: [URL] }), queryClient.invalidateQueries({ queryKey: [consoleBookingCommissionUrl(id)] })]),
  });
}

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateConsoleBookingRequest) => http.post(URL, body, { schema: consoleBookingDetailSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [URL] }),
  });
}
