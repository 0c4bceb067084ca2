/**
 * The frame of every page of both apps (issue 32): the way back (when the page is one record of a list), the page's
 * one `<h1>`, what the page is for in a dimmed line, and its primary action on the reading end. Pages give their
 * words; the sizes, the wrapping on a phone and the heading level are the same everywhere.
 *
 *   <PageHeader title={t('title')} description={t('description')} action={<Button …>{t('invite')}</Button>} />
 *   <PageHeader back={{ to: '/console/facilities', label: t('back') }} title={facility.name} />
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Box, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { isRightToLeft, useLocale } from '../../i18n/i18n';

/** A link back to a list; its arrow points the way the page reads. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  const Back = isRightToLeft(useLocale()) ? IconArrowRight : IconArrowLeft;
  return (
    <Anchor component={Link} to={to} size="sm" w="fit-content">
      <Group gap={4} wrap="nowrap">
        <Back size={16} aria-hidden="true" />
        {children}
      </Group>
    </Anchor>
  );
}

export interface PageHeaderProps {
  title: ReactNode;
  /** One line on what the page is for (or a live count, which the page marks itself). */
  description?: ReactNode;
  /** The page's primary action (or a few controls): on the reading end, below the title on a phone. */
  action?: ReactNode;
  /** The list this record belongs to. */
  back?: { to: string; label: string };
  /** Below the title: a record's badges, facts in a line. */
  children?: ReactNode;
  /** How wide the title and description may run. @default 640 */
  maw?: number | undefined;
}

export function PageHeader({ title, description, action, back, children, maw = 640 }: PageHeaderProps) {
  const heading = (
    <Stack gap={4} maw={action ? maw : undefined}>
      <Title order={1} size="h2">
        {title}
      </Title>
      {description === undefined ? null : typeof description === 'string' ? (
        <Text c="dimmed" size="sm">
          {description}
        </Text>
      ) : (
        description
      )}
      {children}
    </Stack>
  );
  return (
    <Stack gap="xs">
      {back ? <BackLink to={back.to}>{back.label}</BackLink> : null}
      {action ? (
        <Group justify="space-between" align="flex-start" gap="sm">
          {heading}
          <Box>{action}</Box>
        </Group>
      ) : (
        heading
      )}
    </Stack>
  );
}
