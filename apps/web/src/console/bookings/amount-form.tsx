import { useEffect, useState } from 'react';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { amountInCurrencySchema, type ConsoleBookingDetail } from '@portal/contracts/console-bookings';
import { useLocale, useText } from '../../i18n/i18n';
import { localizeValidationMessage } from '../../i18n/validation-messages';
import { fieldErrorsOf, submitErrorMessage } from '../../lib/use-zod-form';
import { notifySuccess } from '../../lib/notify';
import { useBookingWrite } from './bookings-api';

const FIELDS = { amount: 'amount', currency: 'currency', reason: 'reason' } as const;

/**
 * The booking's amount and currency (bookings.finance), typed as text and sent as a numeric string: never a float.
 * Saving names the amount it replaces, so a change someone made meanwhile is a 409 shown here, not overwritten.
 */
export function AmountForm({ booking }: { booking: ConsoleBookingDetail }) {
  const t = useText('console-bookings');
  const locale = useLocale();
  const write = useBookingWrite(booking.id);
  const [amount, setAmount] = useState(booking.amount);
  const [currency, setCurrency] = useState(booking.currency);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  // The saved values once they change (after a save, or someone else's).
  useEffect(() => {
    setAmount(booking.amount);
    setCurrency(booking.currency);
  }, [booking.amount, booking.currency]);

  const submit = async () => {
    setFormError(null);
    // The amount in its currency's decimals: half a yen or a fourth decimal of a dinar is refused here as on the server.
    const parsed = amountInCurrencySchema.safeParse({ amount, currency });
    const found: Record<string, string> = {};
    for (const issue of parsed.error?.issues ?? []) found[String(issue.path[0])] ??= issue.message;
    setErrors(found);
    if (!parsed.success) return;
    try {
      await write.mutateAsync({ kind: 'amount', amount: parsed.data.amount, currency: parsed.data.currency, expected: booking.amount, reason: reason.trim() || undefined });
      setReason('');
      notifySuccess(t('amountSaved'), `${parsed.data.currency} ${parsed.data.amount}`);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) setErrors(fields);
      else setFormError(submitErrorMessage(error, t('changeFailed')));
    }
  };

  const shown = (field: string) => (errors[field] ? localizeValidationMessage(errors[field], locale) : undefined);
  // A completed treatment's amount changes its commission: the reason is the partner's (issue 31).
  const completed = booking.status === 'completed';
  const unchanged = amount.trim() === booking.amount && currency.trim().toUpperCase() === booking.currency;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
      aria-busy={write.isPending}
    >
      <Stack gap="sm">
        {formError ? (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        ) : null}
        <Group gap="sm" align="flex-start" wrap="wrap">
          <TextInput
            label={t('amount')}
            value={amount}
            onChange={(event) => setAmount(event.currentTarget.value)}
            inputMode="decimal"
            dir="ltr"
            error={shown(FIELDS.amount)}
            errorProps={{ role: 'alert' }}
            w={{ base: '100%', xs: 180 }}
          />
          <TextInput
            label={t('currency')}
            value={currency}
            onChange={(event) => setCurrency(event.currentTarget.value.toUpperCase())}
            maxLength={3}
            dir="ltr"
            error={shown(FIELDS.currency)}
            errorProps={{ role: 'alert' }}
            w={{ base: '100%', xs: 100 }}
          />
        </Group>
        <TextInput
          label={completed ? t('amountReasonCompleted') : t('amountReason')}
          description={completed ? t('amountReasonCompletedHelp') : undefined}
          required={completed}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          maxLength={1000}
          error={shown(FIELDS.reason)}
          errorProps={{ role: 'alert' }}
        />
        <Button type="submit" variant="default" w="fit-content" loading={write.isPending} disabled={unchanged}>
          {t('saveAmount')}
        </Button>
      </Stack>
    </form>
  );
}
