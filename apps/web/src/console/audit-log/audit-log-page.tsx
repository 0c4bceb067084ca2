import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Code, Group, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconEye, IconFilterOff, IconShieldLock } from '@tabler/icons-react';
import { AUDIT_ACTOR_KINDS, type AuditActorKind, type AuditEvent } from '@portal/contracts/console-audit';
import { DataTable } from '../../components/data-table/data-table';
import type { TableHeader } from '../../components/data-table/data-table-types';
import { listControls } from '../../components/list-page/list-page';
import { PageHeader } from '../../components/page-header/page-header';
import { DateRangeFilter } from '../../components/date-range-filter/date-range-filter';
import { describeRange } from '../../components/date-range-filter/date-range';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
import { useOperator } from '../session/require-operator';
import { ActorLabel } from './actor-label';
import { AuditEventDetail } from './audit-event-detail';
import { useAuditEvents, useAuditOperators } from './audit-log-api';
import { actionWords, areaWords, knownActions, knownTargetTypes, targetLink, targetTypeWords } from './audit-words';

const ID_MAX = 100;

/**
 * /console/audit-log: the audit log, newest first, filtered by actor, action, target and dates (all kept in the URL,
 * so a filtered view can be shared with a colleague), each row opening its detail with the values before and after.
 */
export function AuditLogPage() {
  const t = useText('console-audit-log');
  const format = useFormat();
  const operator = useOperator();
  const { list, table } = useAuditEvents({ loadFailed: t('loadFailed') });
  const { params } = list;
  const [opened, setOpened] = useState<AuditEvent | null>(null);

  const headers = useMemo<TableHeader<AuditEvent>[]>(
    () => [
      {
        text: t('columnTime'),
        value: 'at',
        render: (row) => (
          <time dateTime={row.at} title={format.full(row.at)} style={{ whiteSpace: 'nowrap' }}>
            {`${format.date(row.at)} ${format.time(row.at)}`}
          </time>
        ),
      },
      { text: t('columnActor'), value: 'actor', render: (row) => <ActorLabel actor={row.actor} /> },
      {
        text: t('columnAction'),
        value: 'action',
        render: (row) => {
          const words = actionWords(row.action);
          return words ? <span title={row.action}>{words}</span> : <Code>{row.action}</Code>;
        },
      },
      {
        text: t('columnTarget'),
        value: 'target',
        render: (row) => {
          if (!row.target) return '-';
          const text = `${targetTypeWords(row.target.type)} ${row.target.name ?? row.target.id}`;
          const link = targetLink(row.target, operator.permissions);
          return link ? (
            <Anchor component={Link} to={link} size="sm">
              {text}
            </Anchor>
          ) : (
            text
          );
        },
      },
      {
        text: t('columnReason'),
        value: 'reason',
        render: (row) =>
          row.reason ? (
            <Text span size="sm" lineClamp={2} title={row.reason} maw={260}>
              {row.reason}
            </Text>
          ) : (
            '-'
          ),
      },
      { text: t('columnIp'), value: 'ip' },
      {
        text: t('columnDetails'),
        value: 'id',
        render: (row) => (
          <Button variant="light" size="compact-sm" leftSection={<IconEye size={14} aria-hidden />} aria-label={t('viewNamed', { id: row.id })} onClick={() => setOpened(row)}>
            {t('view')}
          </Button>
        ),
      },
    ],
    [t, format, operator.permissions],
  );

  const activeFilters = useActiveFilters(params);

  return (
    <Stack gap="lg">
      <PageHeader title={t('title')} description={t('description')}>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconShieldLock size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm">{t('privacyNote')}</Text>
        </Group>
      </PageHeader>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <AuditFilters list={list} />
          <DataTable<AuditEvent>
            caption={t('title')}
            headers={headers}
            {...table}
            emptyText={t('empty')}
            filteredEmptyText={t('filteredEmpty')}
            activeFilters={activeFilters}
            {...listControls(list, { sortable: false })}
            minWidth={960}
          />
        </Stack>
      </Paper>
      <AuditEventDetail
        event={opened}
        permissions={operator.permissions}
        onClose={() => setOpened(null)}
        onFilterActor={(event) => {
          setOpened(null);
          list.set({ actor_type: event.actor.type, actor_id: event.actor.id });
        }}
        onFilterTarget={(event) => {
          setOpened(null);
          if (event.target) list.set({ target_type: event.target.type, target_id: event.target.id });
        }}
      />
    </Stack>
  );
}

type AuditList = ReturnType<typeof useAuditEvents>['list'];

/** The filters in words: printed with the table and counted on the phone's Filters button. */
function useActiveFilters(params: AuditList['params']): string[] {
  const t = useText('console-audit-log');
  const filters: string[] = [];
  if (params.actor_type) filters.push(t('filterChips.actorType', { value: t(`actorTypes.${params.actor_type}`) }));
  if (params.actor_id) filters.push(t('filterChips.actor', { value: params.actor_id }));
  if (params.action) filters.push(t('filterChips.action', { value: actionLabel(params.action) }));
  if (params.target_type) filters.push(t('filterChips.target', { value: `${targetTypeWords(params.target_type)} ${params.target_id ?? ''}`.trim() }));
  if (params.from || params.to) filters.push(t('filterChips.dates', { value: describeRange({ from: params.from ?? '', to: params.to ?? '' }, new Date(), '') }));
  return filters;
}

function actionLabel(action: string): string {
  if (action.endsWith('.')) return areaWords(action.slice(0, -1));
  return actionWords(action) ?? action;
}

/** A text filter that goes into the URL when Enter is pressed or the field is left, not at every keystroke. */
function IdInput({ label, description, value, onCommit }: { label: string; description?: string; value: string; onCommit: (value: string) => void }) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const commit = () => {
    if (draft.trim() !== value) onCommit(draft.trim().slice(0, ID_MAX));
  };
  return (
    <TextInput
      label={label}
      description={description}
      value={draft}
      maxLength={ID_MAX}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      w={{ base: '100%', xs: 180 }}
    />
  );
}

function AuditFilters({ list }: { list: AuditList }) {
  const t = useText('console-audit-log');
  const { params } = list;
  const operators = useAuditOperators();
  const actorType = params.actor_type;

  const actionOptions = useMemo(
    () => [
      { value: '', label: t('allActions') },
      ...knownActions().map(({ area, actions }) => ({
        group: areaWords(area),
        items: [
          { value: `${area}.`, label: t('everyActionOf', { area: areaWords(area) }) },
          ...actions.map((action) => ({ value: action, label: actionWords(action) ?? action })),
        ],
      })),
      // An action the list does not know (a link from elsewhere) stays selectable, under its code.
      ...(params.action && !knownActions().some(({ area, actions }) => `${area}.` === params.action || actions.includes(params.action!))
        ? [{ value: params.action, label: params.action }]
        : []),
    ],
    [t, params.action],
  );

  const targetTypes = knownTargetTypes();
  const targetOptions = [
    { value: '', label: t('allTargets') },
    ...targetTypes.map((type) => ({ value: type, label: targetTypeWords(type) })),
    ...(params.target_type && !targetTypes.includes(params.target_type) ? [{ value: params.target_type, label: params.target_type }] : []),
  ];

  const operatorOptions = [
    { value: '', label: t('anyOperator') },
    ...(operators.data ?? []).map((option) => ({ value: String(option.id), label: `${option.name} (${t(`roles.${option.role as 'admin'}`)})` })),
    ...(params.actor_id && !(operators.data ?? []).some((option) => String(option.id) === params.actor_id) ? [{ value: params.actor_id, label: `#${params.actor_id}` }] : []),
  ];

  return (
    <Group gap="sm" align="flex-end" role="group" aria-label={t('filters')}>
      <NativeSelect
        label={t('actorType')}
        value={actorType ?? ''}
        onChange={(event) => list.set({ actor_type: (event.currentTarget.value || null) as AuditActorKind | null, actor_id: null })}
        data={[{ value: '', label: t('allActors') }, ...AUDIT_ACTOR_KINDS.map((kind) => ({ value: kind, label: t(`actorTypes.${kind}`) }))]}
        w={{ base: '100%', xs: 170 }}
      />
      {actorType === 'operator' ? (
        <NativeSelect
          label={t('actor')}
          value={params.actor_id ?? ''}
          onChange={(event) => list.set({ actor_id: event.currentTarget.value || null })}
          data={operatorOptions}
          w={{ base: '100%', xs: 220 }}
        />
      ) : actorType ? (
        <IdInput label={t('actorId')} description={t('actorIdDescription')} value={params.actor_id ?? ''} onCommit={(value) => list.set({ actor_id: value || null })} />
      ) : null}
      <NativeSelect
        label={t('action')}
        value={params.action ?? ''}
        onChange={(event) => list.set({ action: event.currentTarget.value || null })}
        data={actionOptions}
        w={{ base: '100%', xs: 260 }}
      />
      <NativeSelect
        label={t('targetType')}
        value={params.target_type ?? ''}
        onChange={(event) => list.set({ target_type: event.currentTarget.value || null, target_id: null })}
        data={targetOptions}
        w={{ base: '100%', xs: 170 }}
      />
      {params.target_type ? <IdInput label={t('targetId')} value={params.target_id ?? ''} onCommit={(value) => list.set({ target_id: value || null })} /> : null}
      <Stack gap={4}>
        <Text component="span" size="sm" fw={500}>
          {t('dates')}
        </Text>
        <DateRangeFilter
          label={t('dates')}
          value={{ from: params.from ?? '', to: params.to ?? '' }}
          onChange={(range) => list.set({ from: range.from || null, to: range.to || null })}
        />
      </Stack>
      {list.hasFilters ? (
        <Button variant="subtle" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={list.clearFilters}>
          {t('clearFilters')}
        </Button>
      ) : null}
    </Group>
  );
}
