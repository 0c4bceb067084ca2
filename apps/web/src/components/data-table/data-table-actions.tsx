import { ActionIcon, Button, Menu } from '@mantine/core';
import {
  IconChevronDown,
  IconCopy,
  IconDotsVertical,
  IconDownload,
  IconFileSpreadsheet,
  IconFileTypePdf,
  IconPrinter,
} from '@tabler/icons-react';

export const COMPACT_ACTIONS_LABEL = 'Copy, print or export';

export interface DataTableActionsProps {
  onCopy: () => void;
  onPrint: () => void;
  onExportPdf?: () => void;
  onExportExcel?: () => void;
  /** Keeps the Export button busy (and disabled) while a file is prepared. */
  exportBusy?: boolean;
  /** One menu button instead of three buttons, for the phone bar. */
  compact?: boolean;
}

/** Copy, Print and the Export as menu (spec §2); the menu is left out when the list offers no export. */
export function DataTableActions({ onCopy, onPrint, onExportPdf, onExportExcel, exportBusy = false, compact = false }: DataTableActionsProps) {
  if (compact) {
    return (
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="default" size={36} aria-label={COMPACT_ACTIONS_LABEL} loading={exportBusy} aria-busy={exportBusy}>
            <IconDotsVertical size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconCopy size={16} aria-hidden />} onClick={onCopy}>
            Copy
          </Menu.Item>
          <Menu.Item leftSection={<IconPrinter size={16} aria-hidden />} onClick={onPrint}>
            Print
          </Menu.Item>
          {onExportPdf ? (
            <Menu.Item leftSection={<IconFileTypePdf size={16} aria-hidden />} onClick={onExportPdf}>
              Export as PDF
            </Menu.Item>
          ) : null}
          {onExportExcel ? (
            <Menu.Item leftSection={<IconFileSpreadsheet size={16} aria-hidden />} onClick={onExportExcel}>
              Export as Excel
            </Menu.Item>
          ) : null}
        </Menu.Dropdown>
      </Menu>
    );
  }
  return (
    <>
      <Button variant="default" leftSection={<IconCopy size={16} aria-hidden />} onClick={onCopy}>
        Copy
      </Button>
      <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />} onClick={onPrint}>
        Print
      </Button>
      {onExportPdf || onExportExcel ? (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              leftSection={<IconDownload size={16} aria-hidden />}
              rightSection={<IconChevronDown size={14} aria-hidden />}
              loading={exportBusy}
              aria-busy={exportBusy}
            >
              Export as
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {onExportPdf ? (
              <Menu.Item leftSection={<IconFileTypePdf size={16} aria-hidden />} onClick={onExportPdf}>
                PDF
              </Menu.Item>
            ) : null}
            {onExportExcel ? (
              <Menu.Item leftSection={<IconFileSpreadsheet size={16} aria-hidden />} onClick={onExportExcel}>
                Excel
              </Menu.Item>
            ) : null}
          </Menu.Dropdown>
        </Menu>
      ) : null}
    </>
  );
}
