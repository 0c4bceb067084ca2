import { describe, expect, it } from 'vitest';
import type { ReactElement, ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { DataTableAnnouncer, listRange } from './data-table-announcer';

describe('listRange', () => {
  it('counts the rows of the current page from 1', () => {
    expect(listRange({ shown: 10, total: 3000, page: 1, perPage: 10 })).toEqual({ from: 1, to: 10, total: 3000 });
    expect(listRange({ shown: 10, total: 3000, page: 2, perPage: 10 })).toEqual({ from: 11, to: 20, total: 3000 });
    // The last page is short.
    expect(listRange({ shown: 3, total: 23, page: 3, perPage: 10 })).toEqual({ from: 21, to: 23, total: 23 });
    // A list without paging: everything is on the page.
    expect(listRange({ shown: 4 })).toEqual({ from: 1, to: 4, total: 4 });
    expect(listRange({ shown: 0, total: 0 })).toBeNull();
  });
});

describe('DataTableAnnouncer', () => {
  // A wrapper, so that rerender keeps the provider around the new props (the texts need no provider).
  const wrapper = ({ children }: { children: ReactNode }) => <MantineProvider>{children}</MantineProvider>;
  const renderAnnouncer = (ui: ReactElement) => render(ui, { wrapper });

  function announced(): string {
    return screen.getByRole('status').textContent ?? '';
  }

  it('says which rows a loaded page shows, nothing while loading, and again after every load', () => {
    const view = renderAnnouncer(<DataTableAnnouncer loading shown={10} total={3000} page={1} perPage={10} />);
    expect(announced()).toBe('');
    view.rerender(<DataTableAnnouncer loading={false} shown={10} total={3000} page={2} perPage={10} />);
    expect(announced()).toBe('Showing 11–20 of 3,000');
    // A filter that gives the same range: emptied while it loads, so the same words are spoken again.
    view.rerender(<DataTableAnnouncer loading shown={10} total={3000} page={2} perPage={10} />);
    expect(announced()).toBe('');
    view.rerender(<DataTableAnnouncer loading={false} shown={10} total={3000} page={2} perPage={10} />);
    expect(announced()).toBe('Showing 11–20 of 3,000');
  });

  it('says when nothing is shown, and nothing after a failed load (the error says it)', () => {
    const view = renderAnnouncer(<DataTableAnnouncer loading={false} shown={0} total={0} />);
    expect(announced()).toBe('No entries to show.');
    view.rerender(<DataTableAnnouncer loading={false} failed shown={0} />);
    expect(announced()).toBe('');
  });
});
