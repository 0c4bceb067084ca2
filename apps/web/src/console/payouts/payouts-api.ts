import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CONSOLE_PAYOUT_BATCHES_URL,
  CONSOLE_PAYOUT_THRESHOLDS_URL,
  consolePayoutBatchApproveUrl,
  consolePayoutBatchWithdrawUrl,
  consolePayoutThresholdUrl,
  payoutApprovalThresholdsSchema,
  payoutBatchProposalSchema,
  payoutBatchProposalsSchema,
  payoutBatchResultSchema,
  type PayoutBatchRequest,
  CONSOLE_PAYOUT_RUN_URL,
  CONSOLE_PAYOUT_SCHEDULES_URL,
  consolePayoutActionUrl,
  consolePayoutDetailSchema,
  consolePayoutScheduleUrl,
  consolePayoutsEndpoint,
  consolePayoutUrl,
  payoutActionResultSchema,
  payoutRunResultSchema,
  payoutBankFileUrl,
  payoutSchedulesSchema,
  type PayoutBankFileQuery,
  type PayoutScheduleRequest,
} from '@portal/contracts/console-earnings';
import { downloadFile } from '../../lib/download';
import { http, sessionFetch } from '../../lib/http';

const PAYOUTS_URL = consolePayoutsEndpoint.url;

/** Every currency's schedule, what is approved and waiting in it, and its next run. */
export function usePayoutSchedules() {
  return useQuery({ queryKey: [CONSOLE_PAYOUT_SCHEDULES_URL], queryFn: ({ signal }) => http.get(CONSOLE_PAYOUT_SCHEDULES_URL, { schema: payoutSchedulesSchema, signal }) });
}

/**
 * A payout and its lines. Its key starts with the list's URL, so whatever reloads the list (an action, a run)
 * reloads an open payout too.
 */
export function usePayoutDetail(id: number) {
  return useQuery({ queryKey: [PAYOUTS_URL, 'detail', id], queryFn: ({ signal }) => http.get(consolePayoutUrl(id), { schema: consolePayoutDetailSchema, signal }) });
}

/** Reads again what a payout's change touches: the list, an open payout, and the schedules' waiting amounts. */
function useReloadPayouts() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: [PAYOUTS_URL] }), queryClient.invalidateQueries({ queryKey: [CONSOLE_PAYOUT_SCHEDULES_URL] })]);
}

/** A currency's minimum and day; the answer is every schedule, put in place of the list read before. */
export function usePayoutScheduleWrite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ currency, body }: { currency: string; body: PayoutScheduleRequest }) => http.put(consolePayoutScheduleUrl(currency), body, { schema: payoutSchedulesSchema }),
    onSuccess: (schedules) => queryClient.setQueryData([CONSOLE_PAYOUT_SCHEDULES_URL], schedules),
  });
}

/** Today's run, in every currency, now; the payouts and the schedules are read again after. */
export function usePayoutRun() {
  const reload = useReloadPayouts();
  return useMutation({
    mutationFn: () => http.post(CONSOLE_PAYOUT_RUN_URL, undefined, { schema: payoutRunResultSchema }),
    onSuccess: () => reload(),
  });
}

export type PayoutStep = { action: 'sent'; id: number } | { action: 'paid'; id: number; bank_reference?: string | undefined } | { action: 'failed'; id: number; reason: string };

/** A step of a payout (sent, paid, failed); the payouts are read again after, and after a refusal (409) too. */
export function usePayoutStep() {
  const reload = useReloadPayouts();
  return useMutation({
    mutationFn: (step: PayoutStep) => {
      const url = consolePayoutActionUrl(step.id, step.action);
      if (step.action === 'sent') return http.post(url, undefined, { schema: payoutActionResultSchema });
      if (step.action === 'paid') return http.post(url, step.bank_reference ? { bank_reference: step.bank_reference } : {}, { schema: payoutActionResultSchema });
      return http.post(url, { reason: step.reason }, { schema: payoutActionResultSchema });
    },
    onSettled: () => reload(),
  });
}

/** A batch's bank file (CSV, or SEPA XML for euros): the server audits each download, since it holds full accounts. */
export function downloadBankFile(query: PayoutBankFileQuery) {
  return downloadFile(payoutBankFileUrl(query), { fetcher: sessionFetch, fallbackFilename: `payouts-${query.scheduled_on}-${query.currency}.${query.format === 'csv' ? 'csv' : 'xml'}` });
}

/** Four eyes: the batch proposals (open ones first) and the thresholds above which a batch needs two operators. */
export function usePayoutBatchProposals() {
  return useQuery({ queryKey: [CONSOLE_PAYOUT_BATCHES_URL], queryFn: ({ signal }) => http.get(CONSOLE_PAYOUT_BATCHES_URL, { schema: payoutBatchProposalsSchema, signal }) });
}

export function usePayoutThresholds() {
  return useQuery({ queryKey: [CONSOLE_PAYOUT_THRESHOLDS_URL], queryFn: ({ signal }) => http.get(CONSOLE_PAYOUT_THRESHOLDS_URL, { schema: payoutApprovalThresholdsSchema, signal }) });
}

/** Sends a batch (at once within its threshold, else proposed); the payouts and the proposals are read again after. */
export function useSendPayoutBatch() {
  const reload = useReloadPayouts();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (batch: PayoutBatchRequest) => http.post(CONSOLE_PAYOUT_BATCHES_URL, batch, { schema: payoutBatchResultSchema }),
    onSettled: () => Promise.all([reload(), queryClient.invalidateQueries({ queryKey: [CONSOLE_PAYOUT_BATCHES_URL] })]),
  });
}

/** A second operator approves a proposed batch: its payouts are sent. */
export function useApprovePayoutBatch() {
  const reload = useReloadPayouts();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.post(consolePayoutBatchApproveUrl(id), undefined, { schema: payoutBatchProposalSchema }),
    onSettled: () => Promise.all([reload(), queryClient.invalidateQueries({ queryKey: [CONSOLE_PAYOUT_BATCHES_URL] })]),
  });
}

/** Withdraws a proposed batch (its proposer, or an operator who will not approve it): its payouts stay drafts. */
export function useWithdrawPayoutBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.post(consolePayoutBatchWithdrawUrl(id), undefined, { schema: payoutBatchProposalSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [CONSOLE_PAYOUT_BATCHES_URL] }),
  });
}

/** Sets a currency's four-eyes threshold (a decimal in the currency); the answer, every threshold, replaces the list. */
export function useSetPayoutThreshold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ currency, threshold }: { currency: string; threshold: string }) => http.put(consolePayoutThresholdUrl(currency), { threshold }, { schema: payoutApprovalThresholdsSchema }),
    onSuccess: (thresholds) => queryClient.setQueryData([CONSOLE_PAYOUT_THRESHOLDS_URL], thresholds),
  });
}

/** Removes a currency's threshold: its batches then need one operator. */
export function useRemovePayoutThreshold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (currency: string) => http.delete(consolePayoutThresholdUrl(currency), { schema: payoutApprovalThresholdsSchema }),
    onSuccess: (thresholds) => queryClient.setQueryData([CONSOLE_PAYOUT_THRESHOLDS_URL], thresholds),
  });
}
