import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { FinanceReport } from '@portal/contracts/finance-reports';
import { useText } from '../../../i18n/i18n';
import { errorMessage } from '../../../lib/http';
import { notifySuccess } from '../../../lib/notify';
import { fieldErrorsOf } from '../../../lib/use-zod-form';
import { useRequestFinanceReport } from '../api/finance-reports-api';
import { useReportName } from './report-text';

/**
 * Asks before writing a new version of `report` (the same kind, period and currency): the one shown is kept. Cancel
 * takes the first focus, so Enter never confirms by accident; a refusal is shown in the dialog.
 */
export function RegenerateDialog({ report, onClose }: { report: FinanceReport | null; onClose: () => void }) {
  const t = useText('finance-reports');
  const reportName = useReportName();
  const request = useRequestFinanceReport();
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setFailure(null);
    onClose();
  };

  const confirm = async () => {
    if (!report) return;
    setFailure(null);
    try {
      await request.mutateAsync({ kind: report.kind, period: report.period, currency: report.currency });
      notifySuccess(t('queued.title'), t('queued.message'));
      close();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setFailure(fields ? Object.values(fields)[0]! : errorMessage(error, t('form.failed')));
    }
  };

  return (
    <Modal
      opened={report !== null}
      onClose={close}
      title={report ? t('regenerate.title', { report: reportName(report) }) : ''}
      closeButtonProps={{ 'aria-label': t('regenerate.close') }}
      centered
    >
      <Stack gap="md">
        <Text size="sm">{t('regenerate.text')}</Text>
        {failure ? (
          <Alert color="red" variant="light" role="alert" title={t('form.failed')}>
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} data-autofocus>
            {t('regenerate.cancel')}
          </Button>
          <Button onClick={() => void confirm()} loading={request.isPending}>
            {t('regenerate.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
