import { Link, useSearchParams } from 'react-router';
import { Alert, Anchor, Button, Center, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconLock } from '@tabler/icons-react';
import { freezePaymentDetailsRequestSchema } from '@portal/contracts/payment-details';
import { useLocale, useText } from '../../../i18n/i18n';
import { localizeValidationMessage } from '../../../i18n/validation-messages';
import { isHttpError } from '../../../lib/http';
import { ROUTES } from '../../../lib/paths';
import { useFreezePaymentDetails } from '../api/payment-details-api';

/**
 * /payment-details/freeze?token=…, the owners' e-mailed "I didn't do this" link (public: the owner may not be signed
 * in on the device that opens it). It says what freezing does and freezes only on the button: mail scanners open links,
 * so nothing is sent on load. Then the confirmation, or the server's reason when the link is bad, used or expired.
 */
export function FreezePaymentDetailsPage() {
  const t = useText('payment-details');
  const locale = useLocale();
  const [params] = useSearchParams();
  const freeze = useFreezePaymentDetails();
  const token = freezePaymentDetailsRequestSchema.safeParse({ token: params.get('token') ?? '' });
  const invalidLink = token.success ? null : localizeValidationMessage(token.error.issues[0]?.message ?? '', locale);
  // The link is bad, used or expired (404): its message says so, and no retry can change that.
  const refused = isHttpError(freeze.error, 404) ? freeze.error.message : null;

  let content;
  if (freeze.data) {
    content = (
      <Stack gap="sm" align="center" ta="center">
        <IconCircleCheck size={48} color="var(--mantine-color-teal-6)" aria-hidden="true" />
        <Text fw={600}>{t('freeze.doneTitle')}</Text>
        <Text>{t('freeze.done', { agent: freeze.data.agent_name })}</Text>
      </Stack>
    );
  } else if (invalidLink || refused) {
    content = (
      <Alert color="red" variant="light" role="alert">
        {invalidLink ?? refused}
      </Alert>
    );
  } else {
    content = (
      <Stack gap="md">
        <Text>{t('freeze.intro')}</Text>
        <div>
          <Text size="sm" fw={500}>
            {t('freeze.what')}
          </Text>
          <List size="sm" spacing={4} mt={4}>
            <List.Item>{t('freeze.stops')}</List.Item>
            <List.Item>{t('freeze.team')}</List.Item>
            <List.Item>{t('freeze.once')}</List.Item>
          </List>
        </div>
        {freeze.isError && (
          <Alert color="orange" variant="light" role="alert" title={t('freeze.failedTitle')}>
            {t('freeze.failed')}
          </Alert>
        )}
        <Button color="red" leftSection={<IconLock size={18} aria-hidden />} loading={freeze.isPending} onClick={() => token.success && freeze.mutate(token.data.token)}>
          {t('freeze.confirm')}
        </Button>
      </Stack>
    );
  }

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={520} w="100%">
        <Stack gap="md">
          <Title order={1} size="h3">
            {t('freeze.title')}
          </Title>
          <div aria-live="polite">{content}</div>
          <Anchor component={Link} to={ROUTES.Dashboard} size="sm">
            {t('freeze.portal')}
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
