import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Anchor, Button, Group, Paper, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { inviteMemberRequestSchema, TEAM_ASSIGNABLE_ROLES } from '@portal/contracts/team';
import { useText } from '../../../i18n/i18n';
import { notifySuccess } from '../../../lib/notify';
import { submitErrorMessage, useZodForm } from '../../../lib/use-zod-form';
import { useInviteMember, useTeamSummary } from '../api/team-api';
import { TEAM_PATH } from '../team-paths';

/** /add-user: the invitation form (name, e-mail, role); the server checks the seat and the address again. */
export function AddMemberPage() {
  const t = useText('team');
  const navigate = useNavigate();
  const invite = useInviteMember();
  const summary = useTeamSummary();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm({
    initialValues: { first_name: '', last_name: '', email: '', role: 'agent' as string },
    schema: inviteMemberRequestSchema,
  });
  const full = summary.data ? summary.data.seats_used >= summary.data.seat_limit : false;

  const handleSubmit = form.onSubmit(async (body) => {
    setFailure(null);
    try {
      await invite.mutateAsync(body);
      notifySuccess(t('form.sent'), t('form.sentText', { email: body.email }));
      await navigate(TEAM_PATH);
    } catch (error) {
      if (!form.showFieldErrors(error)) setFailure(submitErrorMessage(error, t('form.failed')));
    }
  });

  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <Anchor component={Link} to={TEAM_PATH} size="sm">
          {t('form.back')}
        </Anchor>
        <Title order={1} size="h2">
          {t('addTitle')}
        </Title>
        <Text c="dimmed">{t('form.intro')}</Text>
      </Stack>
      {summary.data && (
        <Alert color={full ? 'yellow' : 'blue'} title={t('seats', { used: summary.data.seats_used, limit: summary.data.seat_limit })}>
          <Text size="sm">{full ? t('seatsFull') : t('seatsHelp')}</Text>
        </Alert>
      )}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <form ref={form.formRef} onSubmit={handleSubmit} noValidate aria-busy={invite.isPending}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('form.firstName')} autoComplete="off" required {...form.getInputProps('first_name')} />
              <TextInput label={t('form.lastName')} autoComplete="off" required {...form.getInputProps('last_name')} />
            </SimpleGrid>
            <TextInput label={t('form.email')} type="email" autoComplete="off" required {...form.getInputProps('email')} />
            <Radio.Group
              label={t('form.role')}
              required
              value={form.values.role}
              onChange={(value) => form.setFieldValue('role', value)}
              error={form.errorText('role')}
              errorProps={{ role: 'alert' }}
            >
              <Stack gap="xs" mt="xs">
                {TEAM_ASSIGNABLE_ROLES.map((role) => (
                  <Radio key={role} value={role} label={t(`roles.${role}`)} description={t(`roleHelp.${role}`)} />
                ))}
              </Stack>
            </Radio.Group>
            {failure && (
              <Alert color="red" role="alert" title={t('form.failed')}>
                {failure}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={invite.isPending}>
                {t('form.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
