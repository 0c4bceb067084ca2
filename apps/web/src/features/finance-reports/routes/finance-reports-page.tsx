import { Stack, Text, Title } from '@mantine/core';
import { useText } from '../../../i18n/i18n';
import { useFinanceReportOptions, useLiveFinanceReports } from '../api/finance-reports-api';
import { NewReportSection } from '../components/new-report-form';
import { ReportsSection } from '../components/reports-section';

/**
 * /finance-reports (issue 16, docs/earnings.md; payouts.read: owners, managers, finance): what the statements are,
 * a form to ask for one, and the list of every version with its figures, files and their SHA-256. Live: a commission
 * notification (a report is ready) reloads the list, which also asks again every 5 s while one is being written.
 */
export function FinanceReportsPage() {
  const t = useText('finance-reports');
  useLiveFinanceReports();
  const options = useFinanceReportOptions();

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('intro.monthly')} {t('intro.onRequest')}
        </Text>
        <Text c="dimmed" size="sm">
          {t('intro.versions')}
        </Text>
      </Stack>
      <NewReportSection />
      <ReportsSection currencies={options.data?.currencies ?? []} />
    </Stack>
  );
}
