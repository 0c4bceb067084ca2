import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderApp } from '../../../../test/render-app';
import { startEachTestSignedOut } from '../../../../test/session';
import { changeLocale } from '../../../i18n/i18n';

startEachTestSignedOut();

const TOKEN = 'f'.repeat(43);
const LINK_INVALID = 'This link is invalid, was already used, or has expired. If your payment details changed without you, contact the partner programme team.';

describe('Freeze payment details (the e-mailed link)', () => {
  it('says what freezing does, sends the token only on the click, then confirms it, signed out', async () => {
    const api = mockFetch({ 'POST /api/payment-details/freeze': () => jsonResponse(200, { agent_name: 'Harbor Health Partners', frozen: true }) });
    renderApp(`/payment-details/freeze?token=${TOKEN}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Freeze payment details' })).toBeInTheDocument();
    expect(screen.getByText(/stops every payout to these payment details/)).toBeInTheDocument();
    // Mail scanners open links: nothing is sent until the owner asks.
    expect(api.calls('POST', '/api/payment-details/freeze')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Freeze payment details' }));
    expect(await screen.findByText('Payouts of Harbor Health Partners are stopped until the programme team contacts you.')).toBeInTheDocument();
    expect(screen.getByText('Payment details frozen')).toBeInTheDocument();
    expect(api.calls('POST', '/api/payment-details/freeze').map((request) => request.body)).toEqual([{ token: TOKEN }]);
    expect(screen.queryByRole('button', { name: 'Freeze payment details' })).toBeNull();
  });

  it("shows the server's message for a bad, used or expired link", async () => {
    mockFetch({ 'POST /api/payment-details/freeze': () => jsonResponse(404, { message: LINK_INVALID }) });
    renderApp(`/payment-details/freeze?token=${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Freeze payment details' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(LINK_INVALID);
    expect(screen.queryByRole('button', { name: 'Freeze payment details' })).toBeNull();
  });

  it('offers no button for a link without its token', async () => {
    const api = mockFetch({});
    renderApp('/payment-details/freeze');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is incomplete: open it again from the e-mail.');
    expect(screen.queryByRole('button', { name: 'Freeze payment details' })).toBeNull();
    expect(api.calls('POST', '/api/payment-details/freeze')).toHaveLength(0);
  });

  it('keeps the button after a network failure, to try again', async () => {
    let down = true;
    const api = mockFetch({
      'POST /api/payment-details/freeze': () => (down ? Promise.reject(new TypeError('Failed to fetch')) : jsonResponse(200, { agent_name: 'Harbor Health Partners', frozen: true })),
    });
    renderApp(`/payment-details/freeze?token=${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Freeze payment details' }));
    expect(await screen.findByRole('alert', { name: 'The payment details could not be frozen' })).toBeInTheDocument();
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Freeze payment details' }));
    expect(await screen.findByText(/Payouts of Harbor Health Partners are stopped/)).toBeInTheDocument();
    await waitFor(() => expect(api.calls('POST', '/api/payment-details/freeze')).toHaveLength(2));
  });

  it('reads in Arabic', async () => {
    await changeLocale('ar');
    mockFetch({});
    renderApp(`/payment-details/freeze?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'تجميد بيانات الدفع' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تجميد بيانات الدفع' })).toBeInTheDocument();
  });
});
