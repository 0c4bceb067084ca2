import { it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { SearchableSelect } from './searchable-select';

it('debug', async () => {
  const user = userEvent.setup();
  renderWithProviders(<SearchableSelect options={[{label:'A', value:'a'}]} value={null} onChange={() => {}} label="F" />);
  const input = screen.getByRole('combobox');
  await user.click(input);
  for (let i = 0; i < 5; i++) {
    const dd = document.querySelector('.mantine-Combobox-dropdown') as HTMLElement | null;
    console.log(i, input.getAttribute('aria-expanded'), dd?.getAttribute('style'), typeof requestAnimationFrame);
    await new Promise((r) => setTimeout(r, 100));
  }
});
