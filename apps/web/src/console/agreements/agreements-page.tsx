import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Badge, Button, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { CONSOLE_AGREEMENT_STATUSES, consoleAgreementsEndpoint, type ConsoleAgreementRow, type ConsoleAgreementsQuery } from '@portal/contracts/console-agreements';
import { operatorCan } from '@portal/contracts/operator-permissions';
import { DataTable } from '../../components/data-table/data-table';
import { listControls } from '../../components/list-page/list-page';
import { PageHeader } from '../../components/page-header/page-header';
import type { TableHeader } from '../../components/data-table/data-table-types';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
import { notifySuccess } from '../../lib/notify';
import { useListEndpoint } from '../../lib/use-list-endpoint';
import { ConfirmActionDialog } from '../components/confirm-action-dialog';
import { CONSOLE_PATHS } from '../console-paths';
import { useOperator } from '../session/require-operator';
import { AgreementDraftDialog, type DraftMode } from './agreement-draft-dialog';
import { useAgreementDetail, useAgreementOptions, useAgreementWrite } from './agreements-api';
import { SignaturesDrawer } from './signatures-drawer';

const STATUS_COLOURS = { draft: 'yellow', published: 'teal', withdrawn: 'gray' } as const;

/**
 * /console/agreements (issue 15; docs/agreements.md): every version of every template and each individual contract,
 * how many of the agents it applies to signed; terms.manage writes drafts (a new agreement, the next version of one),
 * publishes them, and anyone with terms.read sees who signed with their PDFs.
 */
export function AgreementsPage() {
  const t = useText('console-agreements');
  const format = useFormat();
  const operator = useOperator();
  const mayManage = operatorCan(operator.role, 'terms.manage');
  const options = useAgreementOptions();
  const write = useAgreementWrite();
  const { list, table } = useListEndpoint(consoleAgreementsEndpoint, {}, { loadFailed: t('loadFailed') });
  const { params } = list;
  const [drafting, setDrafting] = useState<{ kind: 'new' } | { kind: 'version' | 'edit'; id: number } | null>(null);
  const [publishing, setPublishing] = useState<ConsoleAgreementRow | null>(null);
  const [viewing, setViewing] = useState<ConsoleAgreementRow | null>(null);
  // A version or an edit starts from the stored text, read when asked for.
  const source = useAgreementDetail(drafting && drafting.kind !== 'new' ? drafting.id : null);

  const headers = useMemo<TableHeader<ConsoleAgreementRow>[]>(
    () => [
      {
        text: t('columns.agreement'),
        value: 'title',
        sort: true,
        render: (row) => (
          <Stack gap={0}>
            <Text size="sm" fw={500}>
              {row.title}
            </Text>
            <Text size="xs" c="dimmed">
              {[t('version', { version: row.version }), row.key, row.mandatory ? t('mandatory') : null].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
        ),
      },
      { text: t('columns.audience'), value: 'audience', render: (row) => (row.agent ? row.agent.name : row.kind !== 'individual' ? t('everyone') : '—') },
      { text: t('columns.status'), value: 'status', render: (row) => <Badge variant="light" color={STATUS_COLOURS[row.status]}>{t(`statuses.${row.status}`)}</Badge> },
      { text: t('columns.effective'), value: 'effective_at', sort: true, render: (row) => format.date(row.effective_at) },
      { text: t('columns.signatures'), value: 'signed', render: (row) => (row.status === 'draft' ? '—' : t('signedOf', { signed: row.signed, applicable: row.applicable })) },
      {
        text: t('columns.actions'),
        value: 'actions',
        render: (row) => (
          <Group gap={6} wrap="nowrap">
            {row.status !== 'draft' ? (
              <Button size="xs" variant="subtle" onClick={() => setViewing(row)} aria-label={t('signaturesNamed', { title: row.title, version: row.version })}>
                {t('signatures')}
              </Button>
            ) : null}
            {row.kind === 'individual' && row.status !== 'withdrawn' ? (
              // Its negotiated rows live in the rate card, filtered to this contract (terms.manage adds them there).
              <Button
                size="xs"
                variant="subtle"
                component={Link}
                to={`${CONSOLE_PATHS.rateCard}?scope=contracts&contract_id=${row.id}`}
                aria-label={t('negotiatedRatesNamed', { title: row.title, version: row.version })}
              >
                {t('negotiatedRates')}
              </Button>
            ) : null}
            {mayManage && row.status === 'draft' ? (
              <>
                <Button size="xs" variant="light" onClick={() => setDrafting({ kind: 'edit', id: row.id })} aria-label={t('editNamed', { title: row.title, version: row.version })}>
                  {t('edit')}
                </Button>
                <Button size="xs" onClick={() => setPublishing(row)} aria-label={t('publishNamed', { title: row.title, version: row.version })}>
                  {t('publish')}
                </Button>
              </>
            ) : null}
            {mayManage && row.status === 'published' ? (
              <Button size="xs" variant="light" onClick={() => setDrafting({ kind: 'version', id: row.id })} aria-label={t('newVersionNamed', { title: row.title })}>
                {t('newVersion')}
              </Button>
            ) : null}
          </Group>
        ),
      },
    ],
    [t, format, mayManage],
  );

  const mode: DraftMode | null = !drafting
    ? null
    : drafting.kind === 'new'
      ? { kind: 'new' }
      : source.data && source.data.id === drafting.id
        ? drafting.kind === 'version'
          ? { kind: 'version', from: source.data }
          : { kind: 'edit', draft: source.data }
        : null;

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('title')}
        description={t('description')}
        maw={760}
        action={
          mayManage ? (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDrafting({ kind: 'new' })} disabled={!options.data}>
              {t('newAgreement')}
            </Button>
          ) : undefined
        }
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <DataTable<ConsoleAgreementRow>
          caption={t('title')}
          headers={headers}
          {...table}
          emptyText={t('empty')}
          filteredEmptyText={t('filteredEmpty')}
          showHeader
          toolbar={
            <Group gap="xs" wrap="wrap">
              <NativeSelect
                aria-label={t('kindFilter')}
                value={params.kind ?? ''}
                onChange={(event) => list.set({ kind: (event.currentTarget.value || undefined) as ConsoleAgreementsQuery['kind'] })}
                w={{ base: '100%', xs: 200 }}
                data={[{ value: '', label: t('anyKind') }, { value: 'template', label: t('kinds.template') }, { value: 'individual', label: t('kinds.individual') }, { value: 'addendum', label: t('kinds.addendum') }]}
              />
              <NativeSelect
                aria-label={t('statusFilter')}
                value={params.status ?? ''}
                onChange={(event) => list.set({ status: (event.currentTarget.value || undefined) as ConsoleAgreementsQuery['status'] })}
                w={{ base: '100%', xs: 180 }}
                data={[{ value: '', label: t('anyStatus') }, ...CONSOLE_AGREEMENT_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))]}
              />
            </Group>
          }
          {...listControls(list, { search: { max: 100 } })}
          getRowLabel={(row) => `${row.title}, ${t('version', { version: row.version })}`}
          minWidth={1100}
        />
      </Paper>
      {mode && options.data ? <AgreementDraftDialog mode={mode} options={options.data} onClose={() => setDrafting(null)} /> : null}
      {publishing ? (
        <ConfirmActionDialog
          subject={publishing.id}
          title={t('publishDialog.title', { title: publishing.title, version: publishing.version })}
          detail={t('publishDialog.body')}
          confirmLabel={t('publishDialog.confirm')}
          confirmColor="teal"
          cancelLabel={t('form.cancel')}
          closeLabel={t('form.close')}
          failedText={t('form.saveFailed')}
          pending={write.isPending}
          onConfirm={async () => {
            await write.mutateAsync({ kind: 'publish', id: publishing.id });
            notifySuccess(t('publishDialog.published'), publishing.title);
            setPublishing(null);
          }}
          onClose={() => setPublishing(null)}
        />
      ) : null}
      {viewing ? <SignaturesDrawer agreement={viewing} onClose={() => setViewing(null)} /> : null}
    </Stack>
  );
}
