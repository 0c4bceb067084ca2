import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearCookies, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { consoleCsrfCookie, operatorOf, pageOf, setUpConsoleCsrf } from '../console-test-helpers';
import { consoleRoutes } from '../console-routes';

const SECRET = 'KAUJU6YEUSIYTB5TXL4NQW4U3SHDYDZL';
const QR = 'data:image/png;base64,iVBORw0KGgo=';

beforeEach(() => {
  clearCookies();
  setUpConsoleCsrf();
});

/** The six boxes of a code, typed one digit each as a person (or an authenticator's autofill) does. */
/** Fills a text field as a paste would (typing each character is slow on a busy machine and tests nothing more). */
async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

async function typeCode(code: string) {
  await userEvent.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
  await userEvent.keyboard(code);
}

describe('the console sign-in', () => {
  it('at the first sign-in: password, then enrolling an app with the QR code, then the recovery codes, then back to the page asked for', async () => {
    let signedIn = false;
    const api = mockFetch({
      'GET /api/console/csrf-cookie': consoleCsrfCookie,
      'GET /api/console/me': () => (signedIn ? jsonResponse(200, { operator: operatorOf('support') }) : jsonResponse(401, { message: 'Unauthenticated.' })),
      'POST /api/console/login': () => jsonResponse(200, { next: 'enrol' }),
      'POST /api/console/two-factor/enrolment': () => jsonResponse(200, { secret: SECRET, otpauth_uri: `otpauth://totp/x?secret=${SECRET}`, qr_code: QR }),
      'POST /api/console/two-factor/confirm': (request) => {
        const { code } = request.body as { code: string };
        if (code !== '654321') return jsonResponse(422, { message: 'Invalid.', errors: { code: ['The provided two factor authentication code was invalid.'] } });
        signedIn = true;
        return jsonResponse(200, { operator: operatorOf('support'), recovery_codes: ['Aa11111111-Bb22222222', 'Cc33333333-Dd44444444'] });
      },
      'GET /api/console/partner-applications': () => jsonResponse(200, pageOf([])),
    });
    const view = renderApp('/partner-applications', { routes: consoleRoutes });

    expect(await screen.findByRole('heading', { name: 'Sign in to the operations console', level: 1 })).toBeInTheDocument();
    await fill(screen.getByLabelText(/E-mail address/), 'ops-support@demo.test');
    await fill(screen.getByLabelText(/^Password/), 'Portal-Demo-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const enrolTitle = await screen.findByRole('heading', { name: 'Set up two-factor sign-in', level: 1 });
    await waitFor(() => expect(enrolTitle).toHaveFocus());
    expect(api.calls('POST', '/api/console/login')[0]!.headers.get('X-XSRF-TOKEN')).toBe('console-token=');
    expect(api.calls('POST', '/api/console/login')[0]!.body).toEqual({ email: 'ops-support@demo.test', password: 'Portal-Demo-2026' });
    expect(await screen.findByRole('img', { name: 'QR code that adds the operations console to an authenticator app' })).toHaveAttribute('src', QR);
    expect(screen.getByText(SECRET)).toBeInTheDocument();

    await typeCode('111111');
    expect(await screen.findByRole('alert')).toHaveTextContent('The provided two factor authentication code was invalid.');
    await typeCode('654321');

    const recoveryTitle = await screen.findByRole('heading', { name: 'Keep your recovery codes', level: 1 });
    await waitFor(() => expect(recoveryTitle).toHaveFocus());
    const codes = screen.getByRole('list', { name: 'Recovery codes' });
    expect(within(codes).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Aa11111111-Bb22222222', 'Cc33333333-Dd44444444']);
    await userEvent.click(screen.getByRole('button', { name: 'I have stored them: continue' }));

    expect(await screen.findByRole('heading', { name: 'Partner applications', level: 1 })).toBeInTheDocument();
    expect(view.location().pathname).toBe('/partner-applications');
  });

  it('later sign-ins ask for a code; a wrong one says so, a recovery code works too', async () => {
    let signedIn = false;
    mockFetch({
      'GET /api/console/csrf-cookie': consoleCsrfCookie,
      'GET /api/console/me': () => (signedIn ? jsonResponse(200, { operator: operatorOf('finance') }) : jsonResponse(401, { message: 'Unauthenticated.' })),
      'POST /api/console/login': () => jsonResponse(200, { next: 'two_factor' }),
      'POST /api/console/two-factor-challenge': (request) => {
        const body = request.body as { code?: string; recovery_code?: string };
        if (body.recovery_code !== 'Aa11111111-Bb22222222') {
          return jsonResponse(422, { message: 'Invalid.', errors: { code: ['The provided two factor authentication code was invalid.'] } });
        }
        signedIn = true;
        return jsonResponse(200, { operator: operatorOf('finance') });
      },
    });
    const view = renderApp('/login', { routes: consoleRoutes });
    await fill(await screen.findByLabelText(/E-mail address/), 'ops-finance@demo.test');
    await fill(screen.getByLabelText(/^Password/), 'Portal-Demo-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in', level: 1 })).toBeInTheDocument();
    await typeCode('000000');
    expect(await screen.findByRole('alert')).toHaveTextContent('The provided two factor authentication code was invalid.');

    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await fill(screen.getByRole('textbox', { name: 'Recovery code' }), 'Aa11111111-Bb22222222');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { name: 'Welcome, Layla Mansour', level: 1 })).toBeInTheDocument();
    expect(view.location().pathname).toBe('/');
  });

  it('shows a wrong password beside the e-mail field, and refuses an empty form before asking the server', async () => {
    const api = mockFetch({
      'GET /api/console/csrf-cookie': consoleCsrfCookie,
      'GET /api/console/me': () => jsonResponse(401, { message: 'Unauthenticated.' }),
      'POST /api/console/login': () => jsonResponse(422, { message: 'x', errors: { email: ['These credentials do not match our records.'] } }),
    });
    renderApp('/login', { routes: consoleRoutes });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The email field is required.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/console/login')).toHaveLength(0);

    await fill(screen.getByLabelText(/E-mail address/), 'someone@ops.test');
    await fill(screen.getByLabelText(/^Password/), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('These credentials do not match our records.')).toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail address/)).toHaveAttribute('aria-invalid', 'true');
  });
});
