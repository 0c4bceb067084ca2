import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Alert, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  REFERRAL_AGENT_NAME_MAX,
  referralAgentRequestSchema,
  type ReferralAgentDetail,
  type ReferralGroupOption,
} from '@portal/contracts/console-referral-agents';
import { useFormat } from '../../i18n/format';
import { useLocale, useText } from '../../i18n/i18n';
import { notifyError, notifySuccess } from '../../lib/notify';
import { fieldErrorsOf, submitErrorMessage, useZodForm } from '../../lib/use-zod-form';
import { ConfirmActionDialog } from '../components/confirm-action-dialog';
import { LogoPicker, formatFileSize } from './logo-picker';
import { REFERRAL_PATHS } from './referral-paths';
import { SeatLimitPanel } from './seat-limit-panel';
import { createAgent, removeAgentLogo, updateAgent, uploadAgentLogo, useAfterWrite, useGroupOptions, useReferralAgent } from './referral-agents-api';
import { BackLink } from '../../components/page-header/page-header';
import { RecordField, RecordPage } from '../components/record-page';

interface AgentValues extends Record<string, unknown> {
  name: string;
  /** the select's value: a group's id as text, '' for none chosen */
  referral_group_id: string;
}

const toRequest = (values: AgentValues) => ({
  name: values.name,
  referral_group_id: values.referral_group_id === '' ? undefined : Number(values.referral_group_id),
});

/** What a refused logo upload says at the field: the server's reason for the logo, else the request's failure. */
function logoFailure(error: unknown, fallback: string): string {
  return fieldErrorsOf(error)?.logo ?? submitErrorMessage(error, fallback);
}

/** The agent's name and group, as a form; the groups to choose from are every group, by name. */
function AgentFields({ form, groups, current }: { form: ReturnType<typeof useZodForm<AgentValues, typeof referralAgentRequestSchema>>; groups: ReturnType<typeof useGroupOptions>; current?: ReferralGroupOption }) {
  const t = useText('console-referral-agents');
  const options = groups.data ?? (current ? [current] : []);
  return (
    <>
      <TextInput label={t('agent.name')} description={t('agent.nameDescription')} required maxLength={REFERRAL_AGENT_NAME_MAX} autoComplete="organization" {...form.getInputProps('name')} />
      <NativeSelect
        label={t('agent.group')}
        required
        {...form.getInputProps('referral_group_id')}
        error={form.errorText('referral_group_id') ?? (groups.isError ? t('agent.groupsLoadFailed') : undefined)}
        disabled={groups.isPending && !current}
      >
        <option value="" disabled>
          {t('agent.chooseGroup')}
        </option>
        {options.map((group) => (
          <option key={group.id} value={String(group.id)}>
            {group.name}
          </option>
        ))}
      </NativeSelect>
    </>
  );
}

/** /console/referral-agents/new: name, group and, if chosen, the logo (uploaded once the agent exists). */
export function AgentCreatePage() {
  const t = useText('console-referral-agents');
  const navigate = useNavigate();
  const groups = useGroupOptions();
  const after = useAfterWrite();
  const form = useZodForm<AgentValues, typeof referralAgentRequestSchema>({
    initialValues: { name: '', referral_group_id: '' },
    schema: referralAgentRequestSchema,
    transform: toRequest,
  });
  const [file, setFile] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = form.onSubmit(async (data) => {
    setPending(true);
    setSubmitError(null);
    let agent: ReferralAgentDetail;
    try {
      agent = await createAgent(data);
    } catch (error) {
      if (!form.showFieldErrors(error)) setSubmitError(submitErrorMessage(error, t('agent.saveFailed')));
      setPending(false);
      return;
    }
    after.agentChanged(agent);
    const page = REFERRAL_PATHS.agent(agent.id);
    if (file) {
      try {
        after.agentChanged(await uploadAgentLogo(agent.id, file));
      } catch (error) {
        // The agent exists: its page says why the logo did not follow, at the logo.
        const reason = logoFailure(error, t('logo.uploadFailed'));
        notifyError(t('agent.logoNotUploaded'), t('agent.logoNotUploadedDetail', { name: agent.name, reason }));
        void navigate(page, { state: { logoError: reason } });
        return;
      }
    }
    notifySuccess(t('agent.created'), t('agent.createdDetail', { name: agent.name }));
    void navigate(page);
  });

  return (
    <Stack gap="lg" maw={720}>
      <BackLink to={REFERRAL_PATHS.agents}>{t('agent.back')}</BackLink>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('agent.createTitle')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('agent.createDescription')}
        </Text>
      </Stack>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <form onSubmit={submit} noValidate aria-busy={pending}>
          <Stack gap="md">
            {submitError ? (
              <Alert color="red" variant="light" role="alert">
                {submitError}
              </Alert>
            ) : null}
            <AgentFields form={form} groups={groups} />
            <LogoPicker
              currentUrl={null}
              currentAlt=""
              currentNote={t('logo.none')}
              file={file}
              onFileChange={setFile}
              error={logoError}
              onError={setLogoError}
              disabled={pending}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={pending}>
                {t('agent.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

/** /console/referral-agents/:id: the agent's details, its name and group to edit, and its logo. */
export function AgentEditPage() {
  const t = useText('console-referral-agents');
  const id = Number(useParams().id);
  const agent = useReferralAgent(id);

  return (
    <RecordPage
      back={{ to: REFERRAL_PATHS.agents, label: t('agent.back') }}
      title={t('agent.editTitle')}
      loadingLabel={t('agent.loading')}
      record={agent}
      notFound={t('agent.notFound')}
      loadFailed={t('agent.loadFailed')}
      maw={720}
    >
      {(data) => <AgentEditor key={data.id} agent={data} />}
    </RecordPage>
  );
}

function AgentEditor({ agent }: { agent: ReferralAgentDetail }) {
  const t = useText('console-referral-agents');
  const format = useFormat();
  const groups = useGroupOptions();
  const after = useAfterWrite();
  const form = useZodForm<AgentValues, typeof referralAgentRequestSchema>({
    initialValues: { name: agent.name, referral_group_id: String(agent.group.id) },
    schema: referralAgentRequestSchema,
    transform: toRequest,
  });
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const chosenGroup = groups.data?.find((group) => String(group.id) === form.values.referral_group_id);
  const moving = chosenGroup !== undefined && chosenGroup.id !== agent.group.id && agent.partner_count > 0;

  const submit = form.onSubmit(async (data) => {
    setPending(true);
    setSubmitError(null);
    try {
      const saved = await updateAgent(agent.id, data);
      after.agentChanged(saved);
      notifySuccess(t('agent.saved'), t('agent.savedDetail', { name: saved.name }));
    } catch (error) {
      if (!form.showFieldErrors(error)) setSubmitError(submitErrorMessage(error, t('agent.saveFailed')));
    } finally {
      setPending(false);
    }
  });

  return (
    <>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {agent.name}
        </Title>
        <Text c="dimmed" size="sm">
          {t('agent.editTitle')} · {agent.group.name}
        </Text>
      </Stack>
      <SimpleGrid component="dl" cols={{ base: 2, sm: 4 }} spacing="md" m={0}>
        <RecordField label={t('agent.partners')}>{format.number(agent.partner_count)}</RecordField>
        <RecordField label={t('agent.bookings')}>{format.number(agent.booking_count)}</RecordField>
        <RecordField label={t('agent.created_at')}>{format.date(agent.created_at)}</RecordField>
        <RecordField label={t('agent.updated_at')}>{`${format.date(agent.updated_at)} ${format.time(agent.updated_at)}`}</RecordField>
      </SimpleGrid>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="agent-details-heading">
        <form onSubmit={submit} noValidate aria-busy={pending}>
          <Stack gap="md">
            <Title order={2} size="h4" id="agent-details-heading">
              {t('agent.details')}
            </Title>
            {submitError ? (
              <Alert color="red" variant="light" role="alert">
                {submitError}
              </Alert>
            ) : null}
            <AgentFields form={form} groups={groups} current={agent.group} />
            {moving ? (
              <Alert color="yellow" variant="light">
                {t('agent.moveWarning', { count: agent.partner_count, group: chosenGroup.name })}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button type="submit" loading={pending}>
                {t('agent.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <LogoPanel agent={agent} />
      <SeatLimitPanel agentId={agent.id} />
    </>
  );
}

/** The agent's logo: choose, preview and upload a new one, or remove the uploaded one (after a confirmation). */
function LogoPanel({ agent }: { agent: ReferralAgentDetail }) {
  const t = useText('console-referral-agents');
  const locale = useLocale();
  const after = useAfterWrite();
  const location = useLocation();
  const [file, setFile] = useState<File | null>(null);
  // A logo that did not follow the agent's creation says why here.
  const [error, setError] = useState<string | null>(() => (location.state as { logoError?: string } | null)?.logoError ?? null);
  const [uploading, setUploading] = useState(false);
  const [removing, setRemoving] = useState<'asking' | 'sending' | null>(null);

  const upload = async () => {
    if (!file) return;
    setUploading(true);
    setError(null);
    try {
      after.agentChanged(await uploadAgentLogo(agent.id, file));
      setFile(null);
      notifySuccess(t('logo.uploaded'), t('logo.uploadedDetail', { name: agent.name }));
    } catch (failure) {
      setError(logoFailure(failure, t('logo.uploadFailed')));
    } finally {
      setUploading(false);
    }
  };

  const note = agent.logo_uploaded
    ? t('logo.uploadedFile', { type: (agent.logo_type ?? '').replace('image/', '').toUpperCase(), size: formatFileSize(agent.logo_size ?? 0, locale) })
    : agent.logo_url
      ? t('logo.builtIn')
      : t('logo.none');

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="agent-logo-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="agent-logo-heading">
          {t('logo.title')}
        </Title>
        <LogoPicker
          currentUrl={agent.logo_url}
          currentAlt={t('logo.current', { name: agent.name })}
          currentNote={note}
          file={file}
          onFileChange={setFile}
          error={error}
          onError={setError}
          disabled={uploading}
          withLabel={false}
        />
        <Group justify="flex-end" gap="sm">
          {file ? (
            <>
              <Button variant="default" onClick={() => setFile(null)} disabled={uploading}>
                {t('logo.cancel')}
              </Button>
              <Button onClick={() => void upload()} loading={uploading}>
                {t('logo.upload')}
              </Button>
            </>
          ) : agent.logo_uploaded ? (
            <Button variant="outline" color="red" onClick={() => setRemoving('asking')}>
              {t('logo.remove')}
            </Button>
          ) : null}
        </Group>
      </Stack>
      {removing ? (
        <ConfirmActionDialog
          subject={agent.id}
          title={t('logo.removeTitle', { name: agent.name })}
          detail={t('logo.removeDetail')}
          confirmLabel={t('logo.remove')}
          confirmColor="red"
          cancelLabel={t('logo.cancel')}
          closeLabel={t('logo.close')}
          failedText={t('logo.removeFailed')}
          pending={removing === 'sending'}
          onConfirm={async () => {
            setRemoving('sending');
            try {
              after.agentChanged(await removeAgentLogo(agent.id));
              notifySuccess(t('logo.removed'), t('logo.removedDetail', { name: agent.name }));
            } catch (failure) {
              setRemoving('asking');
              throw failure;
            }
          }}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </Paper>
  );
}
