import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { DataTable } from './data-table';
import type { TableHeader } from './data-table-types';

interface Report {
  id: number;
  period: string;
  opening: string;
  paid: string;
}

const rows: Report[] = [
  { id: 1, period: 'October-2026', opening: 'AED 1,200.00', paid: 'AED 800.00' },
  { id: 2, period: 'September-2026', opening: 'AED 950.00', paid: 'AED 0.00' },
];

const headers: TableHeader<Report>[] = [
  { text: 'Period', value: 'period' },
  { text: 'Opening balance', value: 'opening', priority: 'low' },
  { text: 'Paid', value: 'paid' },
  { text: 'Actions', value: 'id', pinned: true, render: (row) => <button type="button">Regenerate {row.period}</button> },
];

/** jsdom lays nothing out: give every element the widths of a table wider, or narrower, than its scroller. */
function layOut({ content, box }: { content: number; box: number }) {
  Object.defineProperty(HTMLElement.prototype, 'scrollWidth', { configurable: true, get: () => content });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => box });
}

afterEach(() => {
  // Back to jsdom's own (zero) widths.
  delete (HTMLElement.prototype as { scrollWidth?: number }).scrollWidth;
  delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
});

describe('DataTable that fits its width', () => {
  it('shows every column while the table fits, with no details toggles and no tab stop on the scroller', () => {
    layOut({ content: 900, box: 1000 });
    renderWithProviders(<DataTable caption="Finance reports" headers={headers} rows={rows} layout="table" />);
    const table = screen.getByRole('table', { name: 'Finance reports' });
    expect(within(table).getByRole('columnheader', { name: 'Opening balance' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Details of/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Finance reports' })).not.toBeInTheDocument();
  });

  it('folds a lower-priority column into each row\'s details when the table would overflow, and opens them by keyboard', async () => {
    const user = userEvent.setup();
    layOut({ content: 1642, box: 1066 });
    renderWithProviders(<DataTable caption="Finance reports" headers={headers} rows={rows} layout="table" />);
    const table = screen.getByRole('table', { name: 'Finance reports' });
    expect(within(table).queryByRole('columnheader', { name: 'Opening balance' })).not.toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Paid' })).toBeInTheDocument();
    expect(within(table).queryByText('AED 1,200.00')).not.toBeInTheDocument();

    const toggle = within(table).getByRole('button', { name: 'Details of October-2026' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const details = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(within(details).getByText('Opening balance')).toBeInTheDocument();
    expect(within(details).getByText('AED 1,200.00')).toBeInTheDocument();
    // The other row stays closed.
    expect(within(table).getByRole('button', { name: 'Details of September-2026' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('makes an overflowing scroller a named region the keyboard reaches, and marks the hidden edge for its shadow', () => {
    // No lower-priority column: nothing to fold, so it scrolls.
    layOut({ content: 1642, box: 1066 });
    renderWithProviders(<DataTable caption="Finance reports" headers={headers.filter((header) => !header.priority)} rows={rows} layout="table" />);
    const region = screen.getByRole('region', { name: 'Finance reports' });
    expect(region).toHaveAttribute('tabindex', '0');
    const frame = region.closest('[data-scroll-frame]')!;
    expect(frame).toHaveAttribute('data-hidden-end');
    expect(frame).not.toHaveAttribute('data-hidden-start');
    // The row's actions are pinned to its end, where the shadow is drawn instead.
    expect(frame).toHaveAttribute('data-pinned-end');
    const actionsHeader = within(region).getByRole('columnheader', { name: 'Actions' });
    const actionsCell = within(region).getByRole('button', { name: 'Regenerate October-2026' }).closest('td')!;
    expect(actionsHeader).toHaveAttribute('data-pinned');
    expect(actionsCell).toHaveAttribute('data-pinned');
    expect(within(region).getByRole('columnheader', { name: 'Paid' })).not.toHaveAttribute('data-pinned');
  });

  it('keeps every column on cards, where nothing scrolls sideways', () => {
    layOut({ content: 1642, box: 360 });
    renderWithProviders(<DataTable caption="Finance reports" headers={headers} rows={rows} layout="cards" />);
    expect(screen.getByText('AED 1,200.00')).toBeInTheDocument();
  });
});
