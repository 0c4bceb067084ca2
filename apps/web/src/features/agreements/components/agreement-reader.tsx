import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Badge, Box, Button, Checkbox, Group, Modal, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { signAgreementRequestSchema, type AgreementDetail } from '@portal/contracts/agreements';
import { LoadingPlaceholder } from '../../../components/loading-placeholder/loading-placeholder';
import { LoadFailedAlert } from '../../../components/query-view/query-view';
import { useFormat } from '../../../i18n/format';
import { useLocale, useText } from '../../../i18n/i18n';
import { localizeValidationMessage } from '../../../i18n/validation-messages';
import { HttpError } from '../../../lib/http';
import { notifySuccess } from '../../../lib/notify';
import { useRateText } from '../../../lib/rate-text';
import { submitErrorMessage, useZodForm } from '../../../lib/use-zod-form';
import { useAuthStore, userCan } from '../../../stores/auth-store';
import { useAgreement, useSignAgreement } from '../api/agreements-api';
import { AgreementStatusBadge } from './agreement-status-badge';
import { SignedPdfButton } from './signed-pdf-button';
import classes from './agreement-reader.module.css';
import { TableScroller } from '../../../components/data-table/scroll-region-frame';

/**
 * An agreement to read and, for an owner, to sign (issue 15): the full text in a scrollable region that must be read
 * to its end, the rates attached, then the consent to electronic records and the typed full name. What is signed is
 * identified by the SHA-256 the server gave with the text: if the agreement changed meanwhile, the server refuses.
 */
export function AgreementReader({ id, onClose }: { id: number; onClose: () => void }) {
  const t = useText('agreements');
  const agreement = useAgreement(id);
  const title = agreement.data ? agreement.data.title : t('reader.text');

  let body;
  if (agreement.isPending) {
    body = (
      <LoadingPlaceholder label={t('loading')}>
        <Stack gap="sm">
          <Skeleton h={20} w="60%" />
          <Skeleton h={220} />
        </Stack>
      </LoadingPlaceholder>
    );
  } else if (agreement.isError) {
    const missing = agreement.error instanceof HttpError && agreement.error.status === 404;
    body = (
      missing ? (
        <Alert color="red" variant="light" role="alert" title={t('reader.notFound')} />
      ) : (
        <LoadFailedAlert title={t('reader.loadFailed')} retryLabel={t('tryAgain')} onRetry={() => void agreement.refetch()} retrying={agreement.isFetching} />
      )
    );
  } else {
    body = <ReaderBody agreement={agreement.data} />;
  }

  return (
    <Modal opened onClose={onClose} title={title} size="xl" fullScreen={false} closeButtonProps={{ 'aria-label': t('reader.close') }} classNames={{ content: classes.content }}>
      {body}
    </Modal>
  );
}

function ReaderBody({ agreement }: { agreement: AgreementDetail }) {
  const t = useText('agreements');
  const format = useFormat();
  const rates = useRateText();
  const maySign = useAuthStore((state) => userCan(state.user, 'agreements.sign'));
  const scroller = useRef<HTMLDivElement | null>(null);
  const [readToEnd, setReadToEnd] = useState(false);

  // Reaching the end: the region scrolled to its bottom (or a text short enough to show whole).
  const check = useCallback(() => {
    const element = scroller.current;
    if (element && element.scrollTop + element.clientHeight >= element.scrollHeight - 8) setReadToEnd(true);
  }, []);
  useEffect(check, [check, agreement.id]);

  return (
    <Stack gap="md">
      <Group gap="xs" wrap="wrap">
        <AgreementStatusBadge status={agreement.status} />
        <Badge variant="outline" color="gray">
          {t('version', { version: agreement.version })}
        </Badge>
        {agreement.mandatory ? (
          <Badge variant="light" color="red">
            {t('mandatory')}
          </Badge>
        ) : null}
        <Text size="sm" c="dimmed">
          {agreement.expires_at ? t('validity', { from: format.date(agreement.effective_at), to: format.date(agreement.expires_at) }) : t('effective', { date: format.date(agreement.effective_at) })}
        </Text>
      </Group>
      <Box ref={scroller} onScroll={check} className={classes.text} tabIndex={0} role="region" aria-label={t('reader.textLabel')}>
        {/* Rendered from Markdown and sanitised by the server (sanitize-html: no script, no style, no event handler). */}
        <div className={classes.markdown} dangerouslySetInnerHTML={{ __html: agreement.body_html }} />
        {agreement.rate_schedule && agreement.rate_schedule.length > 0 ? (
          <Stack gap="xs" mt="md">
            <Title order={3} size="h5">
              {t('reader.rates')}
            </Title>
            <TableScroller label={t('reader.ratesCaption')} minWidth={420}>
              <Table aria-label={t('reader.ratesCaption')} verticalSpacing={4} fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('reader.scope')}</Table.Th>
                    <Table.Th scope="col">{t('reader.rate')}</Table.Th>
                    <Table.Th scope="col">{t('reader.refund')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {agreement.rate_schedule.map((row, index) => (
                    <Table.Tr key={index}>
                      <Table.Td>{rates.scope(row.scope)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{rates.rate(row.rate)}</Table.Td>
                      <Table.Td>{t('reader.days', { count: row.refund_window_days })}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroller>
          </Stack>
        ) : null}
      </Box>
      {agreement.acceptance ? (
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              {t('signedBy', { name: agreement.acceptance.signer_name, date: format.date(agreement.acceptance.signed_at) })}
            </Text>
            <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {t('reader.fingerprint', { hash: agreement.acceptance.text_sha256 })}
            </Text>
          </Stack>
          <SignedPdfButton id={agreement.id} title={agreement.title} version={agreement.version} size="sm" />
        </Group>
      ) : agreement.status === 'action_needed' ? (
        maySign ? (
          <SignForm agreement={agreement} readToEnd={readToEnd} />
        ) : (
          <Alert variant="light" color="blue">
            {t('reader.ownersSign')}
          </Alert>
        )
      ) : null}
    </Stack>
  );
}

function SignForm({ agreement, readToEnd }: { agreement: AgreementDetail; readToEnd: boolean }) {
  const t = useText('agreements');
  const locale = useLocale();
  const sign = useSignAgreement(agreement.id);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm({
    schema: signAgreementRequestSchema,
    transform: (values: { signer_name: string; consent: boolean }) => ({ signer_name: values.signer_name, consent: values.consent, read_to_end: readToEnd, text_sha256: agreement.text_sha256 }),
    initialValues: { signer_name: '', consent: false },
  });
  const errors = form.errors as Record<string, string | undefined>;

  const submit = form.onSubmit(async (body) => {
    setFormError(null);
    try {
      await sign.mutateAsync(body);
      notifySuccess(t('reader.signed'), `${agreement.title} · ${t('version', { version: agreement.version })}`);
    } catch (error) {
      if (!form.showFieldErrors(error)) setFormError(submitErrorMessage(error, t('reader.signFailed')));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-busy={sign.isPending} aria-labelledby="sign-title">
      <Stack gap="sm" className={classes.sign}>
        <Title order={3} size="h5" id="sign-title">
          {t('reader.sign')}
        </Title>
        {formError ? (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        ) : null}
        <Text size="sm" c={readToEnd ? 'teal' : errors.read_to_end ? 'red' : 'dimmed'} role={errors.read_to_end && !readToEnd ? 'alert' : undefined} aria-live="polite">
          {readToEnd ? (
            <>
              <IconCheck size={14} aria-hidden /> {t('reader.readDone')}
            </>
          ) : (
            t('reader.scrollFirst')
          )}
        </Text>
        <Checkbox label={localizeValidationMessage(agreement.consent_text, locale)} {...form.getCheckboxProps('consent')} error={form.errorText('consent')} />
        <TextInput label={t('reader.fullName')} description={t('reader.fullNameHelp')} required autoComplete="name" maxLength={120} {...form.getInputProps('signer_name')} />
        <Group justify="flex-end">
          <Button type="submit" loading={sign.isPending}>
            {t('reader.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
