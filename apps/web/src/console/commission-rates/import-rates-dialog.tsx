import { useState } from 'react';
import { Alert, Badge, Button, FileInput, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { RATE_IMPORT_COLUMNS, type RateImportResult, type RateImportRow } from '@portal/contracts/console-commission-rates';
import { useFormat } from '../../i18n/format';
import { useLocale, useText } from '../../i18n/i18n';
import { localizeValidationMessage } from '../../i18n/validation-messages';
import { notifySuccess } from '../../lib/notify';
import { useRateText } from '../../lib/rate-text';
import { fieldErrorsOf, submitErrorMessage } from '../../lib/use-zod-form';
import { useRateImport } from './rate-card-api';

function appliesTo(row: RateImportRow, all: { services: string; facilities: string; contract: (key: string) => string }): string {
  const what = row.service ?? row.specialty;
  const parts = row.facility ? [row.facility, what ?? all.services] : [what ?? all.services, all.facilities];
  if (row.tier) parts.push(row.tier);
  if (row.contract) parts.push(all.contract(row.contract));
  return parts.join(' · ');
}

/**
 * Imports rows of the card from an xlsx or csv file: the server checks each row and answers a preview (what each row
 * adds, which open-ended row it ends, what is wrong with it); "Add N rates" applies them all at once, only when none
 * is refused.
 */
export function ImportRatesDialog({ onClose }: { onClose: () => void }) {
  const t = useText('console-commission-rates');
  const format = useFormat();
  const locale = useLocale();
  const rates = useRateText();
  const importing = useRateImport();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<RateImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = async (chosen: File, apply: boolean) => {
    setError(null);
    try {
      const result = await importing.mutateAsync({ file: chosen, apply });
      if (result.applied) {
        notifySuccess(t('import.applied', { count: result.valid }), chosen.name);
        onClose();
      } else setPreview(result);
    } catch (failure) {
      const fields = fieldErrorsOf(failure);
      setError(fields?.file ? localizeValidationMessage(fields.file, locale) : submitErrorMessage(failure, t('import.failed')));
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('import.title')} size="xl" closeButtonProps={{ 'aria-label': t('form.close') }} centered>
      <Stack gap="md" aria-busy={importing.isPending}>
        <Text size="sm">{t('import.intro')}</Text>
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
          {t('import.columns', { columns: RATE_IMPORT_COLUMNS.join(', ') })}
        </Text>
        <FileInput
          label={t('import.file')}
          placeholder={t('import.choose')}
          accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          value={file}
          onChange={(chosen) => {
            setFile(chosen);
            setPreview(null);
            if (chosen) void send(chosen, false);
          }}
          clearable
        />
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
        {preview ? (
          <Stack gap="xs">
            <Text size="sm" fw={500} role="status">
              {t('import.summary', { count: preview.valid, valid: preview.valid, invalid: preview.invalid })}
            </Text>
            <Table.ScrollContainer minWidth={720} type="native" mah={360}>
              <Table aria-label={t('import.previewCaption')} verticalSpacing={4} fz="sm" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('import.line')}</Table.Th>
                    <Table.Th scope="col">{t('columns.appliesTo')}</Table.Th>
                    <Table.Th scope="col">{t('columns.rate')}</Table.Th>
                    <Table.Th scope="col">{t('columns.validity')}</Table.Th>
                    <Table.Th scope="col">{t('import.outcome')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.rows.map((row) => (
                    <Table.Tr key={row.line}>
                      <Table.Td>{row.line}</Table.Td>
                      <Table.Td>{appliesTo(row, { services: t('allServices'), facilities: t('allFacilities').toLowerCase(), contract: (key) => t('import.contract', { key }) })}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {row.kind && row.errors.length === 0 ? rates.rate({ kind: row.kind, basis_points: row.basis_points, amount_minor: row.amount_minor, currency: row.currency ?? 'USD' }) : '—'}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {row.valid_from ? (row.valid_to ? t('fromTo', { from: format.date(row.valid_from), to: format.date(row.valid_to) }) : t('from', { from: format.date(row.valid_from) })) : '—'}
                      </Table.Td>
                      <Table.Td>
                        {row.errors.length > 0 ? (
                          <Stack gap={2}>
                            {row.errors.map((message) => (
                              <Text key={message} size="xs" c="red">
                                {localizeValidationMessage(message, locale)}
                              </Text>
                            ))}
                          </Stack>
                        ) : (
                          <Stack gap={2}>
                            <Badge variant="light" color="teal" w="fit-content">
                              {t('import.ready')}
                            </Badge>
                            {row.ends ? (
                              <Text size="xs" c="dimmed">
                                {t('import.ends', { id: row.ends.id, date: format.date(row.ends.valid_from) })}
                              </Text>
                            ) : null}
                          </Stack>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={importing.isPending}>
            {t('form.cancel')}
          </Button>
          <Button onClick={() => file && void send(file, true)} loading={importing.isPending} disabled={!file || !preview || preview.invalid > 0 || preview.valid === 0}>
            {t('import.apply', { count: preview?.valid ?? 0 })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
