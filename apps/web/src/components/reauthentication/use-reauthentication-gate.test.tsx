import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { startEachTestSignedOut } from '../../../test/session';
import { changeLocale } from '../../i18n/i18n';
import { http } from '../../lib/http';
import { reauthenticationEn as en } from './reauthentication-messages';
import { useReauthenticationGate } from './use-reauthentication-gate';

startEachTestSignedOut();

const REAUTH = { message: 'Confirm your password first.', code: 'reauthentication_required' };

/** A guarded change: Save PUTs /api/thing through the gate and says how it ended. */
function Harness({ twoFactorEnabled = false, text }: { twoFactorEnabled?: boolean; text?: string }) {
  const { guard, dialog } = useReauthenticationGate(twoFactorEnabled, text);
  const [outcome, setOutcome] = useState('');
  const save = () =>
    guard(async () => {
      await http.put('/api/thing', { value: 1 });
      setOutcome('saved');
    }).catch((error: unknown) => setOutcome(`failed: ${(error as Error).message}`));
  return (
    <>
      <button type="button" onClick={() => void save()}>
        Save
      </button>
      <output>{outcome}</output>
      {dialog}
    </>
  );
}

/** PUT /api/thing answers 403 until the password (or code) has been confirmed. */
function api({ putFails = false } = {}) {
  let confirmed = false;
  return mockFetch({
    'PUT /api/thing': () => (putFails ? jsonResponse(500, { message: 'Server Error' }) : confirmed ? jsonResponse(204) : jsonResponse(403, REAUTH)),
    'POST /api/account-security/reauthenticate': (request) => {
      const body = request.body as { password?: string; code?: string };
      if (body.password === 'wrong-one') return jsonResponse(422, { message: 'Invalid.', errors: { password: ['The password does not match.'] } });
      confirmed = true;
      return jsonResponse(200, { reauthenticated_until: new Date(Date.now() + 300_000).toISOString() });
    },
  });
}

describe('useReauthenticationGate', () => {
  it("asks for the password on 403 reauthentication_required, in the area's words, then runs the action again", async () => {
    const calls = api();
    renderWithProviders(<Harness text="Before changing the thing, confirm it is you." />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: en.title });
    expect(within(dialog).getByText('Before changing the thing, confirm it is you.')).toBeInTheDocument();
    // Two-factor off: no code to offer.
    expect(within(dialog).queryByRole('button', { name: en.useCode })).toBeNull();
    const password = within(dialog).getByLabelText(en.passwordLabel, { exact: false });
    await waitFor(() => expect(password).toHaveFocus());

    await userEvent.click(within(dialog).getByRole('button', { name: en.confirm }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The password field is required.');
    await userEvent.type(password, 'wrong-one');
    await userEvent.click(within(dialog).getByRole('button', { name: en.confirm }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The password does not match.');
    await userEvent.type(password, 'Portal-Demo-2026');
    await userEvent.click(within(dialog).getByRole('button', { name: en.confirm }));

    expect(await screen.findByText('saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.calls('PUT', '/api/thing')).toHaveLength(2);
    expect(calls.calls('POST', '/api/account-security/reauthenticate').map((request) => request.body)).toEqual([{ password: 'wrong-one' }, { password: 'Portal-Demo-2026' }]);
  });

  it('takes a code of the app instead when two-factor is on; a general sentence without the area’s', async () => {
    const calls = api();
    renderWithProviders(<Harness twoFactorEnabled />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: en.title });
    expect(within(dialog).getByText(en.text)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: en.useCode }));
    await userEvent.type(within(dialog).getByLabelText(en.codeLabel, { exact: false }), '123 456');
    await userEvent.click(within(dialog).getByRole('button', { name: en.confirm }));
    expect(await screen.findByText('saved')).toBeInTheDocument();
    expect(calls.calls('POST', '/api/account-security/reauthenticate')[0]!.body).toEqual({ code: '123456' });
  });

  it('does not run the action again when the dialog is cancelled', async () => {
    const calls = api();
    renderWithProviders(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: en.title });
    await userEvent.click(within(dialog).getByRole('button', { name: en.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.calls('PUT', '/api/thing')).toHaveLength(1);
    expect(calls.calls('POST', '/api/account-security/reauthenticate')).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it("leaves any other failure to the action's caller", async () => {
    api({ putFails: true });
    renderWithProviders(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('failed: Server Error')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('reads in Arabic', async () => {
    await changeLocale('ar');
    api();
    renderWithProviders(<Harness twoFactorEnabled />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'أكّد هويتك' });
    expect(within(dialog).getByRole('button', { name: 'استخدام رمز من التطبيق بدلًا من ذلك' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'تأكيد' })).toBeInTheDocument();
  });
});
