import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useText } from '../../../i18n/i18n';
import { notifyError } from '../../../lib/notify';
import { downloadSignedPdf } from '../api/download-signed-pdf';

/** Downloads the signed PDF; says so when it fails (the file is the one stored at signing, byte for byte). */
export function SignedPdfButton({ id, title, version, size = 'xs' }: { id: number; title: string; version: number; size?: 'xs' | 'sm' }) {
  const t = useText('agreements');
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size={size}
      variant="light"
      leftSection={<IconDownload size={14} aria-hidden />}
      loading={busy}
      aria-label={t('downloadNamed', { title, version })}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadSignedPdf(id);
        } catch (error) {
          notifyError(t('downloadFailed'), error instanceof Error ? error.message : '');
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('download')}
    </Button>
  );
}
