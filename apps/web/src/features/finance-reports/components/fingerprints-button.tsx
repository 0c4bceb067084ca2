import { Button, Code, Popover, Stack, Text } from '@mantine/core';
import type { FinanceReport } from '@portal/contracts/finance-reports';
import { useText } from '../../../i18n/i18n';
import { useReportName } from './report-text';

/**
 * The SHA-256 of a ready report's files, in a popover opened by a click (not a tooltip: the hashes are there to be
 * selected and compared, which a tooltip that vanishes on the way there does not allow). Monospace, wrapped anywhere.
 */
export function FingerprintsButton({ report }: { report: FinanceReport }) {
  const t = useText('finance-reports');
  const reportName = useReportName();
  const hashes = [
    { label: t('files.pdfHash'), hash: report.pdf_sha256 },
    { label: t('files.excelHash'), hash: report.xlsx_sha256 },
  ].filter((file): file is { label: string; hash: string } => file.hash !== null);
  if (hashes.length === 0) return null;

  return (
    <Popover width={320} position="bottom-end" withArrow shadow="md">
      <Popover.Target>
        <Button size="compact-sm" variant="subtle" aria-label={t('files.fingerprintsOf', { report: reportName(report) })}>
          {t('files.fingerprints')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text size="xs" c="dimmed">
            {t('files.fingerprintsHelp')}
          </Text>
          {hashes.map((file) => (
            <Stack key={file.label} gap={2}>
              <Text size="xs" fw={600}>
                {file.label}
              </Text>
              <Code block dir="ltr" style={{ whiteSpace: 'normal', wordBreak: 'break-all', userSelect: 'all' }}>
                {file.hash}
              </Code>
            </Stack>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
