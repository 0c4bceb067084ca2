import { Badge, Button, Drawer, Skeleton, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ConsoleAgreementRow } from '@portal/contracts/console-agreements';
import { LoadFailedAlert } from '../../components/query-view/query-view';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
import { notifyError } from '../../lib/notify';
import { downloadSignature, useSignatures } from './agreements-api';
import { TableScroller } from '../../components/data-table/scroll-region-frame';

/** Who signed an agreement and who has not, with each signer, time, IP and signed PDF. */
export function SignaturesDrawer({ agreement, onClose }: { agreement: ConsoleAgreementRow; onClose: () => void }) {
  const t = useText('console-agreements');
  const format = useFormat();
  const signatures = useSignatures(agreement.id);

  let body;
  if (signatures.isPending) body = <Skeleton h={160} aria-busy="true" />;
  else if (signatures.isError) {
    body = (
      <LoadFailedAlert title={t('signaturesDrawer.loadFailed')} retryLabel={t('retry')} onRetry={() => void signatures.refetch()} retrying={signatures.isFetching} />
    );
  } else {
    body = (
      <TableScroller label={t('signaturesDrawer.caption')} minWidth={640}>
        <Table aria-label={t('signaturesDrawer.caption')} verticalSpacing="xs" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('signaturesDrawer.agent')}</Table.Th>
              <Table.Th scope="col">{t('signaturesDrawer.signer')}</Table.Th>
              <Table.Th scope="col">{t('signaturesDrawer.when')}</Table.Th>
              <Table.Th scope="col">{t('signaturesDrawer.ip')}</Table.Th>
              <Table.Th scope="col">{t('signaturesDrawer.pdf')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {signatures.data.signatures.map((signature) => (
              <Table.Tr key={signature.agent.id}>
                <Table.Td>{signature.agent.name}</Table.Td>
                {signature.signed ? (
                  <>
                    <Table.Td>
                      <Text size="sm">{signature.signed.signer_name}</Text>
                      <Text size="xs" c="dimmed">
                        {signature.signed.signer_email}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.full(signature.signed.signed_at)}</Table.Td>
                    <Table.Td>{signature.signed.ip}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconDownload size={14} aria-hidden />}
                        aria-label={t('signaturesDrawer.downloadNamed', { agent: signature.agent.name })}
                        onClick={() => downloadSignature(agreement.id, signature.agent.id).catch((error: unknown) => notifyError(t('signaturesDrawer.downloadFailed'), error instanceof Error ? error.message : ''))}
                      >
                        {t('signaturesDrawer.download')}
                      </Button>
                    </Table.Td>
                  </>
                ) : (
                  <Table.Td colSpan={4}>
                    <Badge variant="light" color="orange">
                      {t('signaturesDrawer.notSigned')}
                    </Badge>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroller>
    );
  }

  return (
    <Drawer opened onClose={onClose} position="right" size="xl" title={t('signaturesDrawer.title', { title: agreement.title, version: agreement.version })} closeButtonProps={{ 'aria-label': t('signaturesDrawer.close') }}>
      {body}
    </Drawer>
  );
}
