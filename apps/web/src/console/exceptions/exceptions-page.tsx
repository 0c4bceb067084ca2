import { useMemo, useState } from 'react';
import { Anchor, Button, Group, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EXCEPTIONS_NOTES_MAX,
  EXCEPTIONS_SEARCH_MAX_LENGTH,
  EXCEPTIONS_STATUSES,
  EXCEPTIONS_TITLE_MAX,
  consoleExceptionsEndpoint,
  consoleExceptionsSchema,
  exceptionsRequestSchema,
  type ConsoleExceptions,
  type ExceptionsRequest,
} from '@portal/contracts/console-exceptions';
import type { TableHeader } from '../../components/data-table/data-table-types';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { enumFilter, enumOptions, ListPage } from '../../components/list-page/list-page';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
import { http } from '../../lib/http';
import { notifySuccess } from '../../lib/notify';
import { submitErrorMessage, useZodForm } from '../../lib/use-zod-form';
import { DetailDrawer, DrawerFact, DrawerFacts, DrawerLoad } from '../components/detail-drawer';

const URL = consoleExceptionsEndpoint.url;

/** /console/exceptions: the list (search and status in the URL), a record in a drawer, and the form that creates or edits one. */
export function ExceptionsPage() {
  const t = useText('console-exceptions');
  const format = useFormat();
  const [openId, setOpenId] = useState<number | null>(null);
  const [editing, setEditing] = useState<ConsoleExceptions | 'new' | null>(null);
  const headers = useMemo<TableHeader<ConsoleExceptions>[]>(
    () => [
      {
        text: t('columnTitle'),
        value: 'title',
        sort: true,
        render: (row) => (
          <Anchor component="button" type="button" size="sm" fw={500} onClick={() => setOpenId(row.id)}>
            {row.title}
          </Anchor>
        ),
      },
      { text: t('columnStatus'), value: 'status', render: (row) => t(`statuses.${row.status}`) },
      { text: t('columnUpdated'), value: 'updated_at', sort: true, render: (row) => format.date(row.updated_at) },
    ],
    [t, format],
  );
  return (
    <ListPage
      endpoint={consoleExceptionsEndpoint}
      title={t('title')}
      description={t('description')}
      action={
        <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => setEditing('new')}>
          {t('add')}
        </Button>
      }
      texts={{ empty: t('empty'), filteredEmpty: t('filteredEmpty'), loadFailed: t('loadFailed') }}
      headers={headers}
      search={{ max: EXCEPTIONS_SEARCH_MAX_LENGTH }}
      filters={[
        enumFilter('status', { label: t('status'), all: t('allStatuses'), options: enumOptions(EXCEPTIONS_STATUSES, (status) => t(`statuses.${status}`)), active: (status) => t('statusFilter', { status }) }),
      ]}
      getRowLabel={(row) => row.title}
    >
      {openId !== null ? <ExceptionsDrawer id={openId} onClose={() => setOpenId(null)} onEdit={setEditing} /> : null}
      {editing ? <ExceptionsDialog record={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} /> : null}
    </ListPage>
  );
}

/** One record's facts, read afresh, with the way to edit it. */
function ExceptionsDrawer({ id, onClose, onEdit }: { id: number; onClose: () => void; onEdit: (record: ConsoleExceptions) => void }) {
  const t = useText('console-exceptions');
  const format = useFormat();
  const record = useQuery({ queryKey: [URL, id], queryFn: ({ signal }) => http.get(`${URL}/${id}`, { schema: consoleExceptionsSchema, signal }) });
  return (
    <DetailDrawer title={record.data?.title ?? t('details')} closeLabel={t('close')} onClose={onClose}>
      <DrawerLoad query={record} loadingLabel={t('detailLoading')} failedTitle={t('detailFailed')} retryLabel={t('retry')}>
        {(row) => (
          <Stack gap="md">
            <DrawerFacts label={t('details')}>
              <DrawerFact label={t('columnStatus')}>{t(`statuses.${row.status}`)}</DrawerFact>
              <DrawerFact label={t('created')}>{format.date(row.created_at)}</DrawerFact>
              <DrawerFact label={t('updated')}>{`${format.date(row.updated_at)} ${format.time(row.updated_at)}`}</DrawerFact>
              <DrawerFact label={t('notes')} wide>
                <span style={{ whiteSpace: 'pre-wrap' }}>{row.notes || t('noNotes')}</span>
              </DrawerFact>
            </DrawerFacts>
            <Group>
              <Button variant="default" leftSection={<IconPencil size={16} aria-hidden="true" />} onClick={() => onEdit(row)}>
                {t('edit')}
              </Button>
            </Group>
          </Stack>
        )}
      </DrawerLoad>
    </DetailDrawer>
  );
}

/** Creates a record, or edits `record`: checked by the contract before it is sent, the server's 422 beside its field. */
function ExceptionsDialog({ record, onClose }: { record: ConsoleExceptions | undefined; onClose: () => void }) {
  const t = useText('console-exceptions');
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: ExceptionsRequest) => (record ? http.patch(`${URL}/${record.id}`, body, { schema: consoleExceptionsSchema }) : http.post(URL, body, { schema: consoleExceptionsSchema })),
    // The list's pages and the drawer's record share the URL as the start of their keys.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [URL] }),
  });
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm({ schema: exceptionsRequestSchema, initialValues: { title: record?.title ?? '', status: record?.status ?? 'active', notes: record?.notes ?? '' } });
  const submit = form.onSubmit(async (body) => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync(body);
      notifySuccess(t('form.saved'), t('form.savedDetail', { title: saved.title }));
      onClose();
    } catch (error) {
      if (!form.showFieldErrors(error)) setFormError(submitErrorMessage(error, t('form.saveFailed')));
    }
  });
  return (
    <FormDialog
      title={record ? t('form.editTitle', { title: record.title }) : t('form.createTitle')}
      closeLabel={t('form.close')}
      cancelLabel={t('form.cancel')}
      submitLabel={t('form.save')}
      onClose={onClose}
      onSubmit={submit}
      pending={save.isPending}
      error={formError}
    >
      <TextInput label={t('form.title')} required maxLength={EXCEPTIONS_TITLE_MAX} data-autofocus {...form.getInputProps('title')} />
      <NativeSelect label={t('form.status')} data={enumOptions(EXCEPTIONS_STATUSES, (status) => t(`statuses.${status}`))} {...form.getInputProps('status')} />
      <Textarea label={t('form.notes')} rows={4} maxLength={EXCEPTIONS_NOTES_MAX} {...form.getInputProps('notes')} />
    </FormDialog>
  );
}
