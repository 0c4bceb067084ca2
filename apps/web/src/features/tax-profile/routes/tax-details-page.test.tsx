import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PartnerRole } from '@portal/contracts/partner-roles';
import type { TaxProfile, TaxProfileResponse } from '@portal/contracts/tax-profile';
import { makeUser } from '../../../../test/fixtures';
import { jsonResponse, mockFetch, type MockHandler } from '../../../../test/fetch-mock';
import { renderApp } from '../../../../test/render-app';
import { shownNotifications, startEachTestSignedOut } from '../../../../test/session';
import { changeLocale, i18n } from '../../../i18n/i18n';
import { useAuthStore } from '../../../stores/auth-store';

startEachTestSignedOut();

const HARBOR: TaxProfile = {
  legal_name: 'Harbor Health Partners Ltd',
  address_line1: '14 Quayside Court',
  address_line2: 'Gunwharf Quays',
  city: 'Portsmouth',
  postal_code: 'PO1 3TZ',
  country: 'GB',
  tax_id: '09418273',
  vat_status: 'registered',
  vat_number: 'GB284619530',
  updated_at: '2026-10-05T09:30:00Z',
  updated_by: 'Priya Natarajan',
};

const answer = (body: TaxProfileResponse) => () => jsonResponse(200, body);

/** Signs a member of `role` in and fakes GET /api/user, GET /api/tax-profile by `profile`, and `more`. */
function api(profile: MockHandler, role: PartnerRole = 'finance', more: Record<string, MockHandler> = {}) {
  const user = makeUser({ locale: i18n.language === 'ar' ? 'ar' : 'en' }, { role });
  useAuthStore.getState().setUser(user);
  return mockFetch({ 'GET /api/user': () => jsonResponse(200, user), 'GET /api/tax-profile': profile, ...more });
}

/** Puts a value in a field as a partner does, by pasting it (typing re-renders the form per key, and tests nothing more). */
async function paste(label: string, value: string) {
  const input = screen.getByRole('textbox', { name: label });
  await userEvent.clear(input);
  await userEvent.click(input);
  await userEvent.paste(value);
}

describe('Tax details', () => {
  it('shows the profile as statements print it, and that they carry the reverse-charge note', async () => {
    api(answer({ profile: HARBOR, issuer_country: 'AE', reverse_charge: true }));
    renderApp('/tax-details');

    expect(await screen.findByRole('heading', { level: 1, name: 'Tax details' })).toBeInTheDocument();
    const card = await screen.findByRole('region', { name: 'Printed on your statements' });
    const value = (label: string) => within(card).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(value('Legal name')).toHaveTextContent('Harbor Health Partners Ltd');
    expect(value('Address')).toHaveTextContent(/14 Quayside Court\s*Gunwharf Quays\s*PO1 3TZ Portsmouth/);
    expect(value('Country')).toHaveTextContent('United Kingdom');
    expect(value('Tax ID')).toHaveTextContent('09418273');
    expect(value('VAT status')).toHaveTextContent('Registered for VAT');
    expect(value('VAT number')).toHaveTextContent('GB284619530');
    expect(value('Last changed')).toHaveTextContent(/5 Oct 2026 \d\d:\d\d by Priya Natarajan/);
    expect(within(card).getByText(/Your statements carry the reverse-charge note/)).toBeInTheDocument();
  });

  it('explains, without a profile, what statements lack; the contract checks the VAT number first, the server’s 422 shows under its field', async () => {
    const calls = api(answer({ profile: null, issuer_country: 'AE', reverse_charge: false }), 'owner', {
      'PUT /api/tax-profile': () => jsonResponse(422, { message: 'The postal code is not one of Germany.', errors: { postal_code: ['The postal code is not one of Germany.'] } }),
    });
    renderApp('/tax-details');

    const empty = await screen.findByRole('region', { name: 'No tax details yet' });
    expect(within(empty).getByText(/each statement says they are missing/)).toBeInTheDocument();
    await userEvent.click(within(empty).getByRole('button', { name: 'Enter tax details' }));

    const dialog = await screen.findByRole('dialog', { name: 'Tax details' });
    await paste('Legal name', 'Northwind Care Network GmbH');
    await paste('Address', 'Hohe Bleichen 11');
    await paste('City', 'Hamburg');
    await paste('Postal code', '2035');
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Country of establishment' }), 'germ');
    await userEvent.click(await screen.findByRole('option', { name: 'Germany' }));
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'VAT status' }), 'registered');
    await paste('VAT number', 'GB284619530');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save tax details' }));

    expect(await within(dialog).findByText('A VAT number of this country starts with DE.')).toBeInTheDocument();
    expect(calls.calls('PUT', '/api/tax-profile')).toHaveLength(0);

    await paste('VAT number', 'DE 318 472 905');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save tax details' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Postal code' })).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByRole('textbox', { name: 'Postal code' })).toHaveAccessibleDescription(expect.stringContaining('The postal code is not one of Germany.'));
    expect(calls.calls('PUT', '/api/tax-profile')[0]!.body).toEqual({
      legal_name: 'Northwind Care Network GmbH',
      address_line1: 'Hohe Bleichen 11',
      address_line2: '',
      city: 'Hamburg',
      postal_code: '2035',
      country: 'DE',
      tax_id: '',
      vat_status: 'registered',
      vat_number: 'DE 318 472 905',
    });
    expect(screen.getByRole('dialog', { name: 'Tax details' })).toBeInTheDocument();
  });

  it('saves a change, closes the dialog, tells so and shows the profile as saved', async () => {
    let saved: TaxProfileResponse = { profile: HARBOR, issuer_country: 'AE', reverse_charge: true };
    const calls = api(() => jsonResponse(200, saved), 'finance', {
      'PUT /api/tax-profile': () => {
        saved = { ...saved, profile: { ...HARBOR, legal_name: 'Harbor Health Partners Limited' } };
        return jsonResponse(200, saved);
      },
    });
    renderApp('/tax-details');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit tax details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tax details' });
    expect(within(dialog).getByRole('textbox', { name: 'Legal name' })).toHaveValue('Harbor Health Partners Ltd');
    await paste('Legal name', 'Harbor Health Partners Limited');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save tax details' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.calls('PUT', '/api/tax-profile')[0]!.body).toMatchObject({ legal_name: 'Harbor Health Partners Limited', country: 'GB', vat_number: 'GB284619530' });
    expect(shownNotifications()).toContainEqual(expect.objectContaining({ title: 'Tax details saved' }));
    expect(await screen.findByRole('region', { name: 'Printed on your statements' })).toHaveTextContent('Harbor Health Partners Limited');
  });

  it('sends no VAT number for a partner not registered for VAT, and hides the field', async () => {
    const calls = api(answer({ profile: HARBOR, issuer_country: 'AE', reverse_charge: true }), 'finance', {
      'PUT /api/tax-profile': () => jsonResponse(200, { profile: { ...HARBOR, vat_status: 'exempt', vat_number: null }, issuer_country: 'AE', reverse_charge: false }),
    });
    renderApp('/tax-details');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit tax details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tax details' });
    expect(within(dialog).getByRole('textbox', { name: 'VAT number' })).toHaveValue('GB284619530');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'VAT status' }), 'exempt');
    expect(within(dialog).queryByRole('textbox', { name: 'VAT number' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save tax details' }));
    await waitFor(() => expect(calls.calls('PUT', '/api/tax-profile')).toHaveLength(1));
    expect(calls.calls('PUT', '/api/tax-profile')[0]!.body).toMatchObject({ vat_status: 'exempt', vat_number: null });
    expect(await screen.findByText(/Your statements carry no reverse-charge note/)).toBeInTheDocument();
  });

  it('shows a load failure with Try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    api(() => (fail ? jsonResponse(500, { message: 'Server Error' }) : jsonResponse(200, { profile: HARBOR, issuer_country: 'AE', reverse_charge: true })));
    renderApp('/tax-details');
    const alert = await screen.findByRole('alert', { name: 'Your tax details could not be loaded' });
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Printed on your statements' })).toBeInTheDocument();
  });

  it('is in the sidebar for finance, beside Payment details, and not for a manager', async () => {
    api(answer({ profile: HARBOR, issuer_country: 'AE', reverse_charge: true }), 'finance');
    const view = renderApp('/tax-details');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Tax details' })).toHaveAttribute('href', '/tax-details');
    const links = within(nav).getAllByRole('link').map((link) => link.textContent);
    expect(links.indexOf('Tax details')).toBe(links.indexOf('Payment details') + 1);
    view.unmount();

    api(answer({ profile: HARBOR, issuer_country: 'AE', reverse_charge: true }), 'manager');
    renderApp('/my-earnings');
    const managers = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(managers).getByRole('link', { name: 'My earnings' })).toBeInTheDocument();
    expect(within(managers).queryByRole('link', { name: 'Tax details' })).toBeNull();
  });

  it('reads in Arabic', async () => {
    await changeLocale('ar');
    api(answer({ profile: HARBOR, issuer_country: 'AE', reverse_charge: true }));
    renderApp('/tax-details');
    expect(await screen.findByRole('heading', { level: 1, name: 'البيانات الضريبية' })).toBeInTheDocument();
    const card = await screen.findByRole('region', { name: 'ما يُطبع على كشوفك' });
    expect(within(card).getByText('المملكة المتحدة')).toBeInTheDocument();
    expect(within(card).getByText('مسجّل في ضريبة القيمة المضافة')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});
