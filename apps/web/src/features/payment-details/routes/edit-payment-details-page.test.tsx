import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentDetails, PaymentDetailsResponse } from '@portal/contracts/payment-details';
import { jsonResponse } from '../../../../test/fetch-mock';
import { renderApp } from '../../../../test/render-app';
import { onPhoneScreen } from '../../../../test/phone-screen';
import { shownNotifications, startEachTestSignedOut } from '../../../../test/session';
import { paymentDetailsApi as api, VERIFIED } from './payment-details-test-helpers';

startEachTestSignedOut();

const REAUTH = { message: 'Confirm your password first.', code: 'reauthentication_required' };

const US_BANK: PaymentDetails = {
  ...VERIFIED,
  scheme: 'us_ach',
  bank_country: 'US',
  account_masked: '•••• 6789',
  bic: null,
  routing_number: '021000021',
  account_type: 'savings',
};

const field = (name: string) => screen.getByRole('textbox', { name });

/** Puts a long value in a field as a partner does, by pasting it: typing it key by key re-renders the form per key,
 * which takes most of a minute on a busy machine and tests nothing more. */
async function paste(input: HTMLElement, value: string) {
  await userEvent.click(input);
  await userEvent.paste(value);
}

describe('Edit payment details', () => {
  it('checks an IBAN by the contract, asks for the password on 403 and saves again, then shows the details', async () => {
    let reauthenticated = false;
    let saved: PaymentDetailsResponse = { details: null, events: [] };
    const calls = api(() => jsonResponse(200, saved), 'owner', {
      'PUT /api/payment-details': () => {
        if (!reauthenticated) return jsonResponse(403, REAUTH);
        saved = { details: { ...VERIFIED, status: 'unverified', bic: null, verified_at: null }, events: [] };
        return jsonResponse(200, saved);
      },
      'POST /api/account-security/reauthenticate': () => {
        reauthenticated = true;
        return jsonResponse(200, { reauthenticated_until: new Date(Date.now() + 300_000).toISOString() });
      },
    });
    const view = renderApp('/edit-payment-details');

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit payment details' })).toBeInTheDocument();
    const note = await screen.findByRole('note', { name: 'Before you save' });
    expect(within(note).getByText(/We ask for your password again/)).toBeInTheDocument();
    expect(within(note).getByText(/Every owner of your agency gets an e-mail/)).toBeInTheDocument();
    expect(within(note).getByText(/Payouts wait until the programme team has verified/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'IBAN' }));
    await paste(field("Account holder's name"), 'Harbor Health Partners LLC');
    await userEvent.type(screen.getByRole('combobox', { name: 'Bank country' }), 'germ');
    await userEvent.click(await screen.findByRole('option', { name: 'Germany' }));
    await paste(field('IBAN'), 'DE89 3704 0044 0532 0130 01');
    await userEvent.click(screen.getByRole('button', { name: 'Save payment details' }));

    expect(await screen.findByText('This IBAN is not valid: check its country code, length and digits.')).toBeInTheDocument();
    await waitFor(() => expect(field('IBAN')).toHaveFocus());
    expect(calls.calls('PUT', '/api/payment-details')).toHaveLength(0);

    await userEvent.clear(field('IBAN'));
    await paste(field('IBAN'), 'DE89 3704 0044 0532 0130 00');
    await userEvent.click(screen.getByRole('button', { name: 'Save payment details' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(within(dialog).getByText(/before changing where payouts go/)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Current password', { exact: false }), 'Portal-Demo-2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(view.location().pathname).toBe('/payment-details'));
    expect(calls.calls('POST', '/api/account-security/reauthenticate')[0]!.body).toEqual({ password: 'Portal-Demo-2026' });
    const puts = calls.calls('PUT', '/api/payment-details');
    expect(puts).toHaveLength(2);
    expect(puts[1]!.body).toEqual({ scheme: 'iban', holder_name: 'Harbor Health Partners LLC', bank_country: 'DE', iban: 'DE89 3704 0044 0532 0130 00' });
    expect(shownNotifications()).toContainEqual(expect.objectContaining({ title: 'Payment details saved' }));
    expect(await screen.findByText('Waiting for verification')).toBeInTheDocument();
  });

  it('starts from the current details but never their account, picks the country of a method, and shows 422 under the field', async () => {
    const calls = api(() => jsonResponse(200, { details: US_BANK, events: [] }), 'finance', {
      'PUT /api/payment-details': () => jsonResponse(422, { message: 'No bank branch has this IFSC.', errors: { ifsc: ['No bank branch has this IFSC.'] } }),
    });
    renderApp('/edit-payment-details');

    expect(await screen.findByRole('radio', { name: 'US bank (ACH routing)' })).toBeChecked();
    expect(field("Account holder's name")).toHaveValue('Harbor Health Partners LLC');
    expect(screen.getByRole('combobox', { name: 'Bank country' })).toHaveValue('United States');
    expect(field('Routing number (ABA)')).toHaveValue('021000021');
    expect(field('Account number')).toHaveValue('');
    expect(screen.getByText('Now •••• 6789. Enter the full number again: it is never shown.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Savings' })).toBeChecked();

    await userEvent.click(screen.getByRole('radio', { name: 'Indian bank (IFSC)' }));
    expect(screen.getByRole('combobox', { name: 'Bank country' })).toHaveValue('India');
    await userEvent.type(field('IFSC'), 'HDFC0000999');
    await userEvent.type(field('Account number'), '123456789012');
    await userEvent.click(screen.getByRole('button', { name: 'Save payment details' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('No bank branch has this IFSC.');
    expect(field('IFSC')).toHaveAttribute('aria-invalid', 'true');
    expect(field('IFSC')).toHaveAccessibleDescription(expect.stringContaining('No bank branch has this IFSC.'));
    expect(calls.calls('PUT', '/api/payment-details')[0]!.body).toEqual({
      scheme: 'in_ifsc',
      holder_name: 'Harbor Health Partners LLC',
      bank_country: 'IN',
      ifsc: 'HDFC0000999',
      account_number: '123456789012',
    });
  });
});

describe('Edit payment details on a 360 px phone', () => {
  onPhoneScreen();

  it('stacks the four methods, so their names fit', async () => {
    api(() => jsonResponse(200, { details: null, events: [] }));
    renderApp('/edit-payment-details');
    const methods = await screen.findByRole('radiogroup', { name: 'How you are paid' });
    expect(methods).toHaveAttribute('data-orientation', 'vertical');
    expect(within(methods).getAllByRole('radio')).toHaveLength(4);
  });
});
