import { useState } from 'react';
import { ActionIcon, Button, Loader, Menu } from '@mantine/core';
import {
  IconChevronDown,
  IconCopy,
  IconDotsVertical,
  IconDownload,
  IconFileSpreadsheet,
  IconFileTypePdf,
  IconPrinter,
} from '@tabler/icons-react';
import { useText } from '../../i18n/i18n';

/** English, for tests; shown from the shared catalogue. */

export interface DataTableActionsProps {
  onCopy: () => void;
  onPrint: () => void;
  onExportPdf?: () => void;
  onExportExcel?: () => void;
  /** Keeps the Export button busy (its menu does not open) while a file is prepared. */
  exportBusy?: boolean;
  /** One menu button instead of three buttons, for the phone bar. */
  compact?: boolean;
}

/**
 * Copy, Print and the Export as menu (spec §2); the menu is left out when the list offers no export. While a file
 * is prepared the export button is busy (a spinner, aria-busy, aria-disabled, its menu closed) but not `disabled`
 * nor Mantine's `loading` (which disables): the menu hands focus back to it as it closes, and a disabled button
 * would drop that focus to <body> (issue #13, ux-audit M1).
 */
export function DataTableActions({ onCopy, onPrint, onExportPdf, onExportExcel, exportBusy = false, compact = false }: DataTableActionsProps) {
  const t = useText('shared');
  // Controlled, so that it cannot open while an export runs (Mantine's `disabled` only hides a menu that opens anyway
  // once it is enabled again).
  const [opened, setOpened] = useState(false);
  const menuState = { opened: opened && !exportBusy, onChange: (next: boolean) => setOpened(next && !exportBusy) };
  if (compact) {
    return (
      <Menu position="bottom-end" withinPortal {...menuState}>
        <Menu.Target>
          <ActionIcon variant="default" size={36} aria-label={t('table.compactActions')} aria-disabled={exportBusy || undefined} aria-busy={exportBusy}>
            {exportBusy ? <Loader size={16} color="currentColor" aria-hidden /> : <IconDotsVertical size={18} aria-hidden />}
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconCopy size={16} aria-hidden />} onClick={onCopy}>
            {t('table.copy')}
          </Menu.Item>
          <Menu.Item leftSection={<IconPrinter size={16} aria-hidden />} onClick={onPrint}>
            {t('table.print')}
          </Menu.Item>
          {onExportPdf ? (
            <Menu.Item leftSection={<IconFileTypePdf size={16} aria-hidden />} onClick={onExportPdf}>
              {t('table.exportAsPdf')}
            </Menu.Item>
          ) : null}
          {onExportExcel ? (
            <Menu.Item leftSection={<IconFileSpreadsheet size={16} aria-hidden />} onClick={onExportExcel}>
              {t('table.exportAsExcel')}
            </Menu.Item>
          ) : null}
        </Menu.Dropdown>
      </Menu>
    );
  }
  return (
    <>
      <Button variant="default" leftSection={<IconCopy size={16} aria-hidden />} onClick={onCopy}>
        {t('table.copy')}
      </Button>
      <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />} onClick={onPrint}>
        {t('table.print')}
      </Button>
      {onExportPdf || onExportExcel ? (
        <Menu position="bottom-end" withinPortal {...menuState}>
          <Menu.Target>
            <Button
              leftSection={exportBusy ? <Loader size={14} color="currentColor" aria-hidden /> : <IconDownload size={16} aria-hidden />}
              rightSection={<IconChevronDown size={14} aria-hidden />}
              aria-disabled={exportBusy || undefined}
              aria-busy={exportBusy}
            >
              {t('table.exportAs')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {onExportPdf ? (
              <Menu.Item leftSection={<IconFileTypePdf size={16} aria-hidden />} onClick={onExportPdf}>
                {t('table.pdf')}
              </Menu.Item>
            ) : null}
            {onExportExcel ? (
              <Menu.Item leftSection={<IconFileSpreadsheet size={16} aria-hidden />} onClick={onExportExcel}>
                {t('table.excel')}
              </Menu.Item>
            ) : null}
          </Menu.Dropdown>
        </Menu>
      ) : null}
    </>
  );
}
