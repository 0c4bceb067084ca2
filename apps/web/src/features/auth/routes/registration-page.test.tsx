import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderApp } from '../../../../test/render-app';
import { startEachTestSignedOut } from '../../../../test/session';
import { defaultPhoneCountry, phoneCountryOptions, toE164 } from '../components/phone-countries';

startEachTestSignedOut();

const options = {
  partner_types: [
    { id: 1, name: 'Broker' },
    { id: 2, name: 'Clinic' },
  ],
  partner_industries: [{ id: 5, name: 'Insurance' }],
};

/** Clicks into a field and pastes: one change per field keeps these long forms quick to fill. */
async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

/**
 * Opens a select and picks an option, looking only inside that select's list: role queries over the whole page
 * would also walk the 245 countries of the phone picker, which is slow in jsdom.
 */
async function choose(user: ReturnType<typeof userEvent.setup>, selectName: RegExp, optionName: string) {
  const select = screen.getByRole('combobox', { name: selectName });
  await user.click(select);
  const listId = await waitFor(() => {
    const id = select.getAttribute('aria-controls');
    if (!id) throw new Error('the list is not open');
    return id;
  });
  const list = document.getElementById(listId) as HTMLElement;
  await user.click(within(list).getByRole('option', { name: optionName }));
}

async function fillForm(phone: string) {
  const user = userEvent.setup({ delay: null });
  await fill(user, await screen.findByLabelText(/^First name/), 'Ada');
  await fill(user, screen.getByLabelText(/^Last name/), 'Lovelace');
  await fill(user, screen.getByLabelText(/^Email/), 'ada@example.test');
  await fill(user, screen.getByLabelText(/^Password/, { selector: 'input' }), 'Secret-123');
  await fill(user, screen.getByLabelText(/^Confirm password/), 'Secret-123');
  await fill(user, screen.getByLabelText(/^Phone number/), phone);
  await choose(user, /^Partner type/, 'Clinic');
  await choose(user, /^Industry/, 'Insurance');
  await fill(user, screen.getByLabelText(/^Organisation/), 'Analytical Engines');
  return user;
}

/** jsdom says en-US; the demo partners are in the UAE. */
function browserInTheUae() {
  vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['en-AE', 'en']);
}

describe('registration page', () => {
  it('registers with the phone in E.164 and numeric ids, then thanks the partner', async () => {
    browserInTheUae();
    const api = mockFetch({
      'GET /api/registration/options': () => jsonResponse(200, options),
      'POST /api/registration': () => jsonResponse(201, { success: true, message: 'Thank you for registering.' }),
    });
    const view = renderApp('/registration');
    await screen.findByRole('combobox', { name: /^Country code/ });
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Partner type/ })).toBeEnabled());

    const user = await fillForm('050 123 4567');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('heading', { name: 'Thank you for registering' })).toBeInTheDocument();
    expect(view.location().pathname).toBe('/thank-you');
    expect(api.calls('GET', '/sanctum/csrf-cookie').length).toBeGreaterThan(0);
    expect(api.calls('POST', '/api/registration')[0]?.body).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.test',
      password: 'Secret-123',
      password_confirmation: 'Secret-123',
      phone_country: 'AE',
      phone: '+971501234567',
      partner_type_id: 2,
      partner_industry_id: 5,
      organisation: 'Analytical Engines',
    });
  });

  it('offers every country with its calling code, the browser’s region first chosen', async () => {
    browserInTheUae();
    mockFetch({ 'GET /api/registration/options': () => jsonResponse(200, options) });
    renderApp('/registration');
    const user = userEvent.setup({ delay: null });

    const country = await screen.findByRole('combobox', { name: /^Country code/ });
    expect(country).toHaveValue('United Arab Emirates (+971)');
    await choose(user, /^Country code/, 'United Kingdom (+44)');
    expect(country).toHaveValue('United Kingdom (+44)');
  });

  it('checks the phone number against the chosen country and the required fields', async () => {
    const api = mockFetch({ 'GET /api/registration/options': () => jsonResponse(200, options) });
    renderApp('/registration');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^Phone number/), '12');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('The phone number is not valid for the chosen country.')).toBeInTheDocument();
    expect(screen.getByText('The first name field is required.')).toBeInTheDocument();
    expect(screen.getByText('Choose a partner type.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^First name/)).toHaveFocus());
    expect(api.calls('POST', '/api/registration')).toHaveLength(0);
  });

  it('shows the server’s field errors beside the fields', async () => {
    browserInTheUae();
    mockFetch({
      'GET /api/registration/options': () => jsonResponse(200, options),
      'POST /api/registration': () =>
        jsonResponse(422, { message: 'The email has already been taken.', errors: { email: ['The email has already been taken.'] } }),
    });
    const view = renderApp('/registration');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Partner type/ })).toBeEnabled());

    const user = await fillForm('0501234567');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() => expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('The email has already been taken.'));
    expect(view.location().pathname).toBe('/registration');
  });

  it('says when the partner types cannot be loaded, and retries', async () => {
    let fail = true;
    mockFetch({
      'GET /api/registration/options': () => (fail ? jsonResponse(500, { message: 'Server Error' }) : jsonResponse(200, options)),
    });
    renderApp('/registration');

    expect(await screen.findByText('Could not load the partner types')).toBeInTheDocument();
    fail = false;
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Partner type/ })).toBeEnabled());
  });
});

describe('phone countries', () => {
  it('lists every country with its calling code', () => {
    const list = phoneCountryOptions();
    expect(list.length).toBeGreaterThan(200);
    expect(list.find((country) => country.value === 'AE')?.label).toBe('United Arab Emirates (+971)');
  });

  it('defaults to the browser language’s region, else the UAE', () => {
    expect(defaultPhoneCountry(['en-GB', 'en'])).toBe('GB');
    expect(defaultPhoneCountry(['en'])).toBe('AE');
    expect(defaultPhoneCountry(['zh-Hant-TW'])).toBe('TW');
    expect(defaultPhoneCountry([])).toBe('AE');
  });

  it('writes numbers in E.164', () => {
    expect(toE164('050 123 4567', 'AE')).toBe('+971501234567');
    expect(toE164('020 7946 0958', 'GB')).toBe('+442079460958');
    expect(toE164('  ', 'AE')).toBe('');
  });
});
