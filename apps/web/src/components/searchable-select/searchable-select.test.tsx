import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import {
  SearchableSelect,
  filterOptions,
  type SearchableSelectOption,
  type SearchableSelectProps,
} from './searchable-select';

const facilities: SearchableSelectOption<number>[] = [
  { label: 'Apollo City Hospital', value: 1 },
  { label: 'Bumrungrad International', value: 2 },
  { label: 'City Clinic', value: 3 },
  { label: 'Mount Elizabeth', value: 4 },
];

type HarnessProps = Partial<SearchableSelectProps<number>> & { initial?: number | null };

function Harness({ initial = null, onChange, ...props }: HarnessProps) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <>
      <SearchableSelect<number>
        options={facilities}
        label="Facility"
        placeholder="Choose a facility"
        {...props}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange?.(next);
        }}
      />
      <button type="button">Elsewhere</button>
    </>
  );
}

const input = () => screen.getByRole('combobox', { name: 'Facility' });
const optionLabels = () => screen.getAllByRole('option').map((option) => option.textContent);
const waitClosed = () => waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());

describe('filterOptions', () => {
  it('matches a case-insensitive substring of the label', () => {
    expect(filterOptions(facilities, 'CITY').map((option) => option.value)).toEqual([1, 3]);
    expect(filterOptions(facilities, 'nation').map((option) => option.value)).toEqual([2]);
    expect(filterOptions(facilities, '  ')).toBe(facilities);
    expect(filterOptions(facilities, 'zzz')).toEqual([]);
  });
});

describe('SearchableSelect', () => {
  it('is a labelled combobox that shows the selected label while closed', () => {
    renderWithProviders(<Harness initial={2} />);
    expect(input()).toHaveValue('Bumrungrad International');
    expect(input()).toHaveAttribute('aria-expanded', 'false');
    expect(input()).toHaveAttribute('aria-autocomplete', 'list');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('opens on click, lists every option and marks the selected one with a check', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={3} />);

    await user.click(input());

    const listbox = await screen.findByRole('listbox', { name: 'Facility' });
    expect(input()).toHaveAttribute('aria-expanded', 'true');
    expect(input()).toHaveAttribute('aria-controls', listbox.id);
    expect(optionLabels()).toEqual(facilities.map((facility) => facility.label));
    const selected = screen.getByRole('option', { name: 'City Clinic' });
    expect(selected).toHaveAttribute('aria-selected', 'true');
    expect(within(selected).getByTestId('selected-check')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Mount Elizabeth' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getAllByTestId('selected-check')).toHaveLength(1);
  });

  it('filters options by a case-insensitive substring of the label', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);

    await user.type(input(), 'CITY');

    expect(optionLabels()).toEqual(['Apollo City Hospital', 'City Clinic']);
    await user.clear(input());
    await user.type(input(), 'eliz');
    expect(optionLabels()).toEqual(['Mount Elizabeth']);
  });

  it("shows 'No options found' when nothing matches", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);

    await user.type(input(), 'xyz');

    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No options found')).toBeVisible();
  });

  it('choosing an option selects it, shows its label, clears the search and closes', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);

    await user.type(input(), 'clinic');
    await user.click(screen.getByRole('option', { name: 'City Clinic' }));

    expect(onChange).toHaveBeenCalledWith(3);
    expect(input()).toHaveValue('City Clinic');
    await waitClosed();

    // The search text is gone: reopening lists everything again, with the new choice checked.
    await user.click(input());
    expect(optionLabels()).toHaveLength(facilities.length);
    expect(screen.getByRole('option', { name: 'City Clinic' })).toHaveAttribute('aria-selected', 'true');
  });

  it('restores the selected label when closed with Escape', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<Harness initial={1} onChange={onChange} />);

    await user.clear(input());
    await user.type(input(), 'mount');
    expect(input()).toHaveValue('mount');

    await user.keyboard('{Escape}');

    await waitClosed();
    expect(input()).toHaveValue('Apollo City Hospital');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('closes on an outside click and restores the label', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={4} />);

    await user.clear(input());
    await user.type(input(), 'bum');
    expect(screen.getByRole('listbox')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));

    await waitClosed();
    expect(input()).toHaveValue('Mount Elizabeth');
  });

  it('is usable with the keyboard alone', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<Harness initial={2} onChange={onChange} />);

    await user.tab();
    expect(input()).toHaveFocus();

    // ArrowDown opens on the selected option, then moves on.
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    const highlighted = () => document.getElementById(input().getAttribute('aria-activedescendant') ?? '');
    await waitFor(() => expect(highlighted()).toHaveTextContent('Bumrungrad International'));
    await user.keyboard('{ArrowDown}');
    expect(highlighted()).toHaveTextContent('City Clinic');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(highlighted()).toHaveTextContent('Apollo City Hospital');

    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith(1);
    expect(input()).toHaveValue('Apollo City Hospital');
    await waitClosed();

    // Typing highlights the first match, Enter takes it.
    await user.clear(input());
    await user.type(input(), 'mo');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(4);
    expect(input()).toHaveValue('Mount Elizabeth');
  });

  it('scrolls the list beyond 15rem', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 40 }, (_, index) => ({ label: `Facility ${index + 1}`, value: index + 1 }));
    renderWithProviders(<Harness options={many} />);

    await user.click(input());

    const listbox = await screen.findByRole('listbox');
    expect(listbox.style.maxHeight).toBe('15rem');
    expect(listbox.style.overflowY).toBe('auto');
    expect(screen.getAllByRole('option')).toHaveLength(40);
  });

  it('clears the selection with the clear button when clearable', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<Harness initial={1} clearable onChange={onChange} />);

    await user.click(screen.getByRole('button', { name: 'Clear selection' }));

    expect(onChange).toHaveBeenCalledWith(null);
    expect(input()).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear selection' })).not.toBeInTheDocument();
  });

  it('offers no clear button unless clearable', () => {
    renderWithProviders(<Harness initial={1} />);
    expect(screen.queryByRole('button', { name: 'Clear selection' })).not.toBeInTheDocument();
  });

  it('takes an accessible name without a visible label', () => {
    renderWithProviders(
      <SearchableSelect
        options={[{ label: 'Paid', value: 'paid' }]}
        value={null}
        onChange={() => {}}
        aria-label="Invoice status"
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Invoice status' })).toBeInTheDocument();
  });
});
