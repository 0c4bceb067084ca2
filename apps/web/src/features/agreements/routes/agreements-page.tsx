import { Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { AgreementSummary } from '@portal/contracts/agreements';
import { LoadingPlaceholder } from '../../../components/loading-placeholder/loading-placeholder';
import { LoadFailedAlert } from '../../../components/query-view/query-view';
import { useFormat } from '../../../i18n/format';
import { useText } from '../../../i18n/i18n';
import { useAgreements } from '../api/agreements-api';
import { AgreementReader } from '../components/agreement-reader';
import { AgreementStatusBadge } from '../components/agreement-status-badge';
import { SignedPdfButton } from '../components/signed-pdf-button';

/** The reader's agreement in the URL (`?agreement=12`), so a notification or the banner can open it. */
export function useOpenAgreement(): [number | null, (id: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('agreement');
  const id = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const open = (next: number | null) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next === null) updated.delete('agreement');
      else updated.set('agreement', String(next));
      return updated;
    });
  return [id, open];
}

/** One agreement in a list: what it is, its state, who signed, and the way to read (and sign) or download it. */
export function AgreementCard({ agreement, onOpen }: { agreement: AgreementSummary; onOpen: (id: number) => void }) {
  const t = useText('agreements');
  const format = useFormat();
  const toSign = agreement.status === 'action_needed';
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={`${agreement.title}, ${t('version', { version: agreement.version })}`}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
          <Stack gap={2}>
            <Text fw={600}>{agreement.title}</Text>
            <Text size="sm" c="dimmed">
              {[t(`kinds.${agreement.kind}`), t('version', { version: agreement.version }), agreement.expires_at ? t('validity', { from: format.date(agreement.effective_at), to: format.date(agreement.expires_at) }) : t('effective', { date: format.date(agreement.effective_at) })].join(' · ')}
            </Text>
          </Stack>
          <Group gap={6}>
            {agreement.mandatory && toSign ? (
              <Text size="xs" fw={600} c="red">
                {t('mandatory')}
              </Text>
            ) : null}
            <AgreementStatusBadge status={agreement.status} />
          </Group>
        </Group>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm">{agreement.acceptance ? t('signedBy', { name: agreement.acceptance.signer_name, date: format.date(agreement.acceptance.signed_at) }) : t('notSigned')}</Text>
          <Group gap="xs">
            {agreement.acceptance ? <SignedPdfButton id={agreement.id} title={agreement.title} version={agreement.version} /> : null}
            <Button
              size="xs"
              variant={toSign ? 'filled' : 'default'}
              onClick={() => onOpen(agreement.id)}
              aria-label={toSign ? t('readAndSignNamed', { title: agreement.title, version: agreement.version }) : t('readNamed', { title: agreement.title, version: agreement.version })}
            >
              {toSign ? t('readAndSign') : t('read')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}

/** Loading, failed and empty states of an agreements list, or the list itself. */
export function AgreementList({ filter, emptyText }: { filter: (agreement: AgreementSummary) => boolean; emptyText: string }) {
  const t = useText('agreements');
  const agreements = useAgreements();
  const [openId, open] = useOpenAgreement();

  let body;
  if (agreements.isPending) {
    body = (
      <LoadingPlaceholder label={t('loading')}>
        <Stack gap="sm">
          <Skeleton h={96} radius="md" />
          <Skeleton h={96} radius="md" />
        </Stack>
      </LoadingPlaceholder>
    );
  } else if (agreements.isError) {
    body = (
      <LoadFailedAlert title={t('loadFailed')} retryLabel={t('tryAgain')} onRetry={() => void agreements.refetch()} retrying={agreements.isFetching} />
    );
  } else {
    const shown = agreements.data.agreements.filter(filter);
    body =
      shown.length === 0 ? (
        <Text size="sm">{emptyText}</Text>
      ) : (
        <Stack gap="sm">
          {shown.map((agreement) => (
            <AgreementCard key={agreement.id} agreement={agreement} onOpen={open} />
          ))}
        </Stack>
      );
  }
  return (
    <>
      {body}
      {openId !== null ? <AgreementReader id={openId} onClose={() => open(null)} /> : null}
    </>
  );
}

/** /agreements (spec §2; issue 15): every agreement of the agent with its state; one opens to read and sign. */
export function AgreementsPage() {
  const t = useText('agreements');
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('agreementsTitle')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('agreementsIntro')}
        </Text>
      </Stack>
      <AgreementList filter={() => true} emptyText={t('empty')} />
    </Stack>
  );
}
