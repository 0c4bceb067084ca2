import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentDetailsResponse } from '@portal/contracts/payment-details';
import { jsonResponse } from '../../../../test/fetch-mock';
import { renderApp } from '../../../../test/render-app';
import { startEachTestSignedOut } from '../../../../test/session';
import { changeLocale } from '../../../i18n/i18n';
import { EVENTS, VERIFIED, paymentDetailsApi as api } from './payment-details-test-helpers';

startEachTestSignedOut();

const answer = (body: PaymentDetailsResponse) => () => jsonResponse(200, body);

describe('Payment details', () => {
  it('shows verified details (the account masked, the country named) and the change log', async () => {
    api(answer({ details: VERIFIED, events: EVENTS }));
    renderApp('/payment-details');

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment details' })).toBeInTheDocument();
    const card = await screen.findByRole('region', { name: 'Where payouts go' });
    expect(within(card).getByText('Verified')).toBeInTheDocument();
    expect(within(card).getByText('Payouts go to these details.')).toBeInTheDocument();
    expect(within(card).getByText('Verified on 6 Mar 2026')).toBeInTheDocument();
    const value = (label: string) => within(card).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(value('Method')).toHaveTextContent('IBAN');
    expect(value('Account holder')).toHaveTextContent('Harbor Health Partners LLC');
    expect(value('Bank country')).toHaveTextContent('Germany');
    expect(value('Account')).toHaveTextContent('•••• 3000');
    expect(value('BIC (SWIFT code)')).toHaveTextContent('COBADEFFXXX');
    expect(value('Last changed')).toHaveTextContent(/5 Mar 2026 \d\d:\d\d by Ada Lovelace/);
    expect(within(card).queryByText('Routing number (ABA)')).toBeNull();
    expect(within(card).getByRole('link', { name: 'Edit payment details' })).toHaveAttribute('href', '/edit-payment-details');

    const log = screen.getByRole('list', { name: 'Change log' });
    const [verified, changed] = within(log).getAllByRole('listitem');
    expect(within(verified!).getByText('Verified')).toBeInTheDocument();
    expect(within(verified!).getByText('By Partner programme team')).toBeInTheDocument();
    expect(within(changed!).getByText('Changed')).toBeInTheDocument();
    expect(within(changed!).getByText('By Ada Lovelace')).toBeInTheDocument();
    expect(changed).toHaveTextContent(/IBAN •••• 1234 \(GB\)\W*→\W*IBAN •••• 3000 \(DE\)/);
  });

  it.each([
    ['unverified', 'Waiting for verification', 'Payouts wait until the programme team has checked them.'],
    ['frozen', 'Frozen', 'No payouts until the programme team has spoken to you.'],
  ] as const)('says what %s details mean for payouts', async (status, badge, text) => {
    api(answer({ details: { ...VERIFIED, status, verified_at: null }, events: [] }));
    renderApp('/payment-details');
    const card = await screen.findByRole('region', { name: 'Where payouts go' });
    expect(within(card).getByText(badge)).toBeInTheDocument();
    expect(within(card).getByText(text)).toBeInTheDocument();
  });

  it('explains, without details, that payouts need them and offers to add them', async () => {
    api(answer({ details: null, events: [] }));
    renderApp('/payment-details');
    const empty = await screen.findByRole('region', { name: 'No payment details yet' });
    expect(within(empty).getByText(/no payout can be made until you add the bank account/)).toBeInTheDocument();
    expect(within(empty).getByRole('link', { name: 'Add payment details' })).toHaveAttribute('href', '/edit-payment-details');
    expect(screen.queryByRole('region', { name: 'Change log' })).toBeNull();
  });

  it('shows a load failure with Try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    api(() => (fail ? jsonResponse(500, { message: 'Server Error' }) : jsonResponse(200, { details: VERIFIED, events: [] })));
    renderApp('/payment-details');
    const alert = await screen.findByRole('alert', { name: 'Your payment details could not be loaded' });
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Where payouts go' })).toBeInTheDocument();
  });

  it('is in the Earnings group after My earnings for owners and finance, not for a manager', async () => {
    api(answer({ details: VERIFIED, events: [] }), 'finance');
    const view = renderApp('/payment-details');
    const navigation = await screen.findByRole('navigation', { name: 'Main' });
    const links = within(navigation).getAllByRole('link').map((link) => link.textContent);
    expect(links.indexOf('Payment details')).toBe(links.indexOf('My earnings') + 1);
    expect(within(navigation).getByRole('link', { name: 'Payment details' })).toHaveAttribute('aria-current', 'page');
    view.unmount();

    api(answer({ details: VERIFIED, events: [] }), 'manager');
    renderApp('/my-earnings');
    const managers = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(managers).getByRole('link', { name: 'My earnings' })).toBeInTheDocument();
    expect(within(managers).queryByRole('link', { name: 'Payment details' })).toBeNull();
  });

  it('reads in Arabic: the country named in Arabic, the change log right to left', async () => {
    await changeLocale('ar');
    api(answer({ details: VERIFIED, events: EVENTS }));
    renderApp('/payment-details');
    expect(await screen.findByRole('heading', { level: 1, name: 'بيانات الدفع' })).toBeInTheDocument();
    const card = await screen.findByRole('region', { name: 'وجهة الدفعات' });
    expect(within(card).getByText('تم التحقق')).toBeInTheDocument();
    expect(within(card).getByText('ألمانيا')).toBeInTheDocument();
    expect(screen.getByText('بواسطة فريق برنامج الشركاء')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});
