import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import type { ExportHandler } from './data-table-types';
import { sharedText } from '../../i18n/i18n';

/** English, for tests; shown from the shared catalogue. */

export type ExportKind = 'pdf' | 'excel';

const PREPARING = { pdf: 'table.preparingPdf', excel: 'table.preparingExcel' } as const satisfies Record<ExportKind, string>;

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as PromiseLike<unknown>).then === 'function';
}

/**
 * Runs an export handler and stays busy while the promise it returns is pending, so a page that exports
 * asynchronously gets a busy button and a spoken status without tracking it itself. `exporting` covers pages
 * that do track it.
 */
export function useExportRunner({ exporting = false }: { exporting?: boolean } = {}) {
  const [running, setRunning] = useState<ExportKind | null>(null);

  const run = (kind: ExportKind, handler: ExportHandler | undefined) => {
    if (!handler) return;
    const result = handler();
    if (!isPromiseLike(result)) return;
    setRunning(kind);
    Promise.resolve(result)
      .catch(() => notifications.show({ color: 'red', message: sharedText('table.exportFailed') }))
      .finally(() => setRunning(null));
  };

  const busy = exporting || running !== null;
  /** For the live region: names the file being prepared when the table started it. */
  const status = running ? sharedText(PREPARING[running]) : exporting ? sharedText('table.preparingFile') : '';
  return { run, busy, status };
}
