import { it, expect } from 'vitest';
import { screen } from '@testing-library/react';
import { DatePicker } from '@mantine/dates';
import { renderWithProviders } from '../../../test/render';

it('renders', () => {
  renderWithProviders(<DatePicker type="range" numberOfColumns={2} defaultDate="2024-03-01" />);
  expect(screen.getByText('March 2024')).toBeInTheDocument();
});
