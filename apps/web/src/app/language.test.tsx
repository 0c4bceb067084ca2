import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '../../test/fixtures';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { startEachTestSignedOut } from '../../test/session';
import { useAuthStore } from '../stores/auth-store';
import { formatterFor } from '../i18n/format';
import { changeLocale, currentLocale, initialLocale, LOCALE_STORAGE_KEY } from '../i18n/i18n';

startEachTestSignedOut();

const html = () => document.documentElement;

/** The API of a signed-in partner whose saved preferences start as `saved`; PATCH saves them, as the server does. */
function signedInApi(saved: { locale: 'en' | 'ar'; theme: 'light' | 'dark' | 'system' }) {
  let preferences = { ...saved };
  const user = () => makeUser(preferences);
  return mockFetch({
    'GET /api/user': () => jsonResponse(200, user()),
    'POST /api/login': () => jsonResponse(200, { two_factor: false, user: user() }),
    'PATCH /api/user/preferences': (request) => {
      preferences = { ...preferences, ...(request.body as object) };
      return jsonResponse(200, preferences);
    },
    'POST /api/logout': () => jsonResponse(204),
  });
}

describe('the language', () => {
  it('turns the document right to left and back, and is kept on this device', async () => {
    await changeLocale('ar');
    expect(html()).toHaveAttribute('lang', 'ar');
    expect(html()).toHaveAttribute('dir', 'rtl');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('ar');
    expect(initialLocale(['en-GB'])).toBe('ar');

    await changeLocale('en');
    expect(html()).toHaveAttribute('lang', 'en');
    expect(html()).toHaveAttribute('dir', 'ltr');
  });

  it("starts in the browser's language when the portal has it, else English", () => {
    expect(initialLocale(['ar-AE', 'en'])).toBe('ar');
    expect(initialLocale(['fr-FR', 'de'])).toBe('en');
    expect(initialLocale([])).toBe('en');
  });

  it('is chosen on the sign-in page: every text turns Arabic, without asking the server while signed out', async () => {
    const api = mockFetch({});
    renderApp('/login');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'ar');

    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'نسيت كلمة المرور؟' })).toBeInTheDocument();
    expect(html()).toHaveAttribute('dir', 'rtl');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('ar');
    expect(api.calls('PATCH', '/api/user/preferences')).toHaveLength(0);
  });

  it("shows the form's own checks in Arabic", async () => {
    await changeLocale('ar');
    mockFetch({});
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'تسجيل الدخول' }));
    expect(await screen.findByText('حقل البريد الإلكتروني مطلوب.')).toBeInTheDocument();
  });

  it("applies the account's saved language at sign-in", async () => {
    signedInApi({ locale: 'ar', theme: 'system' });
    renderApp('/login');
    await userEvent.type(await screen.findByLabelText(/^Email/), 'ada@example.test');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Secret-123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'مرحبًا، Ada', level: 1 })).toBeInTheDocument();
    expect(html()).toHaveAttribute('dir', 'rtl');
  });

  it('saves a language chosen on the sign-in page to the account at sign-in, over the older saved one', async () => {
    const api = signedInApi({ locale: 'en', theme: 'system' });
    renderApp('/login');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'ar');
    await userEvent.type(await screen.findByLabelText(/^البريد الإلكتروني/), 'ada@example.test');
    await userEvent.type(screen.getByLabelText(/^كلمة المرور/), 'Secret-123');
    await userEvent.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));

    expect(await screen.findByRole('heading', { name: 'مرحبًا، Ada', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(api.calls('PATCH', '/api/user/preferences').map((call) => call.body)).toEqual([{ locale: 'ar' }]));
    expect(currentLocale()).toBe('ar');
  });

  it('keeps the language being saved when an older GET /api/user answers meanwhile', async () => {
    // The server saves the choice only after it has answered the dashboard's GET /api/user with the old language.
    let answerGet: () => void = () => undefined;
    const getAnswered = new Promise<void>((resolve) => (answerGet = resolve));
    let preferences = { locale: 'en' as const, theme: 'system' as const };
    const api = mockFetch({
      'GET /api/user': () => {
        const answer = jsonResponse(200, makeUser(preferences));
        answerGet();
        return answer;
      },
      'POST /api/login': () => jsonResponse(200, { two_factor: false, user: makeUser(preferences) }),
      'PATCH /api/user/preferences': async (request) => {
        await getAnswered;
        preferences = { ...preferences, ...(request.body as object) };
        return jsonResponse(200, preferences);
      },
    });
    renderApp('/login');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'ar');
    await userEvent.type(await screen.findByLabelText(/^البريد الإلكتروني/), 'ada@example.test');
    await userEvent.type(screen.getByLabelText(/^كلمة المرور/), 'Secret-123');
    await userEvent.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));

    await waitFor(() => expect(api.calls('PATCH', '/api/user/preferences')).toHaveLength(1));
    await waitFor(() => expect(useAuthStore.getState().user?.locale).toBe('ar'));
    expect(await screen.findByRole('heading', { name: 'مرحبًا، Ada', level: 1 })).toBeInTheDocument();
    expect(currentLocale()).toBe('ar');
  });
});

describe('the account menu', () => {
  it('switches the language and the theme, and saves both to the account', async () => {
    useAuthStore.getState().setUser(makeUser());
    const api = signedInApi({ locale: 'en', theme: 'system' });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Welcome, Ada' });

    await userEvent.click(screen.getByRole('button', { name: /^Account menu for / }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Change password' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: 'العربية' }));

    expect(await screen.findByRole('heading', { name: 'مرحبًا، Ada', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('navigation', { name: 'التنقل الرئيسي' })).toBeInTheDocument();
    expect(html()).toHaveAttribute('dir', 'rtl');
    await waitFor(() => expect(api.calls('PATCH', '/api/user/preferences').map((call) => call.body)).toEqual([{ locale: 'ar' }]));
    expect(useAuthStore.getState().user?.locale).toBe('ar');

    await userEvent.click(screen.getByRole('button', { name: /^قائمة حساب / }));
    await userEvent.click(within(await screen.findByRole('menu')).getByRole('menuitemradio', { name: 'داكن' }));
    await waitFor(() => expect(html()).toHaveAttribute('data-mantine-color-scheme', 'dark'));
    await waitFor(() => expect(api.calls('PATCH', '/api/user/preferences').at(-1)?.body).toEqual({ theme: 'dark' }));
  });

  it('opens the password change in the frame of the app, with Cancel back to where it was', async () => {
    useAuthStore.getState().setUser(makeUser());
    signedInApi({ locale: 'en', theme: 'system' });
    const view = renderApp('/');
    await screen.findByRole('heading', { name: 'Welcome, Ada' });

    await userEvent.click(screen.getByRole('button', { name: /^Account menu for / }));
    await userEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Change password' }));
    expect(await screen.findByRole('heading', { name: 'Update your password', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(view.location().pathname).toBe('/'));
  });
});

describe('formats', () => {
  it('keep the spec’s English and use Intl for Arabic', () => {
    const english = formatterFor('en');
    expect(english.date('2024-03-05T10:00:00')).toBe('5 Mar 2024');
    expect(english.month('2024-03-05')).toBe('March-2024');
    expect(english.number(3000)).toBe('3,000');
    expect(english.money('1234.5', 'USD')).toMatch(/^USD\s1,234\.50$/);
    const arabic = formatterFor('ar');
    expect(arabic.date('2024-03-05T10:00:00')).toContain('مارس');
    expect(arabic.relative('2024-03-02T10:00:00', '2024-03-05T10:00:00')).toBe('قبل 3 أيام');
  });
});
