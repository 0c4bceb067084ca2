import { useMemo, useState } from 'react';
import { Badge, Button, Group, Loader, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { FINANCE_REPORT_KINDS, type FinanceFigures, type FinanceReport, type FinanceReportFormat, type FinanceReportKind } from '@portal/contracts/finance-reports';
import type { PageSize } from '@portal/contracts/constants';
import { DataTable } from '../../../components/data-table/data-table';
import type { TableHeader } from '../../../components/data-table/data-table-types';
import { useFormat } from '../../../i18n/format';
import { useText } from '../../../i18n/i18n';
import { notifyError } from '../../../lib/notify';
import { downloadFinanceReport, useFinanceReports } from '../api/finance-reports-api';
import { FingerprintsButton } from './fingerprints-button';
import { RegenerateDialog } from './regenerate-dialog';
import { usePeriodText, useReportName } from './report-text';

const HEADING_ID = 'finance-reports-list';

/** What a cell without a value shows (figures until the report is ready). */
const NONE = '-';

const STATUS_COLORS = { ready: 'green', failed: 'red' } as const;

const FIGURES: { key: keyof FinanceFigures; column: 'opening' | 'accrued' | 'reversed' | 'clawbacks' | 'paid' | 'closing' }[] = [
  { key: 'opening_minor', column: 'opening' },
  { key: 'accrued_minor', column: 'accrued' },
  { key: 'reversed_minor', column: 'reversed' },
  { key: 'clawbacks_minor', column: 'clawbacks' },
  { key: 'paid_minor', column: 'paid' },
  { key: 'closing_minor', column: 'closing' },
];

/**
 * The agent's reports, newest period first and every version, on the list kit with kind and currency filters: a
 * ready one's figures, its PDF and Excel file (downloaded through the session) and their SHA-256; the latest version
 * of a period may be regenerated (after a confirmation: the new version is written beside it).
 */
export function ReportsSection({ currencies }: { currencies: readonly string[] }) {
  const t = useText('finance-reports');
  const shared = useText('shared');
  const format = useFormat();
  const periodText = usePeriodText();
  const reportName = useReportName();
  const { list, table } = useFinanceReports({ loadFailed: t('list.loadFailed'), refreshFailed: t('list.refreshFailed') });
  const { params } = list;
  const [regenerating, setRegenerating] = useState<FinanceReport | null>(null);

  const headers = useMemo<TableHeader<FinanceReport>[]>(
    () => [
      {
        text: t('columns.period'),
        value: 'period',
        render: (row) => (
          <Stack gap={0}>
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {periodText(row.period)}
            </Text>
            <Text size="xs" c="dimmed">
              {row.requested_by ? t('requestedBy', { name: row.requested_by }) : t('monthlyRun')}
            </Text>
          </Stack>
        ),
      },
      // The period's line below says the kind ('Monthly run'), and every amount carries its currency: both fold first.
      { text: t('columns.kind'), value: 'kind', priority: 'low', render: (row) => t(`kind.${row.kind}`) },
      { text: t('columns.currency'), value: 'currency', priority: 'low' },
      {
        text: t('columns.version'),
        value: 'version',
        // The badge under the number, not beside it: side by side the column took the Arabic badge's whole width and
        // pushed the table 64 px past its card at 1280 px (issue 34).
        render: (row) => (
          <Stack gap={4} align="flex-start">
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {t('version', { version: row.version })}
            </Text>
            {row.superseded ? (
              <Badge variant="dot" radius="sm" tt="none" color="gray">
                {t('superseded')}
              </Badge>
            ) : null}
          </Stack>
        ),
      },
      {
        text: t('columns.status'),
        value: 'status',
        render: (row) =>
          row.status === 'queued' ? (
            <Group gap={6} wrap="nowrap">
              <Loader size={14} aria-hidden="true" />
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {t('status.queued')}
              </Text>
            </Group>
          ) : (
            // A dot of the status's colour beside text of the page's: light badges' tinted text failed contrast (axe).
            <Badge variant="dot" radius="sm" tt="none" color={STATUS_COLORS[row.status]}>
              {t(`status.${row.status}`)}
            </Badge>
          ),
      },
      {
        text: t('columns.files'),
        value: 'files',
        render: (row) =>
          row.status === 'ready' ? (
            <Group gap={4} wrap="wrap">
              <DownloadButton report={row} format="pdf" label={t('files.pdf')} name={t('files.downloadPdf', { report: reportName(row) })} />
              <DownloadButton report={row} format="xlsx" label={t('files.excel')} name={t('files.downloadExcel', { report: reportName(row) })} />
              <FingerprintsButton report={row} />
            </Group>
          ) : (
            NONE
          ),
      },
      ...FIGURES.map(
        ({ key, column }): TableHeader<FinanceReport> => ({
          text: t(`columns.${column}`),
          value: `figures.${key}`,
          align: 'right',
          // Paid and the closing balance are what a partner checks; the rest folds into the row's details first.
          priority: column === 'paid' || column === 'closing' ? undefined : 'low',
          render: (row) =>
            row.figures ? (
              <Text size="sm" fw={column === 'closing' ? 700 : undefined} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {format.moneyMinor(row.figures[key], row.currency)}
              </Text>
            ) : (
              NONE
            ),
        }),
      ),
      {
        text: t('columns.generated'),
        value: 'generated_at',
        priority: 'low',
        render: (row) => (row.generated_at ? t('generatedAt', { date: format.date(row.generated_at), time: format.time(row.generated_at) }) : NONE),
      },
      {
        text: t('columns.actions'),
        value: 'actions',
        pinned: true,
        render: (row) =>
          // The latest version, once written or failed: an older one's regeneration would only repeat the latest's.
          !row.superseded && row.status !== 'queued' ? (
            <Button size="compact-sm" variant="default" onClick={() => setRegenerating(row)} aria-label={t('regenerate.label', { report: reportName(row) })}>
              {t('regenerate.button')}
            </Button>
          ) : (
            NONE
          ),
      },
    ],
    [t, format, periodText, reportName],
  );

  const currencyChoices = params.currency && !currencies.includes(params.currency) ? [...currencies, params.currency] : currencies;
  const activeFilters = [
    params.kind ? t('list.kindActive', { name: t(`kind.${params.kind}`) }) : null,
    params.currency ? t('list.currencyActive', { name: params.currency }) : null,
  ].filter((filter): filter is string => filter !== null);

  return (
    <Paper component="section" aria-labelledby={HEADING_ID} withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} size="h4" id={HEADING_ID}>
            {t('list.title')}
          </Title>
          {/* The generation times are shown in this browser's zone: say which. */}
          <Text size="xs" c="dimmed">
            {shared('shell.timesIn', { zone: format.timeZone })}
          </Text>
        </Group>
        <DataTable<FinanceReport>
          caption={t('list.caption')}
          headers={headers}
          {...table}
          emptyText={t('list.empty')}
          filteredEmptyText={t('list.filteredEmpty')}
          activeFilters={activeFilters}
          showHeader
          toolbar={
            <Group gap="xs" wrap="wrap">
              <NativeSelect
                aria-label={t('list.kindFilter')}
                value={params.kind ?? ''}
                onChange={(event) => list.set({ kind: (event.currentTarget.value || undefined) as FinanceReportKind | undefined })}
                data={[{ value: '', label: t('list.allKinds') }, ...FINANCE_REPORT_KINDS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) }))]}
                w={{ base: '100%', xs: 150 }}
              />
              <NativeSelect
                aria-label={t('list.currencyFilter')}
                value={params.currency ?? ''}
                onChange={(event) => list.set({ currency: event.currentTarget.value || undefined })}
                data={[{ value: '', label: t('list.allCurrencies') }, ...currencyChoices.map((code) => ({ value: code, label: code }))]}
                w={{ base: '100%', xs: 160 }}
              />
            </Group>
          }
          page={params.page}
          perPage={params.per_page}
          onPageChange={list.setPage}
          onPerPageChange={(perPage) => list.set({ per_page: perPage as PageSize })}
          getRowLabel={(row) => reportName(row)}
          minWidth={900}
        />
      </Stack>
      <RegenerateDialog report={regenerating} onClose={() => setRegenerating(null)} />
    </Paper>
  );
}

/** A file of a ready report, fetched through the session (its cookie and CSRF header) and saved under the server's name. */
function DownloadButton({ report, format, label, name }: { report: FinanceReport; format: FinanceReportFormat; label: string; name: string }) {
  const t = useText('finance-reports');
  const shared = useText('shared');
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFinanceReport(report, format);
    } catch {
      notifyError(t('files.downloadFailed'), shared('errors.checkConnection'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="compact-sm" variant="default" leftSection={<IconDownload size={14} aria-hidden="true" />} loading={busy} onClick={() => void download()} aria-label={name}>
      {label}
    </Button>
  );
}
