import { useState } from 'react';
import { TextInput } from '@mantine/core';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import {
  REFERRAL_GROUP_NAME_MAX,
  REFERRAL_GROUP_SLUG_MAX,
  createReferralGroupRequestSchema,
  updateReferralGroupRequestSchema,
  type ReferralGroupRow,
} from '@portal/contracts/console-referral-agents';
import { useText } from '../../i18n/i18n';
import { notifySuccess } from '../../lib/notify';
import { submitErrorMessage, useZodForm } from '../../lib/use-zod-form';
import { createGroup, renameGroup, useAfterWrite } from './referral-agents-api';

/** Creates a group (slug and name), or renames one (its slug shown, fixed). 422s are shown at their fields. */
export function GroupDialog({ group, onClose }: { group: ReferralGroupRow | null; onClose: () => void }) {
  const t = useText('console-referral-agents');
  const after = useAfterWrite();
  const editing = group !== null;
  const form = useZodForm({
    initialValues: { slug: group?.slug ?? '', name: group?.name ?? '' },
    schema: editing ? updateReferralGroupRequestSchema : createReferralGroupRequestSchema,
    transform: (values) => (editing ? { name: values.name } : values),
  });
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = form.onSubmit(async (data) => {
    setPending(true);
    setSubmitError(null);
    try {
      const saved = editing ? await renameGroup(group.id, data) : await createGroup(data as { slug: string; name: string });
      after.groupsChanged();
      notifySuccess(editing ? t('groups.saved') : t('groups.created'), t('groups.savedDetail', { name: saved.name }));
      onClose();
    } catch (error) {
      if (!form.showFieldErrors(error)) setSubmitError(submitErrorMessage(error, t('groups.saveFailed')));
    } finally {
      setPending(false);
    }
  });

  return (
    <FormDialog
      title={editing ? t('groups.editTitle', { name: group.name }) : t('groups.createTitle')}
      closeLabel={t('logo.close')}
      cancelLabel={t('groups.cancel')}
      submitLabel={editing ? t('groups.save') : t('groups.create')}
      onClose={onClose}
      onSubmit={submit}
      pending={pending}
      error={submitError}
    >
      <TextInput label={t('groups.name')} required maxLength={REFERRAL_GROUP_NAME_MAX} data-autofocus {...form.getInputProps('name')} />
      {editing ? (
        <TextInput label={t('groups.slug')} description={t('groups.slugFixed')} value={group.slug} readOnly dir="ltr" />
      ) : (
        <TextInput
          label={t('groups.slug')}
          description={t('groups.slugDescription')}
          required
          maxLength={REFERRAL_GROUP_SLUG_MAX}
          dir="ltr"
          autoCapitalize="none"
          spellCheck={false}
          {...form.getInputProps('slug')}
        />
      )}
    </FormDialog>
  );
}
