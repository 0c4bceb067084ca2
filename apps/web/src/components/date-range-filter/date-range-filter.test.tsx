import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { DateRangeFilter, type DateRangeFilterProps } from './date-range-filter';
import type { DateRange } from './date-range';

// Friday 15 March 2024.
const now = new Date(2024, 2, 15, 15, 30);

function Harness({ onChange, initial, ...props }: Partial<DateRangeFilterProps> & { initial?: DateRange }) {
  const [range, setRange] = useState<DateRange>(initial ?? { from: '', to: '' });
  return (
    <DateRangeFilter
      now={now}
      {...props}
      value={range}
      onChange={(next) => {
        setRange(next);
        onChange?.(next);
      }}
    />
  );
}

const trigger = () => screen.getByRole('button', { name: /^Date range:/ });
const dialog = () => screen.getByRole('dialog', { name: /^Date range: / });
// A calendar day by its name (Mantine's aria-label, e.g. '5 March 2024'). A role query would compute the name and
// visibility of every button of both calendars, several hundred milliseconds each on a busy machine.
const dayButton = (name: string) => within(dialog()).getByLabelText(name, { selector: 'button' });
const waitClosed = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

async function openFilter(user: ReturnType<typeof userEvent.setup>) {
  await user.click(trigger());
  return dialog();
}

describe('DateRangeFilter', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows that no range is applied', () => {
    renderWithProviders(<Harness />);
    expect(trigger()).toHaveAccessibleName('Date range: All dates');
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Clear date range' })).not.toBeInTheDocument();
  });

  it.each([
    ['Today', { from: '2024-03-15', to: '2024-03-15' }],
    ['Last 7 days', { from: '2024-03-09', to: '2024-03-15' }],
    ['This month', { from: '2024-03-01', to: '2024-03-31' }],
    ['Last month', { from: '2024-02-01', to: '2024-02-29' }],
    ['This quarter', { from: '2024-01-01', to: '2024-03-31' }],
    ['Last quarter', { from: '2023-10-01', to: '2023-12-31' }],
  ])('applies %s at once and names it on the button', async (name, range) => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);

    await openFilter(user);
    await user.click(within(dialog()).getByRole('button', { name }));

    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(range);
    await waitClosed();
    expect(trigger()).toHaveTextContent(name);
  });

  it('gives the typed date fields a hint for a placeholder, never a date that could pass for one entered', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await openFilter(user);
    await user.click(within(dialog()).getByRole('button', { name: 'Custom Monthly' }));
    for (const label of ['Start date', 'End date']) {
      const field = within(dialog()).getByLabelText(label);
      expect(field).toHaveValue('');
      expect(field).toHaveAttribute('placeholder', 'Type a date (day month year)');
    }
  });

  it('marks the applied quick range as pressed', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={{ from: '2024-03-01', to: '2024-03-31' }} />);
    await openFilter(user);
    expect(within(dialog()).getByRole('button', { name: 'This month' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog()).getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('Custom Monthly shows two calendars and applies the picked range with Apply', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);

    await openFilter(user);
    await user.click(within(dialog()).getByRole('button', { name: 'Custom Monthly' }));

    // Last month on the left, this month on the right.
    expect(within(dialog()).getByText('February 2024')).toBeInTheDocument();
    expect(within(dialog()).getByText('March 2024')).toBeInTheDocument();

    await user.click(dayButton('5 March 2024'));
    await user.click(dayButton('12 March 2024'));
    expect(onChange).not.toHaveBeenCalled();
    expect(within(dialog()).getByLabelText('Start date')).toHaveValue('5 Mar 2024');
    expect(within(dialog()).getByLabelText('End date')).toHaveValue('12 Mar 2024');

    await user.click(within(dialog()).getByRole('button', { name: 'Apply' }));

    expect(onChange).toHaveBeenCalledWith({ from: '2024-03-05', to: '2024-03-12' });
    await waitClosed();
    expect(trigger()).toHaveTextContent('5 Mar 2024 – 12 Mar 2024');
  });

  it('Clear empties the calendars, and Apply then removes the range', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} initial={{ from: '2024-01-05', to: '2024-01-20' }} />);

    // A custom range reopens on its panel.
    await openFilter(user);
    expect(within(dialog()).getByLabelText('Start date')).toHaveValue('5 Jan 2024');

    await user.click(within(dialog()).getByRole('button', { name: 'Clear' }));
    expect(within(dialog()).getByLabelText('Start date')).toHaveValue('');
    expect(within(dialog()).getByLabelText('End date')).toHaveValue('');
    expect(onChange).not.toHaveBeenCalled();

    await user.click(within(dialog()).getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenCalledWith({ from: '', to: '' });
    expect(trigger()).toHaveTextContent('All dates');
  });

  it('reads a single picked day as that day', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    await openFilter(user);
    await user.click(within(dialog()).getByRole('button', { name: 'Custom Monthly' }));
    await user.click(dayButton('7 March 2024'));
    await user.click(within(dialog()).getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenCalledWith({ from: '2024-03-07', to: '2024-03-07' });
  });

  it('rejects a typed start date after the end date with the spec message, and applies nothing', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    await openFilter(user);
    await user.click(within(dialog()).getByRole('button', { name: 'Custom Monthly' }));

    await user.type(within(dialog()).getByLabelText('Start date'), '20 Mar 2024');
    await user.type(within(dialog()).getByLabelText('End date'), '5 Mar 2024');
    await user.click(within(dialog()).getByRole('button', { name: 'Apply' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error ! Start Date 20 Mar 2024 should not be greater than end date 5 Mar 2024',
    );
    expect(onChange).not.toHaveBeenCalled();
    expect(dialog()).toBeInTheDocument();

    // Correcting the dates clears the message and applies.
    await user.clear(within(dialog()).getByLabelText('End date'));
    await user.type(within(dialog()).getByLabelText('End date'), '25 Mar 2024');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenCalledWith({ from: '2024-03-20', to: '2024-03-25' });
  });

  it('applies a whole month from the month picker and shows it as MMMM-Y', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    await openFilter(user);
    await user.click(within(dialog()).getByRole('button', { name: 'Month' }));

    // No month after the current one.
    expect(within(dialog()).getByRole('button', { name: 'Apr 2024' })).toBeDisabled();
    await user.click(within(dialog()).getByRole('button', { name: 'Jan 2024' }));

    expect(onChange).toHaveBeenCalledWith({ from: '2024-01-01', to: '2024-01-31' });
    await waitClosed();
    expect(trigger()).toHaveTextContent('January-2024');
  });

  it('offers years from 2012 to the current year and applies a whole year', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    await openFilter(user);
    await user.click(within(dialog()).getByRole('button', { name: 'Year' }));

    const select = within(dialog()).getByRole('combobox', { name: 'Year' });
    const years = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(years[0]).toBe('2024');
    expect(years.at(-1)).toBe('2012');
    expect(years).toHaveLength(13);

    await user.selectOptions(select, '2019');
    await user.click(within(dialog()).getByRole('button', { name: 'Apply' }));

    expect(onChange).toHaveBeenCalledWith({ from: '2019-01-01', to: '2019-12-31' });
    expect(trigger()).toHaveTextContent('2019');
  });

  it('rejects a start year after the end year with the spec message, and applies nothing', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    await openFilter(user);
    await user.click(within(dialog()).getByRole('button', { name: 'Year range' }));

    await user.selectOptions(within(dialog()).getByRole('combobox', { name: 'Start year' }), '2022');
    await user.selectOptions(within(dialog()).getByRole('combobox', { name: 'End year' }), '2018');
    await user.click(within(dialog()).getByRole('button', { name: 'Apply' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error ! Start Year 2022 should not be greater than end Year 2018',
    );
    expect(onChange).not.toHaveBeenCalled();

    await user.selectOptions(within(dialog()).getByRole('combobox', { name: 'End year' }), '2023');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenCalledWith({ from: '2022-01-01', to: '2023-12-31' });
    expect(trigger()).toHaveTextContent('2022 – 2023');
  });

  it('clears the applied range with the clear button', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} initial={{ from: '2024-03-01', to: '2024-03-31' }} />);

    await user.click(screen.getByRole('button', { name: 'Clear date range' }));

    expect(onChange).toHaveBeenCalledWith({ from: '', to: '' });
    expect(trigger()).toHaveTextContent('All dates');
  });

  it('is usable with the keyboard alone and gives focus back on Escape', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);

    await user.tab();
    expect(trigger()).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(dialog()).toBeInTheDocument();
    await waitFor(() => expect(dialog()).toContainElement(document.activeElement as HTMLElement));

    await user.keyboard('{Escape}');
    await waitClosed();
    expect(trigger()).toHaveFocus();
    expect(onChange).not.toHaveBeenCalled();

    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(dialog()).getByRole('button', { name: 'Today' })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith({ from: '2024-03-15', to: '2024-03-15' });
  });

  it('offers only the modes it is given', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness modes={['today', 'custom']} />);
    await openFilter(user);
    const buttons = within(within(dialog()).getByRole('group', { name: 'Ranges' })).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['Today', 'Custom Monthly']);
  });

  it('uses the clock when no time is given', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date(2025, 6, 4, 9, 0));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const onChange = vi.fn();
    renderWithProviders(<DateRangeFilter onChange={onChange} />);

    await user.click(trigger());
    await user.click(within(dialog()).getByRole('button', { name: 'Today' }));

    expect(onChange).toHaveBeenCalledWith({ from: '2025-07-04', to: '2025-07-04' });
    expect(trigger()).toHaveTextContent('Today');
  });
});
