import { Skeleton } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { LoadingPlaceholder } from './loading-placeholder';

describe('LoadingPlaceholder', () => {
  it('says what is loading in a status a screen reader reads, beside the box of shapes marked busy', () => {
    renderWithProviders(
      <LoadingPlaceholder label="Loading your agreements…">
        <Skeleton h={96} data-testid="shape" />
      </LoadingPlaceholder>,
    );
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading your agreements…');
    const box = screen.getByTestId('shape').parentElement;
    expect(box).toHaveAttribute('aria-busy', 'true');
    // Outside the busy box: a screen reader may hold back what is inside a busy region.
    expect(box).not.toContainElement(status);
    expect(box?.parentElement).toContainElement(status);
    expect(box).not.toHaveAttribute('aria-label');
  });
});
