/** Copy and Print act on the rendered table, not on the data, so custom cell renderers come out as shown. */
import { notifications } from '@mantine/notifications';
import { cardsToText, tableToText } from './data-table-utils';
import { sharedText } from '../../i18n/i18n';
import { sharedEn } from '../../i18n/shared-en';

// English (spec §2), for tests; shown from the shared catalogue.
export const COPIED_MESSAGE = sharedEn.table.copied;

/**
 * Copies the table (or, on a phone, its cards: the same text) as tab-separated text and tells the user either
 * way: a silent failure looks like success.
 */
export async function copyTable(source: HTMLElement | null): Promise<void> {
  if (!source) return;
  try {
    await navigator.clipboard.writeText(source instanceof HTMLTableElement ? tableToText(source) : cardsToText(source));
    notifications.show({ color: 'teal', message: sharedText('table.copied') });
  } catch {
    notifications.show({ color: 'red', message: sharedText('table.copyFailed') });
  }
}

/**
 * Prints only `target`: data-table-print.css hides everything else while the root carries
 * data-printing-table, which beats opening a window and copying styles into it.
 */
export function printTable(target: HTMLElement | null): void {
  if (!target) return;
  const root = document.documentElement;
  const cleanUp = () => {
    root.removeAttribute('data-printing-table');
    target.removeAttribute('data-print-target');
    window.removeEventListener('afterprint', cleanUp);
  };
  root.setAttribute('data-printing-table', '');
  target.setAttribute('data-print-target', '');
  // Chrome and Firefox return from print() once the dialog closes, Safari at once: afterprint covers both.
  window.addEventListener('afterprint', cleanUp);
  try {
    window.print();
  } catch {
    cleanUp();
  }
}
