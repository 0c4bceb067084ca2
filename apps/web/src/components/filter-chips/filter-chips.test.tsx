import { describe, expect, it } from 'vitest';
import { useRef, useState, useTransition } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '@mantine/core';
import { renderWithProviders } from '../../../test/render';
import { FilterChips } from './filter-chips';

/** A list's filters as a page holds them; removal applied in a transition, as the router applies a URL change. */
function Harness({ initial }: { initial: string[] }) {
  const [applied, setApplied] = useState(initial);
  const [, startTransition] = useTransition();
  const filterButton = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button ref={filterButton}>Filter</Button>
      <FilterChips
        label="Applied filters"
        returnFocusTo={filterButton}
        chips={applied.map((name) => ({
          key: name,
          label: `${name}: on`,
          removeLabel: `Remove ${name} filter`,
          onRemove: () => startTransition(() => setApplied((current) => current.filter((other) => other !== name))),
        }))}
      />
    </>
  );
}

describe('FilterChips', () => {
  it('after a removal, focus goes to the chip that took its place, then the one before, then back to Filter', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={['facility', 'dates', 'invoice']} />);
    expect(screen.getByRole('group', { name: 'Applied filters' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove dates filter' }));
    expect(await screen.findByRole('button', { name: 'Remove invoice filter' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Remove dates filter' })).not.toBeInTheDocument();

    // The last chip: the one before it.
    await user.click(screen.getByRole('button', { name: 'Remove invoice filter' }));
    expect(await screen.findByRole('button', { name: 'Remove facility filter' })).toHaveFocus();

    // None left: the control that applies filters, not <body>.
    await user.click(screen.getByRole('button', { name: 'Remove facility filter' }));
    expect(await screen.findByRole('button', { name: 'Filter' })).toHaveFocus();
    expect(screen.queryByRole('group', { name: 'Applied filters' })).not.toBeInTheDocument();
  });
});
