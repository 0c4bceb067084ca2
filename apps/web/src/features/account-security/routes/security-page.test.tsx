import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import type { SecurityActivityRow, SecurityOverview, SecuritySession } from '@portal/contracts/account-security';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../../../test/fetch-mock';
import { paginated } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';
import { startEachTestSignedOut } from '../../../../test/session';
import { changeLocale } from '../../../i18n/i18n';
import { reauthenticationEn as reauth } from '../../../components/reauthentication/reauthentication-messages';
import { accountSecurityEn as en } from '../account-security-messages';
import { SecurityPage } from './security-page';

const routes: RouteObject[] = [{ path: '/profile/security', element: <SecurityPage /> }];

const OFF: SecurityOverview = { two_factor_enabled: false, recovery_codes_left: 0, reauthenticated_until: null };
const ON: SecurityOverview = { two_factor_enabled: true, recovery_codes_left: 8, reauthenticated_until: null };
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const thisLaptop: SecuritySession = {
  id: 'a'.repeat(32),
  device: { type: 'desktop', browser: 'Chrome 131', os: 'Windows 10' },
  ip: '203.0.113.7',
  created_at: minutesAgo(60),
  last_seen_at: minutesAgo(1),
  current: true,
};
const phone: SecuritySession = {
  id: 'b'.repeat(32),
  device: { type: 'mobile', browser: 'Mobile Safari 18', os: 'iOS 18.1' },
  ip: '198.51.100.4',
  created_at: minutesAgo(600),
  last_seen_at: minutesAgo(120),
  current: false,
};
const failedSignIn: SecurityActivityRow = {
  id: 3,
  kind: 'sign_in_failed',
  method: 'password',
  by_operator: false,
  ip: '198.51.100.4',
  device: { type: 'mobile', browser: 'Mobile Safari 18', os: 'iOS 18.1' },
  created_at: '2026-03-05T10:00:00Z',
};

const REAUTH = { message: 'Confirm your password first.', code: 'reauthentication_required' };
const SETUP = { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauth_uri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', qr_code: 'data:image/svg+xml;base64,PHN2Zy8+' };

function baseApi(overrides: Record<string, (request: RecordedRequest) => Response> = {}) {
  return mockFetch({
    'GET /api/account-security': () => jsonResponse(200, OFF),
    'GET /api/account-security/sessions': () => jsonResponse(200, { data: [thisLaptop, phone] }),
    'GET /api/account-security/activity': () => jsonResponse(200, paginated([failedSignIn])),
    ...overrides,
  });
}

describe('SecurityPage', () => {
  startEachTestSignedOut();

  it('shows two-factor off, the devices with this one marked, and a failed sign-in in the activity', async () => {
    baseApi();
    renderApp('/profile/security', { routes });
    expect(await screen.findByRole('heading', { name: 'Security', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Security' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('Off')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: en.turnOn })).toBeInTheDocument();

    const devices = within(await screen.findByRole('list', { name: en.sessionsListLabel })).getAllByRole('listitem');
    expect(devices).toHaveLength(2);
    expect(within(devices[0]!).getByText('Chrome 131 on Windows 10')).toBeInTheDocument();
    expect(within(devices[0]!).getByText(en.thisDevice)).toBeInTheDocument();
    expect(within(devices[0]!).queryByRole('button')).toBeNull();
    expect(within(devices[1]!).getByRole('button', { name: 'Sign out Mobile Safari 18 on iOS 18.1' })).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: en.activityTitle });
    expect(await within(table).findByText('Failed sign-in')).toBeInTheDocument();
    expect(within(table).getByText('with password')).toBeInTheDocument();
    expect(within(table).getByText('5 Mar 2026', { exact: false })).toBeInTheDocument();
  });

  it('turns two-factor on: asks for the password on 403, retries, shows the QR with its text alternative and the key, then the recovery codes', async () => {
    let reauthenticated = false;
    const api = baseApi({
      'POST /api/account-security/two-factor': () => (reauthenticated ? jsonResponse(200, SETUP) : jsonResponse(403, REAUTH)),
      'POST /api/account-security/reauthenticate': (request) => {
        if ((request.body as { password?: string }).password !== 'Portal-Demo-2026') {
          return jsonResponse(422, { message: 'Wrong.', errors: { password: ['The provided password does not match your current password.'] } });
        }
        reauthenticated = true;
        return jsonResponse(200, { reauthenticated_until: new Date(Date.now() + 300_000).toISOString() });
      },
      'POST /api/account-security/two-factor/confirm': (request) =>
        (request.body as { code: string }).code === '123456'
          ? jsonResponse(200, { recovery_codes: ['AAAAAAAAAA-BBBBBBBBBB', 'CCCCCCCCCC-DDDDDDDDDD'] })
          : jsonResponse(422, { message: 'Invalid.', errors: { code: ['The provided two factor authentication code was invalid.'] } }),
    });
    renderApp('/profile/security', { routes });
    await userEvent.click(await screen.findByRole('button', { name: en.turnOn }));

    const reauthDialog = await screen.findByRole('dialog', { name: reauth.title });
    const password = within(reauthDialog).getByLabelText(reauth.passwordLabel, { exact: false });
    await waitFor(() => expect(password).toHaveFocus());
    await userEvent.type(password, 'wrong-one');
    await userEvent.click(within(reauthDialog).getByRole('button', { name: reauth.confirm }));
    expect(await within(reauthDialog).findByRole('alert')).toHaveTextContent('does not match');
    await userEvent.type(password, 'Portal-Demo-2026');
    await userEvent.click(within(reauthDialog).getByRole('button', { name: reauth.confirm }));

    const setup = await screen.findByRole('dialog', { name: en.setupTitle });
    expect(within(setup).getByRole('img', { name: en.qrAlt })).toHaveAttribute('src', SETUP.qr_code);
    expect(within(setup).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(api.calls('POST', '/api/account-security/two-factor')).toHaveLength(2);

    const code = within(setup).getByLabelText(en.codeLabel, { exact: false });
    await userEvent.type(code, '12');
    await userEvent.click(within(setup).getByRole('button', { name: en.confirmEnable }));
    expect(await within(setup).findByRole('alert')).toHaveTextContent(en.codeInvalidFormat);
    await userEvent.clear(code);
    await userEvent.type(code, '654321');
    await userEvent.click(within(setup).getByRole('button', { name: en.confirmEnable }));
    expect(await within(setup).findByRole('alert')).toHaveTextContent('code was invalid');
    await userEvent.type(code, '123456');
    await userEvent.click(within(setup).getByRole('button', { name: en.confirmEnable }));

    const codes = await screen.findByRole('dialog', { name: en.codesTitle });
    expect(within(within(codes).getByRole('list', { name: en.codesListLabel })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'AAAAAAAAAA-BBBBBBBBBB',
      'CCCCCCCCCC-DDDDDDDDDD',
    ]);
    expect(within(codes).getByRole('button', { name: en.downloadCodes })).toBeInTheDocument();
    await userEvent.click(within(codes).getByRole('button', { name: en.codesSaved }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('turns two-factor off after a confirmation, with a code of the app as the re-authentication', async () => {
    let reauthenticated = false;
    const api = baseApi({
      'GET /api/account-security': () => jsonResponse(200, reauthenticated && api.calls('DELETE', '/api/account-security/two-factor').length > 1 ? OFF : ON),
      'DELETE /api/account-security/two-factor': () => (reauthenticated ? jsonResponse(204) : jsonResponse(403, REAUTH)),
      'POST /api/account-security/reauthenticate': () => {
        reauthenticated = true;
        return jsonResponse(200, { reauthenticated_until: new Date().toISOString() });
      },
    });
    renderApp('/profile/security', { routes });
    expect(await screen.findByText('8 unused recovery codes left.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: en.turnOff }));
    const confirm = await screen.findByRole('dialog', { name: en.disableTitle });
    await userEvent.click(within(confirm).getByRole('button', { name: en.turnOff }));

    const reauthDialog = await screen.findByRole('dialog', { name: reauth.title });
    await userEvent.click(within(reauthDialog).getByRole('button', { name: reauth.useCode }));
    await userEvent.type(within(reauthDialog).getByLabelText(reauth.codeLabel, { exact: false }), '123456');
    await userEvent.click(within(reauthDialog).getByRole('button', { name: reauth.confirm }));
    await waitFor(() => expect(api.calls('DELETE', '/api/account-security/two-factor')).toHaveLength(2));
    expect(api.calls('POST', '/api/account-security/reauthenticate')[0]!.body).toEqual({ code: '123456' });
    expect(await screen.findByText('Off')).toBeInTheDocument();
  });

  it('ends another session after asking (focus on Cancel first), and then offers no sign-out of others', async () => {
    let sessions = [thisLaptop, phone];
    const api = baseApi({
      'GET /api/account-security/sessions': () => jsonResponse(200, { data: sessions }),
      [`DELETE /api/account-security/sessions/${phone.id}`]: () => {
        sessions = [thisLaptop];
        return jsonResponse(204);
      },
      'POST /api/account-security/sessions/sign-out-others': () => jsonResponse(200, { ended: 0 }),
    });
    renderApp('/profile/security', { routes });
    const signOutPhone = await screen.findByRole('button', { name: 'Sign out Mobile Safari 18 on iOS 18.1' });
    await userEvent.click(signOutPhone);
    const dialog = await screen.findByRole('dialog', { name: en.endSessionTitle });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: en.cancel })).toHaveFocus());
    await userEvent.click(within(dialog).getByRole('button', { name: en.endSession }));
    expect(await screen.findByText(en.sessionsOnlyThis)).toBeInTheDocument();
    expect(api.calls('DELETE', `/api/account-security/sessions/${phone.id}`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: en.signOutOthers })).toBeNull();
  });

  it('signs out all other devices after asking', async () => {
    let sessions = [thisLaptop, phone, { ...phone, id: 'c'.repeat(32), device: { type: 'tablet' as const, browser: null, os: 'Android 14' } }];
    const api = baseApi({
      'GET /api/account-security/sessions': () => jsonResponse(200, { data: sessions }),
      'POST /api/account-security/sessions/sign-out-others': () => {
        sessions = [thisLaptop];
        return jsonResponse(200, { ended: 2 });
      },
    });
    renderApp('/profile/security', { routes });
    await userEvent.click(await screen.findByRole('button', { name: en.signOutOthers }));
    const dialog = await screen.findByRole('dialog', { name: en.signOutOthersTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: en.signOutOthers }));
    expect(await screen.findByText('2 devices signed out.')).toBeInTheDocument();
    expect(await screen.findByText(en.sessionsOnlyThis)).toBeInTheDocument();
    expect(api.calls('POST', '/api/account-security/sessions/sign-out-others')).toHaveLength(1);
  });

  it('shows load failures with Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    baseApi({
      'GET /api/account-security': () => (fail ? jsonResponse(500, { message: 'Server Error' }) : jsonResponse(200, OFF)),
      'GET /api/account-security/sessions': () => (fail ? jsonResponse(500, { message: 'Server Error' }) : jsonResponse(200, { data: [thisLaptop] })),
    });
    renderApp('/profile/security', { routes });
    expect(await screen.findByRole('alert', { name: en.loadFailed })).toBeInTheDocument();
    expect(await screen.findByRole('alert', { name: en.sessionsFailed })).toBeInTheDocument();
    fail = false;
    for (const button of screen.getAllByRole('button', { name: en.retry })) await userEvent.click(button);
    expect(await screen.findByText('Off')).toBeInTheDocument();
    expect(await screen.findByText(en.sessionsOnlyThis)).toBeInTheDocument();
  });

  it('reads in Arabic, right to left', async () => {
    await changeLocale('ar');
    baseApi();
    renderApp('/profile/security', { routes });
    expect(await screen.findByRole('heading', { name: 'الأمان', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'تفعيل التحقق بخطوتين' })).toBeInTheDocument();
    expect(await screen.findByText('محاولة دخول فاشلة')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});
