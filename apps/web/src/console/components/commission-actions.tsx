import { useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Group, Modal, Radio, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { CONSOLE_BOOKINGS_URL } from '@portal/contracts/console-bookings';
import {
  bookingCommissionSchema,
  consoleBookingCommissionUrl,
  consoleBookingRefundsUrl,
  consoleCommissionAdjustmentUrl,
  consoleCommissionLinesEndpoint,
  PARTNER_REASON_MAX,
  recordAdjustmentRequestSchema,
  recordAdjustmentResultSchema,
  recordBookingRefundRequestSchema,
} from '@portal/contracts/console-earnings';
import { minorDigits } from '@portal/contracts/money';
import { useFormat } from '../../i18n/format';
import { useLocale, useText } from '../../i18n/i18n';
import { localizeValidationMessage } from '../../i18n/validation-messages';
import { http } from '../../lib/http';
import { notifySuccess } from '../../lib/notify';
import { errorsFromIssues, fieldErrorsOf, submitErrorMessage } from '../../lib/use-zod-form';
import './commission-actions-messages';

/**
 * The finance operator's two money actions on a booking's commission (issue 31, docs/earnings.md "Refunds and
 * adjustments"), each a dialog that says what it does and asks the reason the partner reads: "Record a refund" (full,
 * or part of the treatment) and "Adjust commission" (a signed amount). Used by the commission ledger and by the
 * booking's page; the contracts' schemas check first, then the server's 422 shows under its field, a 409 in the alert.
 */

/** The requests' fields, as the contracts and the server's 422 name them. */
const FIELDS = { scope: 'scope', amount: 'amount', reason: 'reason' } as const;

/** Every view of a booking's money: the ledger's lines, the booking's commission panel, the booking itself. */
function useInvalidateMoney() {
  const queryClient = useQueryClient();
  return (bookingId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [consoleCommissionLinesEndpoint.url] }),
      queryClient.invalidateQueries({ queryKey: [consoleBookingCommissionUrl(bookingId)] }),
      queryClient.invalidateQueries({ queryKey: [CONSOLE_BOOKINGS_URL] }),
    ]);
}

/** GET /api/console/earnings/bookings/:id: the booking's amount, refunds and lines. */
export function useBookingCommission(bookingId: number, enabled = true) {
  return useQuery({
    queryKey: [consoleBookingCommissionUrl(bookingId)] as const,
    queryFn: ({ signal }) => http.get(consoleBookingCommissionUrl(bookingId), { schema: bookingCommissionSchema, signal }),
    enabled,
  });
}

interface MoneyDialogProps {
  title: string;
  closeLabel: string;
  cancelLabel: string;
  confirmLabel: string;
  confirmColor: 'red' | 'teal';
  formError: string | null;
  pending: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** The frame both dialogs share: a form with its alert, its fields, Cancel and the confirming button. */
function MoneyDialog(props: MoneyDialogProps) {
  return (
    <Modal opened onClose={props.onClose} title={props.title} closeButtonProps={{ 'aria-label': props.closeLabel }} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          props.onSubmit();
        }}
        noValidate
        aria-busy={props.pending}
      >
        <Stack gap="md">
          {props.formError ? (
            <Alert color="red" variant="light" role="alert">
              {props.formError}
            </Alert>
          ) : null}
          {props.children}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={props.onClose} disabled={props.pending}>
              {props.cancelLabel}
            </Button>
            <Button type="submit" color={props.confirmColor} loading={props.pending}>
              {props.confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The form state both dialogs keep: values, field errors (localised), the alert. */
function useMoneyForm<Values extends Record<string, string>>(initial: Values) {
  const locale = useLocale();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  return {
    values,
    set: (field: keyof Values, value: string) => {
      setValues((current) => ({ ...current, [field]: value }));
      setErrors((current) => ({ ...current, [field as string]: '' }));
    },
    error: (field: keyof Values) => (errors[field as string] ? localizeValidationMessage(errors[field as string]!, locale) : undefined),
    formError,
    /** Checks with `schema`, sends with `send`; answers whether it was sent. */
    async submit<Parsed>(schema: { safeParse: (value: unknown) => { success: true; data: Parsed } | { success: false; error: { issues: Parameters<typeof errorsFromIssues>[0] } } }, input: unknown, send: (parsed: Parsed) => Promise<void>, failed: string) {
      setFormError(null);
      const parsed = schema.safeParse(input);
      if (!parsed.success) {
        setErrors(errorsFromIssues(parsed.error.issues));
        return false;
      }
      try {
        await send(parsed.data);
        return true;
      } catch (error) {
        const fields = fieldErrorsOf(error);
        if (fields && Object.keys(fields).some((field) => field in values)) setErrors(fields);
        else setFormError(submitErrorMessage(error, failed));
        return false;
      }
    },
  };
}

/**
 * "Record a refund" on a booking: full (what is left of its amount) or part of it, with the reason. Reads what was
 * refunded before, so the operator sees what is left.
 */
export function RecordRefundDialog({ bookingId, reference, agent, onClose }: { bookingId: number; reference: string; agent: string; onClose: () => void }) {
  const t = useText('console-commission-actions');
  const format = useFormat();
  const money = useBookingCommission(bookingId);
  const invalidate = useInvalidateMoney();
  const form = useMoneyForm<{ scope: string; amount: string; reason: string }>({ scope: 'full', amount: '', reason: '' });
  const refund = useMutation({
    mutationFn: (body: unknown) => http.post(consoleBookingRefundsUrl(bookingId), body, { schema: bookingCommissionSchema }),
    onSettled: () => invalidate(bookingId),
  });
  const data = money.data;
  // An amount its currency cannot hold has no "left": the server refuses the refund (422) until it is corrected.
  const left = data && data.amount_minor !== null ? format.moneyMinor(data.amount_minor - data.refunded_minor, data.currency) : '';

  return (
    <MoneyDialog
      title={t('refund.title', { reference })}
      closeLabel={t('refund.close')}
      cancelLabel={t('refund.cancel')}
      confirmLabel={t('refund.confirm')}
      confirmColor="red"
      formError={form.formError ?? (money.isError ? t('refund.loadFailed') : null)}
      pending={refund.isPending}
      onClose={onClose}
      onSubmit={() => {
        const body = { scope: form.values.scope, amount: form.values.scope === 'partial' ? form.values.amount.trim() || null : null, reason: form.values.reason };
        void form
          .submit(
            recordBookingRefundRequestSchema,
            body,
            async (parsed) => {
              const answer = await refund.mutateAsync(parsed);
              const last = answer.refunds.at(-1);
              notifySuccess(
                answer.status === 'refunded' ? t('refund.fullDone', { reference }) : t('refund.partialDone', { reference, amount: format.moneyMinor(last?.amount_minor ?? 0, answer.currency) }),
                agent,
              );
            },
            t('refund.failed'),
          )
          .then((sent) => {
            if (sent) onClose();
          });
      }}
    >
      <Text size="sm">
        {!data
          ? t('refund.loading')
          : data.amount_minor === null
            ? t('refund.amountNotInCurrency', { currency: data.currency })
            : t('refund.detail', { amount: format.moneyMinor(data.amount_minor, data.currency), refunded: format.moneyMinor(data.refunded_minor, data.currency), agent })}
      </Text>
      <Radio.Group label={t('refund.scope')} value={form.values.scope} onChange={(value) => form.set('scope', value)} error={form.error(FIELDS.scope)}>
        <Stack gap="xs" mt="xs">
          <Radio value="full" label={t('refund.full', { left })} />
          <Radio value="partial" label={t('refund.partial')} />
        </Stack>
      </Radio.Group>
      {form.values.scope === 'partial' ? (
        <TextInput
          label={t('refund.amount', { currency: data?.currency ?? '' })}
          description={t('refund.amountHelp', { left, digits: data ? minorDigits(data.currency) : 2 })}
          value={form.values.amount}
          onChange={(event) => form.set('amount', event.currentTarget.value)}
          inputMode="decimal"
          dir="ltr"
          required
          error={form.error(FIELDS.amount)}
          errorProps={{ role: 'alert' }}
        />
      ) : null}
      <Textarea
        label={t('refund.reason')}
        description={t('refund.reasonHelp')}
        required
        rows={3}
        maxLength={PARTNER_REASON_MAX}
        value={form.values.reason}
        onChange={(event) => form.set('reason', event.currentTarget.value)}
        error={form.error(FIELDS.reason)}
        errorProps={{ role: 'alert' }}
      />
    </MoneyDialog>
  );
}

/** "Adjust commission" on a line: a signed amount in its currency, with the reason. */
export function AdjustCommissionDialog({ line, agent, onClose }: { line: { id: number; booking_id: number; booking_reference: string; currency: string }; agent: string; onClose: () => void }) {
  const t = useText('console-commission-actions');
  const format = useFormat();
  const invalidate = useInvalidateMoney();
  const form = useMoneyForm({ amount: '', reason: '' });
  const adjust = useMutation({
    mutationFn: (body: unknown) => http.post(consoleCommissionAdjustmentUrl(line.id), body, { schema: recordAdjustmentResultSchema }),
    onSettled: () => invalidate(line.booking_id),
  });
  const reference = line.booking_reference;

  return (
    <MoneyDialog
      title={t('adjust.title', { reference })}
      closeLabel={t('adjust.close')}
      cancelLabel={t('adjust.cancel')}
      confirmLabel={t('adjust.confirm')}
      confirmColor="teal"
      formError={form.formError}
      pending={adjust.isPending}
      onClose={onClose}
      onSubmit={() => {
        void form
          .submit(
            recordAdjustmentRequestSchema,
            form.values,
            async (parsed) => {
              const answer = await adjust.mutateAsync(parsed);
              notifySuccess(t('adjust.done', { reference, amount: format.moneyMinor(answer.adjustment.amount_minor, answer.adjustment.currency) }), agent);
            },
            t('adjust.failed'),
          )
          .then((sent) => {
            if (sent) onClose();
          });
      }}
    >
      <Text size="sm">{t('adjust.detail', { agent })}</Text>
      <TextInput
        label={t('adjust.amount', { currency: line.currency })}
        description={t('adjust.amountHelp', { digits: minorDigits(line.currency) })}
        value={form.values.amount}
        onChange={(event) => form.set('amount', event.currentTarget.value)}
        inputMode="decimal"
        dir="ltr"
        required
        data-autofocus
        error={form.error(FIELDS.amount)}
        errorProps={{ role: 'alert' }}
      />
      <Textarea
        label={t('adjust.reason')}
        description={t('adjust.reasonHelp')}
        required
        rows={3}
        maxLength={PARTNER_REASON_MAX}
        value={form.values.reason}
        onChange={(event) => form.set('reason', event.currentTarget.value)}
        error={form.error(FIELDS.reason)}
        errorProps={{ role: 'alert' }}
      />
    </MoneyDialog>
  );
}

/** Whether a line can be adjusted: a commission or an adjustment, not reversed, not clawed back. */
export function adjustable(line: { kind: string; status: string; clawed_back_by: number | null }): boolean {
  return line.kind !== 'clawback' && line.status !== 'reversed' && line.clawed_back_by === null;
}
