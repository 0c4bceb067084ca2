import { useMemo, useState } from 'react';
import { Alert, Button, Group, Paper, SegmentedControl, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { FINANCE_REPORT_KINDS, requestFinanceReportSchema, type FinanceReportKind } from '@portal/contracts/finance-reports';
import { LoadingPlaceholder } from '../../../components/loading-placeholder/loading-placeholder';
import { LoadFailedAlert } from '../../../components/query-view/query-view';
import { useText } from '../../../i18n/i18n';
import { notifySuccess } from '../../../lib/notify';
import { fieldErrorsOf, submitErrorMessage, useZodForm } from '../../../lib/use-zod-form';
import { useFinanceReportOptions, useRequestFinanceReport } from '../api/finance-reports-api';
import { askablePeriods, usePeriodText } from './report-text';

const HEADING_ID = 'finance-reports-new';
const KIND_LABEL_ID = 'finance-reports-new-kind';

/** The "New report" card: its choices load first (the agent's currencies and first month), then the form. */
export function NewReportSection() {
  const t = useText('finance-reports');
  const options = useFinanceReportOptions();

  return (
    <Paper component="section" aria-labelledby={HEADING_ID} withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={HEADING_ID}>
          {t('form.title')}
        </Title>
        {options.isPending ? (
          <LoadingPlaceholder label={t('form.loading')}><Skeleton h={120} /></LoadingPlaceholder>
        ) : options.isError ? (
          <LoadFailedAlert title={t('form.loadFailed')} retryLabel={t('form.tryAgain')} onRetry={() => void options.refetch()} retrying={options.isFetching} />
        ) : options.data.currencies.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('form.noCurrency')}
          </Text>
        ) : (
          <NewReportForm currencies={options.data.currencies} firstMonth={options.data.first_month} />
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Kind, period and currency, checked by the contract's schema and then by the server (whose 422 goes under its
 * field: a period with nothing to report, one not ended yet). The month picker and the years offer only periods that
 * have ended, from the first month with activity on; the choices start at the latest of them, in the first currency.
 */
function NewReportForm({ currencies, firstMonth }: { currencies: string[]; firstMonth: string | null }) {
  const t = useText('finance-reports');
  const periodText = usePeriodText();
  const periods = useMemo(() => askablePeriods(firstMonth), [firstMonth]);
  const request = useRequestFinanceReport();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm({
    initialValues: { kind: 'monthly' as FinanceReportKind, period: periods.noMonth ? '' : periods.lastMonth, currency: currencies[0] ?? '' },
    schema: requestFinanceReportSchema,
  });
  // The period of the other kind, kept while this one is shown: switching back finds it as it was left.
  const [otherPeriod, setOtherPeriod] = useState(periods.years[0] ?? '');
  const { kind, period } = form.values;

  const switchKind = (next: FinanceReportKind) => {
    if (next === kind) return;
    form.setFieldValue('kind', next);
    form.setFieldValue('period', otherPeriod);
    setOtherPeriod(period);
  };

  const submit = form.onSubmit(async (data) => {
    setFailure(null);
    try {
      await request.mutateAsync(data);
      notifySuccess(t('queued.title'), t('queued.message'));
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) form.setErrors(fields);
      // A refusal of no field shown here (the kind, or none at all) is said above the button.
      if (!fields || !('period' in fields || 'currency' in fields)) setFailure(fields ? Object.values(fields)[0]! : submitErrorMessage(error, t('form.failed')));
    }
  });

  const nothingToAsk = kind === 'monthly' ? periods.noMonth : periods.years.length === 0;

  return (
    <form onSubmit={submit} noValidate ref={form.formRef} aria-busy={request.isPending}>
      <Stack gap="sm">
        <Stack gap={4} align="flex-start">
          <Text component="div" size="sm" fw={500} id={KIND_LABEL_ID}>
            {t('form.kind')}
          </Text>
          <SegmentedControl
            aria-labelledby={KIND_LABEL_ID}
            value={kind}
            onChange={(value) => switchKind(value as FinanceReportKind)}
            data={FINANCE_REPORT_KINDS.map((value) => ({ value, label: t(`kind.${value}`) }))}
          />
        </Stack>
        <Group align="flex-start" gap="sm" wrap="wrap">
          {nothingToAsk ? (
            <Text size="sm" c="dimmed" maw={360}>
              {kind === 'monthly' ? t('form.noMonth') : t('form.noYear')}
            </Text>
          ) : kind === 'monthly' ? (
            <MonthPickerInput
              label={t('form.month')}
              name="period"
              value={period ? `${period}-01` : null}
              onChange={(value) => form.setFieldValue('period', value ? value.slice(0, 7) : '')}
              minDate={periods.firstMonth ? `${periods.firstMonth}-01` : undefined}
              maxDate={`${periods.lastMonth}-01`}
              error={form.errorText('period')}
              errorProps={{ role: 'alert' }}
              w={{ base: '100%', xs: 220 }}
            />
          ) : (
            <Select
              label={t('form.year')}
              name="period"
              placeholder={t('form.chooseYear')}
              data={periods.years.map((year) => ({ value: year, label: periodText(year) }))}
              value={period || null}
              onChange={(value) => form.setFieldValue('period', value ?? '')}
              allowDeselect={false}
              error={form.errorText('period')}
              errorProps={{ role: 'alert' }}
              w={{ base: '100%', xs: 160 }}
            />
          )}
          <Select
            label={t('form.currency')}
            name="currency"
            data={currencies}
            value={form.values.currency || null}
            onChange={(value) => form.setFieldValue('currency', value ?? '')}
            allowDeselect={false}
            error={form.errorText('currency')}
            errorProps={{ role: 'alert' }}
            w={{ base: '100%', xs: 140 }}
          />
        </Group>
        {failure ? (
          <Alert color="red" variant="light" role="alert" title={t('form.failed')}>
            {failure}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={request.isPending} disabled={nothingToAsk}>
            {t('form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
