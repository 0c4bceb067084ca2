import { describe, expect, it, vi } from 'vitest';
import { act, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Profile } from '@portal/contracts/profile';
import { makeUser } from '../../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderApp } from '../../../../test/render-app';
import { startEachTestSignedOut } from '../../../../test/session';
import { useAuthStore } from '../../../stores/auth-store';
import { changeLocale } from '../../../i18n/i18n';

startEachTestSignedOut();

function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.test',
    pending_email: null,
    locale: 'en',
    theme: 'system',
    time_zone: null,
    avatar_url: null,
    ...overrides,
  };
}

function signIn() {
  const user = makeUser();
  useAuthStore.getState().setUser(user);
  return user;
}

describe('profile page', () => {
  it('shows the personal details with the profile tabs, and saves a new name into the header', async () => {
    const user = signIn();
    let profile = makeProfile();
    const api = mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/profile': () => jsonResponse(200, profile),
      'PATCH /api/profile': (request) => {
        profile = { ...profile, ...(request.body as Partial<Profile>) };
        return jsonResponse(200, profile);
      },
    });
    renderApp('/profile');

    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Profile sections' });
    expect(within(tabs).getByRole('link', { name: 'Personal details' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('Current address: ada@example.test')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change password' })).toHaveAttribute('href', '/update-password');

    const first = screen.getByRole('textbox', { name: 'First name' });
    const u = userEvent.setup();
    await u.clear(first);
    await u.type(first, 'Augusta');
    await u.click(screen.getByRole('button', { name: 'Save name' }));

    await waitFor(() => expect(api.calls('PATCH', '/api/profile')).toHaveLength(1));
    expect(api.calls('PATCH', '/api/profile')[0]!.body).toEqual({ first_name: 'Augusta', last_name: 'Lovelace' });
    expect(await screen.findByRole('button', { name: 'Account menu for AL Augusta Lovelace' })).toBeInTheDocument();
  });

  it('names each section after its own heading, with unique ids, in English and in Arabic', async () => {
    const user = signIn();
    mockFetch({ 'GET /api/user': () => jsonResponse(200, user), 'GET /api/profile': () => jsonResponse(200, makeProfile()) });
    renderApp('/profile');
    await screen.findByText('Current address: ada@example.test');
    const english = ['Photo', 'Name', 'Language, time zone and theme', 'E-mail address', 'Password'];
    for (const name of english) expect(screen.getByRole('region', { name })).toBeInTheDocument();

    await act(() => changeLocale('ar'));
    const arabic = ['الصورة', 'الاسم', 'اللغة والمنطقة الزمنية والمظهر', 'البريد الإلكتروني', 'كلمة المرور'];
    for (const name of arabic) expect(await screen.findByRole('region', { name })).toBeInTheDocument();
    const ids = Array.from(document.querySelectorAll('section[aria-labelledby]')).map((section) => section.getAttribute('aria-labelledby'));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('shows the server’s field message beside the field when a name is refused', async () => {
    const user = signIn();
    mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/profile': () => jsonResponse(200, makeProfile()),
      'PATCH /api/profile': () =>
        jsonResponse(422, { message: 'The first name field is required.', errors: { first_name: ['The first name field is required.'] } }),
    });
    renderApp('/profile');
    const first = await screen.findByRole('textbox', { name: 'First name' });
    const u = userEvent.setup();
    await u.clear(first);
    await u.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('The first name field is required.')).toBeInTheDocument();
    expect(first).toHaveAttribute('aria-invalid', 'true');
  });

  it('uploads a photo as the request body, then shows it on the page', async () => {
    const user = signIn();
    let profile = makeProfile();
    const api = mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/profile': () => jsonResponse(200, profile),
      'PUT /api/profile/avatar': () => {
        profile = { ...profile, avatar_url: '/api/profile/avatar?v=abc' };
        return jsonResponse(200, profile);
      },
    });
    const { container } = renderApp('/profile');
    await screen.findByRole('button', { name: 'Upload a photo' });
    const input = container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.setup().upload(input, new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' }));

    await waitFor(() => expect(api.calls('PUT', '/api/profile/avatar')).toHaveLength(1));
    expect(api.calls('PUT', '/api/profile/avatar')[0]!.headers.get('content-type')).toBe('application/octet-stream');
    expect(await screen.findByRole('button', { name: 'Replace photo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove photo' })).toBeInTheDocument();
  });

  it('sends the e-mail change with the password and says where the link went; a taken address shows at the field', async () => {
    const user = signIn();
    let taken = true;
    mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/profile': () => jsonResponse(200, makeProfile()),
      'POST /api/profile/email': () =>
        taken
          ? jsonResponse(422, { message: 'The email has already been taken.', errors: { email: ['The email has already been taken.'] } })
          : jsonResponse(200, { pending_email: 'new@example.test', expires_in_minutes: 15 }),
    });
    renderApp('/profile');
    const u = userEvent.setup();
    await u.type(await screen.findByRole('textbox', { name: 'New e-mail address' }), 'new@example.test');
    await u.type(screen.getByLabelText(/^Current password/, { selector: 'input' }), 'Portal-Demo-2026');
    await u.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(await screen.findByText('The email has already been taken.')).toBeInTheDocument();

    taken = false;
    await u.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(await screen.findByText('We sent a confirmation link to new@example.test. Your address changes when you follow it.')).toBeInTheDocument();
  });

  it('says when the profile cannot be loaded, and retries', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = signIn();
    let fail = true;
    mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/profile': () => (fail ? jsonResponse(500, { message: 'Server Error' }) : jsonResponse(200, makeProfile())),
    });
    renderApp('/profile');
    expect(await screen.findByText('Your profile could not be loaded')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Current address: ada@example.test')).toBeInTheDocument();
  });
});
