import { useMemo, useState } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { PayoutApprovalThreshold } from '@portal/contracts/console-earnings';
import { operatorCan } from '@portal/contracts/operator-permissions';
import { DataTable } from '../../components/data-table/data-table';
import type { TableHeader } from '../../components/data-table/data-table-types';
import { PageHeader } from '../../components/page-header/page-header';
import { useFormat } from '../../i18n/format';
import { useLocale, useText } from '../../i18n/i18n';
import { notifySuccess } from '../../lib/notify';
import { ConfirmActionDialog } from '../components/confirm-action-dialog';
import { currencyLabel } from '../components/currency-select';
import { useOperator } from '../session/require-operator';
import { usePayoutThresholds, useRemovePayoutThreshold } from './payouts-api';
import { ThresholdDialog } from './threshold-dialog';

export const THRESHOLDS_PATH = '/payouts/approval-thresholds';

type ThresholdRow = PayoutApprovalThreshold & { id: string };

/**
 * /console/payouts/approval-thresholds (issue 31, docs/earnings.md "Four eyes"): each currency's amount above which a
 * payout batch needs a second operator, in the currency's major units. Whoever reads earnings sees them (the batches'
 * help names them); finance_controls.manage (admins) adds, changes and removes them, each audited.
 */
export function PayoutThresholdsPage() {
  const t = useText('console-payouts');
  const format = useFormat();
  const locale = useLocale();
  const operator = useOperator();
  const mayEdit = operatorCan(operator.role, 'finance_controls.manage');
  const thresholds = usePayoutThresholds();
  const remove = useRemovePayoutThreshold();
  const [editing, setEditing] = useState<{ threshold: PayoutApprovalThreshold | null } | null>(null);
  const [removing, setRemoving] = useState<PayoutApprovalThreshold | null>(null);
  const rows = useMemo<ThresholdRow[]>(() => (thresholds.data?.thresholds ?? []).map((threshold) => ({ ...threshold, id: threshold.currency })), [thresholds.data]);

  const headers = useMemo<TableHeader<ThresholdRow>[]>(
    () => [
      {
        text: t('thresholds.columns.currency'),
        value: 'currency',
        render: (row) => (
          <Text size="sm" fw={600}>
            {currencyLabel(row.currency, locale)}
          </Text>
        ),
      },
      {
        text: t('thresholds.columns.threshold'),
        value: 'threshold_minor',
        render: (row) => (
          <Text size="sm" dir="ltr" style={{ whiteSpace: 'nowrap' }}>
            {row.threshold_minor === 0 ? t('thresholds.everyBatch') : format.moneyMinor(row.threshold_minor, row.currency)}
          </Text>
        ),
      },
      {
        text: t('thresholds.columns.changed'),
        value: 'updated_at',
        render: (row) =>
          row.updated_by ? (
            <Text size="sm">{t('thresholds.changedBy', { date: format.date(row.updated_at ?? ''), name: row.updated_by })}</Text>
          ) : (
            <Text size="sm" c="dimmed">
              {t('thresholds.programmeDefault')}
            </Text>
          ),
      },
      ...(mayEdit
        ? [
            {
              text: t('thresholds.columns.actions'),
              value: 'actions',
              render: (row: ThresholdRow) => (
                <Group gap={6} wrap="nowrap">
                  <Button size="xs" variant="light" onClick={() => setEditing({ threshold: row })} aria-label={t('thresholds.editNamed', { currency: row.currency })}>
                    {t('thresholds.edit')}
                  </Button>
                  <Button size="xs" variant="subtle" color="red" onClick={() => setRemoving(row)} aria-label={t('thresholds.removeNamed', { currency: row.currency })}>
                    {t('thresholds.remove')}
                  </Button>
                </Group>
              ),
            },
          ]
        : []),
    ],
    [t, format, locale, mayEdit],
  );

  return (
    <Stack gap="lg">
      <PageHeader
        back={{ to: '/payouts', label: t('thresholds.back') }}
        title={t('thresholds.title')}
        description={t('thresholds.description')}
        maw={760}
        action={
          mayEdit ? (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ threshold: null })} disabled={thresholds.isPending}>
              {t('thresholds.add')}
            </Button>
          ) : undefined
        }
      />
      {mayEdit ? null : (
        <Text size="sm" c="dimmed">
          {t('thresholds.readOnly')}
        </Text>
      )}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} maw={900}>
        <DataTable<ThresholdRow>
          caption={t('thresholds.caption')}
          headers={headers}
          rows={rows}
          loading={thresholds.isPending || (thresholds.isFetching && thresholds.isError)}
          error={thresholds.isError ? t('thresholds.loadFailed') : null}
          onRetry={() => void thresholds.refetch()}
          emptyText={t('thresholds.empty')}
          getRowLabel={(row) => row.currency}
          minWidth={560}
        />
      </Paper>
      {editing ? <ThresholdDialog editing={editing.threshold} existing={rows} onClose={() => setEditing(null)} /> : null}
      {removing ? (
        <ConfirmActionDialog
          subject={`remove-${removing.currency}`}
          title={t('thresholds.removeTitle', { currency: removing.currency })}
          detail={t('thresholds.removeDetail', { currency: removing.currency })}
          confirmLabel={t('thresholds.removeConfirm')}
          confirmColor="red"
          cancelLabel={t('cancel')}
          closeLabel={t('close')}
          failedText={t('thresholds.removeFailed')}
          pending={remove.isPending}
          onConfirm={async () => {
            await remove.mutateAsync(removing.currency);
            notifySuccess(t('thresholds.removed'), t('thresholds.removedDetail', { currency: removing.currency }));
          }}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </Stack>
  );
}
