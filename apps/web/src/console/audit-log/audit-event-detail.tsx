import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Box, Button, Code, Drawer, Group, Stack, Table, Text, Title } from '@mantine/core';
import { AUDIT_MASKED_VALUE, type AuditEvent } from '@portal/contracts/console-audit';
import type { OperatorPermission } from '@portal/contracts/operator-permissions';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
import { useNarrowLayout } from '../../lib/use-narrow-layout';
import { diffValues, type ChangeKind } from './audit-diff';
import { actionWords, targetLink, targetTypeWords } from './audit-words';
import { ActorLabel } from './actor-label';
import { TableScroller } from '../../components/data-table/scroll-region-frame';

export interface AuditEventDetailProps {
  event: AuditEvent | null;
  permissions: readonly OperatorPermission[];
  onClose: () => void;
  onFilterActor: (event: AuditEvent) => void;
  onFilterTarget: (event: AuditEvent) => void;
}

const CHANGE_COLORS: Record<ChangeKind, string> = { added: 'teal', removed: 'red', changed: 'blue', unchanged: 'gray' };

/** One audit row in full: who, what, to which record, why, from where, and its values before and after. */
export function AuditEventDetail({ event, permissions, onClose, onFilterActor, onFilterTarget }: AuditEventDetailProps) {
  const t = useText('console-audit-log');
  // A phone gets the whole screen; wider ones keep the list visible beside it.
  const narrow = useNarrowLayout();
  return (
    <Drawer
      opened={event !== null}
      onClose={onClose}
      position="right"
      size={narrow ? '100%' : 'xl'}
      title={event ? t('detail.title', { id: event.id }) : ''}
      closeButtonProps={{ 'aria-label': t('detail.close') }}
    >
      {event ? <EventBody event={event} permissions={permissions} onFilterActor={onFilterActor} onFilterTarget={onFilterTarget} /> : null}
    </Drawer>
  );
}

function EventBody({ event, permissions, onFilterActor, onFilterTarget }: Omit<AuditEventDetailProps, 'event' | 'onClose'> & { event: AuditEvent }) {
  const t = useText('console-audit-log');
  const format = useFormat();
  const words = actionWords(event.action);
  const link = event.target ? targetLink(event.target, permissions) : null;
  const targetText = event.target ? `${targetTypeWords(event.target.type)} ${event.target.name ?? event.target.id}` : null;
  const none = (
    <Text span size="sm" c="dimmed">
      {t('detail.none')}
    </Text>
  );

  return (
    <Stack gap="lg">
      {/* The dl is the grid: each term and its description in a div, as a definition list allows. */}
      <Box component="dl" m={0} style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(15rem, 1fr))', gap: 'var(--mantine-spacing-sm)' }}>
          <Fact label={t('detail.when')}>
            <time dateTime={event.at}>{format.full(event.at)}</time>
          </Fact>
          <Fact label={t('detail.action')}>
            <Stack gap={2}>
              <Text span size="sm">{words ?? event.action}</Text>
              {words ? <Code>{event.action}</Code> : null}
            </Stack>
          </Fact>
          <Fact label={t('detail.actor')}>
            <ActorLabel actor={event.actor} />
          </Fact>
          <Fact label={t('detail.target')}>
            {event.target && targetText ? (
              <Stack gap={2}>
                {link ? (
                  <Anchor component={Link} to={link}>
                    {targetText}
                  </Anchor>
                ) : (
                  <Text span size="sm">{targetText}</Text>
                )}
                <Code>{`${event.target.type} ${event.target.id}`}</Code>
              </Stack>
            ) : (
              none
            )}
          </Fact>
          <Fact label={t('detail.reason')}>{event.reason ? <Text span size="sm" style={{ whiteSpace: 'pre-wrap' }}>{event.reason}</Text> : none}</Fact>
          <Fact label={t('detail.ip')}>{event.ip ?? none}</Fact>
          <Fact label={t('detail.userAgent')} wide>
            {event.user_agent ? <Text span size="sm" style={{ wordBreak: 'break-word' }}>{event.user_agent}</Text> : none}
          </Fact>
      </Box>

      <Group gap="sm">
        <Button variant="default" size="xs" onClick={() => onFilterActor(event)} disabled={!event.actor.id}>
          {t('detail.onlyThisActor')}
        </Button>
        <Button variant="default" size="xs" onClick={() => onFilterTarget(event)} disabled={!event.target}>
          {t('detail.onlyThisTarget')}
        </Button>
      </Group>

      <Stack gap="xs">
        <Title order={3} size="h4" id={`audit-event-${event.id}-changes`}>
          {t('detail.changes')}
        </Title>
        <Changes before={event.before} after={event.after} labelledBy={`audit-event-${event.id}-changes`} />
      </Stack>
    </Stack>
  );
}

function Fact({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Box style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Text component="dt" size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text component="dd" m={0} size="sm">
        {children}
      </Text>
    </Box>
  );
}

/** A value as stored: masked secrets say so, empty values say so, objects and lists as JSON. */
function Value({ value, present }: { value: unknown; present: boolean }) {
  const t = useText('console-audit-log');
  if (!present)
    return (
      <Text span size="sm" c="dimmed">
        —
      </Text>
    );
  if (value === AUDIT_MASKED_VALUE) {
    return (
      <Badge variant="outline" color="gray" tt="none">
        {t('detail.masked')}
      </Badge>
    );
  }
  if (value === null || value === '')
    return (
      <Text span size="sm" c="dimmed">
        {t('detail.empty')}
      </Text>
    );
  if (typeof value === 'object') return <Code block>{JSON.stringify(value, null, 2)}</Code>;
  return (
    <Text span size="sm" style={{ wordBreak: 'break-word' }}>
      {String(value)}
    </Text>
  );
}

function Changes({ before, after, labelledBy }: { before: unknown; after: unknown; labelledBy: string }) {
  const t = useText('console-audit-log');
  const changes = diffValues(before, after);
  if (changes.length === 0) return <Text size="sm" c="dimmed">{t('detail.noValues')}</Text>;
  // With one side not recorded at all, "added" on every field would say more than the row knows.
  const bothSides = before !== null && before !== undefined && after !== null && after !== undefined;
  return (
    <TableScroller labelledBy={labelledBy} minWidth={420}>
      <Table striped withTableBorder verticalSpacing="xs" fz="sm" aria-labelledby={labelledBy}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('detail.field')}</Table.Th>
            {bothSides || before ? <Table.Th scope="col">{t('detail.before')}</Table.Th> : null}
            {bothSides || after ? <Table.Th scope="col">{t('detail.after')}</Table.Th> : null}
            {bothSides ? <Table.Th scope="col">{t('detail.change')}</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changes.map((change) => (
            <Table.Tr key={change.field}>
              <Table.Th scope="row" fw={500}>
                <Code>{change.field || '—'}</Code>
              </Table.Th>
              {bothSides || before ? (
                <Table.Td>
                  <Value value={change.before} present={change.inBefore} />
                </Table.Td>
              ) : null}
              {bothSides || after ? (
                <Table.Td>
                  <Value value={change.after} present={change.inAfter} />
                </Table.Td>
              ) : null}
              {bothSides ? (
                <Table.Td>
                  <Badge variant="dot" color={CHANGE_COLORS[change.kind]} tt="none" styles={{ label: { color: 'var(--mantine-color-text)' } }}>
                    {t(`detail.${change.kind}`)}
                  </Badge>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroller>
  );
}
