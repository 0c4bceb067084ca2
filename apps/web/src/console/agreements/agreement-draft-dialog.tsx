import { useState } from 'react';
import { Checkbox, MultiSelect, Select, SimpleGrid, Skeleton, Tabs, Text, TextInput, Textarea } from '@mantine/core';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { useDebouncedValue } from '@mantine/hooks';
import { agreementDraftSchema, type AgreementOptions, type ConsoleAgreementDetail } from '@portal/contracts/console-agreements';
import { AGREEMENT_KINDS, type AgreementKind } from '@portal/contracts/agreements';
import { LoadingPlaceholder } from '../../components/loading-placeholder/loading-placeholder';
import { useText } from '../../i18n/i18n';
import { notifySuccess } from '../../lib/notify';
import { submitErrorMessage, useZodForm } from '../../lib/use-zod-form';
import { useAgreementPreview, useAgreementWrite } from './agreements-api';
import classes from './agreements.module.css';

interface DraftValues extends Record<string, unknown> {
  kind: AgreementKind;
  key: string;
  title: string;
  body_markdown: string;
  mandatory: boolean;
  effective_on: string;
  expires_on: string;
  referral_agent_id: string | null;
  referral_group_ids: string[];
  partner_type_ids: string[];
}

/** How the dialog opens: a new agreement, the next version of one (its text to start from), or a draft to change. */
export type DraftMode = { kind: 'new' } | { kind: 'version'; from: ConsoleAgreementDetail } | { kind: 'edit'; draft: ConsoleAgreementDetail };

function initialValues(mode: DraftMode): DraftValues {
  const base = mode.kind === 'version' ? mode.from : mode.kind === 'edit' ? mode.draft : null;
  return {
    kind: base?.kind ?? 'template',
    key: base?.key ?? '',
    title: base?.title ?? '',
    body_markdown: base?.body_markdown ?? '',
    mandatory: base?.mandatory ?? false,
    effective_on: mode.kind === 'edit' ? mode.draft.effective_at.slice(0, 10) : new Date().toISOString().slice(0, 10),
    expires_on: base?.expires_at?.slice(0, 10) ?? '',
    referral_agent_id: base?.agent ? String(base.agent.id) : null,
    referral_group_ids: (base?.referral_group_ids ?? []).map(String),
    partner_type_ids: (base?.partner_type_ids ?? []).map(String),
  };
}

function toRequest(values: DraftValues) {
  return {
    kind: values.kind,
    key: values.key.trim(),
    title: values.title,
    body_markdown: values.body_markdown,
    mandatory: values.mandatory,
    effective_on: values.effective_on,
    expires_on: values.expires_on === '' ? null : values.expires_on,
    referral_agent_id: values.kind === 'individual' && values.referral_agent_id ? Number(values.referral_agent_id) : null,
    referral_group_ids: values.kind !== 'individual' ? values.referral_group_ids.map(Number) : [],
    partner_type_ids: values.kind !== 'individual' ? values.partner_type_ids.map(Number) : [],
  };
}

/** Writes a draft: who it is for, when it is in force, and its Markdown, with a preview as partners will read it. */
export function AgreementDraftDialog({ mode, options, onClose }: { mode: DraftMode; options: AgreementOptions; onClose: () => void }) {
  const t = useText('console-agreements');
  const write = useAgreementWrite();
  const [formError, setFormError] = useState<string | null>(null);
  const [tab, setTab] = useState<string | null>('write');
  const form = useZodForm({ schema: agreementDraftSchema, transform: toRequest, initialValues: initialValues(mode) });
  const values = form.values;
  const [markdown] = useDebouncedValue(values.body_markdown, 400);
  const preview = useAgreementPreview(markdown, tab === 'preview');
  // The family (kind, key, agent) is fixed once a version exists.
  const familyFixed = mode.kind !== 'new';

  const title =
    mode.kind === 'new' ? t('form.newTitle') : mode.kind === 'version' ? t('form.newVersionTitle', { title: mode.from.title }) : t('form.editTitle', { title: mode.draft.title, version: mode.draft.version });

  const submit = form.onSubmit(async (body) => {
    setFormError(null);
    try {
      await write.mutateAsync(mode.kind === 'edit' ? { kind: 'update', id: mode.draft.id, body } : { kind: 'create', body });
      notifySuccess(t('form.saved'), body.title);
      onClose();
    } catch (error) {
      if (!form.showFieldErrors(error)) setFormError(submitErrorMessage(error, t('form.saveFailed')));
    }
  });

  const named = (items: { id: number; name: string }[]) => items.map((item) => ({ value: String(item.id), label: item.name }));

  return (
    <FormDialog
      title={title}
      closeLabel={t('form.close')}
      cancelLabel={t('form.cancel')}
      submitLabel={t('form.save')}
      onClose={onClose}
      onSubmit={submit}
      pending={write.isPending}
      error={formError}
      size="xl"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('form.kind')}
          data={AGREEMENT_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
          value={values.kind}
          onChange={(kind) => form.setFieldValue('kind', (kind ?? 'template') as DraftValues['kind'])}
          allowDeselect={false}
          disabled={familyFixed}
        />
        <TextInput label={t('form.key')} description={t('form.keyHelp')} required autoComplete="off" maxLength={60} disabled={familyFixed} {...form.getInputProps('key')} />
      </SimpleGrid>
      <TextInput label={t('form.title')} required maxLength={200} autoComplete="off" data-autofocus {...form.getInputProps('title')} />
      {values.kind === 'individual' ? (
        <Select
          label={t('form.agent')}
          placeholder={t('form.chooseAgent')}
          data={named(options.agents)}
          searchable
          nothingFoundMessage={t('form.noneFound')}
          value={values.referral_agent_id}
          onChange={(value) => form.setFieldValue('referral_agent_id', value)}
          error={form.errorText('referral_agent_id')}
          disabled={familyFixed}
          required
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <MultiSelect label={t('form.groups')} description={t('form.groupsHelp')} data={named(options.groups)} value={values.referral_group_ids} onChange={(ids) => form.setFieldValue('referral_group_ids', ids)} clearable />
          <MultiSelect label={t('form.types')} description={t('form.typesHelp')} data={named(options.partner_types)} value={values.partner_type_ids} onChange={(ids) => form.setFieldValue('partner_type_ids', ids)} clearable />
        </SimpleGrid>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput type="date" label={t('form.effective')} required {...form.getInputProps('effective_on')} />
        <TextInput type="date" label={t('form.expires')} description={t('form.expiresHelp')} {...form.getInputProps('expires_on')} />
      </SimpleGrid>
      <Checkbox label={t('form.mandatory')} {...form.getCheckboxProps('mandatory')} />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="write">{t('form.write')}</Tabs.Tab>
          <Tabs.Tab value="preview">{t('form.preview')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="write" pt="xs">
          <Textarea label={t('form.text')} required rows={14} maxLength={100_000} className={classes.markdownInput} {...form.getInputProps('body_markdown')} />
        </Tabs.Panel>
        <Tabs.Panel value="preview" pt="xs">
          {preview.isPending ? (
            <LoadingPlaceholder label={t('form.previewLoading')}><Skeleton h={200} /></LoadingPlaceholder>
          ) : preview.isError ? (
            <Text c="red" size="sm" role="alert">
              {t('form.previewFailed')}
            </Text>
          ) : (
            // Sanitised by the server (the same rendering partners get).
            <div className={classes.preview} dangerouslySetInnerHTML={{ __html: preview.data.html }} />
          )}
        </Tabs.Panel>
      </Tabs>
    </FormDialog>
  );
}
