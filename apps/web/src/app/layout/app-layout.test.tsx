import { useContext } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { PrintedForContext } from '../../components/data-table/printed-for';
import { useAuthStore } from '../../stores/auth-store';
import { mockFetch } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { startEachTestSignedOut } from '../../../test/session';
import { AppLayout } from './app-layout';

startEachTestSignedOut();

/** What a table on the page would print as "for …" (DataTable reads the same context). */
function PrintedFor() {
  return <p data-testid="printed-for">{useContext(PrintedForContext) ?? 'nobody'}</p>;
}

describe('the partner frame', () => {
  it("gives the pages' printouts the signed-in partner and their organisation", async () => {
    // The header's own requests (profile, notifications) answer 404 here: only the page's context matters.
    mockFetch({});
    useAuthStore.setState({ user: makeUser({ name: 'Amelia Hart' }, { organisation: 'Harbor Health Partners' }) });
    renderApp('/bookings', { routes: [{ element: <AppLayout />, children: [{ path: '/bookings', element: <PrintedFor /> }] }] });
    expect(await screen.findByTestId('printed-for')).toHaveTextContent('Amelia Hart, Harbor Health Partners');
  });
});
