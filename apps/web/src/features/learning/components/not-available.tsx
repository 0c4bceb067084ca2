import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useLearningText } from '../learning-messages';

/** What an unknown, unpublished or hidden item shows: the same for all three, as the server answers the same 404. */
export function NotAvailable({ back }: { back: { to: string; label: string } }) {
  const t = useLearningText();
  return (
    <Alert variant="light" color="gray" title={t('common.notFoundTitle')}>
      <Stack gap="xs">
        <Text size="sm">{t('common.notFound')}</Text>
        <Anchor component={Link} to={back.to} size="sm">
          {back.label}
        </Anchor>
      </Stack>
    </Alert>
  );
}
