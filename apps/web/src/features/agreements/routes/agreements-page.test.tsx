import { describe, expect, it } from 'vitest';
import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AgreementDetail, AgreementSummary } from '@portal/contracts/agreements';
import { ELECTRONIC_RECORDS_CONSENT } from '@portal/contracts/agreements';
import { makeUser } from '../../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderApp } from '../../../../test/render-app';
import { startEachTestSignedOut } from '../../../../test/session';
import { useAuthStore } from '../../../stores/auth-store';

startEachTestSignedOut();

const V2: AgreementSummary = { id: 12, kind: 'template', key: 'partner-programme-agreement', version: 2, title: 'Partner Programme Agreement', mandatory: true, effective_at: '2026-11-01T00:00:00.000Z', expires_at: null, status: 'action_needed', acceptance: null };
const V1: AgreementSummary = {
  ...V2,
  id: 11,
  version: 1,
  effective_at: '2025-01-01T00:00:00.000Z',
  status: 'superseded',
  acceptance: { signer_name: 'Amelia Hart', signed_at: '2025-01-04T09:30:00.000Z', text_sha256: 'a'.repeat(64), pdf_sha256: 'b'.repeat(64) },
};
const HASH = 'c'.repeat(64);
const DETAIL: AgreementDetail = {
  ...V2,
  text: 'Partner Programme Agreement\n\n## 1. Purpose',
  text_sha256: HASH,
  body_html: '<h2>1. Purpose</h2><p>This agreement sets the terms of referrals.</p>',
  rate_schedule: [{ scope: { facility: null, service: null, specialty: 'Dentistry', tier: null }, rate: { kind: 'percentage', basis_points: 1000, amount_minor: null, currency: 'AED' }, refund_window_days: 14 }],
  consent_text: ELECTRONIC_RECORDS_CONSENT,
};

function signIn(role: 'owner' | 'finance') {
  const user = makeUser({}, { role });
  useAuthStore.getState().setUser(user);
  return user;
}

describe('agreements', () => {
  it('shows an owner the banner and the list; the owner reads the agreement, consents, types a name and signs it', async () => {
    const user = signIn('owner');
    let signed = false;
    const api = mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/agreements': () =>
        jsonResponse(200, {
          agreements: signed ? [{ ...V2, status: 'active', acceptance: { signer_name: 'Amelia Hart', signed_at: '2026-11-27T10:00:00.000Z', text_sha256: HASH, pdf_sha256: 'd'.repeat(64) } }, V1] : [V2, V1],
          pending_mandatory: !signed,
        }),
      'GET /api/agreements/12': () => jsonResponse(200, DETAIL),
      'POST /api/agreements/12/sign': () => {
        signed = true;
        return jsonResponse(201, { ...DETAIL, status: 'active', acceptance: { signer_name: 'Amelia Hart', signed_at: '2026-11-27T10:00:00.000Z', text_sha256: HASH, pdf_sha256: 'd'.repeat(64) } });
      },
    });
    renderApp('/agreements');

    const banner = await screen.findByRole('region', { name: 'An agreement needs your signature' });
    expect(within(banner).getByText(/Partner Programme Agreement \(version 2\) must be signed by an owner/)).toBeInTheDocument();
    const latest = await screen.findByRole('article', { name: 'Partner Programme Agreement, Version 2' });
    expect(within(latest).getByText('Action needed')).toBeInTheDocument();
    const older = screen.getByRole('article', { name: 'Partner Programme Agreement, Version 1' });
    expect(within(older).getByText('Superseded')).toBeInTheDocument();
    expect(within(older).getByText('Signed by Amelia Hart on 4 Jan 2025')).toBeInTheDocument();
    expect(within(older).getByRole('button', { name: 'Download signed PDF: Partner Programme Agreement, version 1' })).toBeInTheDocument();

    const clicks = userEvent.setup();
    await clicks.click(within(latest).getByRole('button', { name: 'Read and sign Partner Programme Agreement, version 2' }));
    const reader = await screen.findByRole('dialog', { name: 'Partner Programme Agreement' });
    const text = within(reader).getByRole('region', { name: 'Agreement text: scroll to its end' });
    expect(within(text).getByRole('heading', { name: '1. Purpose' })).toBeInTheDocument();
    expect(within(within(text).getByRole('table', { name: 'The rates attached to this agreement' })).getByText('Dentistry · all facilities')).toBeInTheDocument();

    await clicks.click(within(reader).getByRole('button', { name: 'Sign agreement' }));
    expect(await within(reader).findByText('Confirm that you agree to sign electronically.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/agreements/12/sign')).toHaveLength(0);
    await clicks.click(within(reader).getByRole('checkbox', { name: ELECTRONIC_RECORDS_CONSENT }));
    await clicks.type(within(reader).getByRole('textbox', { name: /^Your full name/ }), 'Amelia Hart');
    await clicks.click(within(reader).getByRole('button', { name: 'Sign agreement' }));
    await waitFor(() => expect(api.calls('POST', '/api/agreements/12/sign')).toHaveLength(1));
    expect(api.calls('POST', '/api/agreements/12/sign')[0]!.body).toEqual({ signer_name: 'Amelia Hart', consent: true, read_to_end: true, text_sha256: HASH });

    // Signed: the banner goes, the list says who signed.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'An agreement needs your signature' })).not.toBeInTheDocument());
    expect(await screen.findByText('Signed by Amelia Hart on 27 Nov 2026')).toBeInTheDocument();
  });

  it('shows finance no banner and no way to sign: an owner signs', async () => {
    const user = signIn('finance');
    const api = mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/agreements': () => jsonResponse(200, { agreements: [V2], pending_mandatory: true }),
      'GET /api/agreements/12': () => jsonResponse(200, DETAIL),
    });
    renderApp('/agreements?agreement=12');
    const reader = await screen.findByRole('dialog', { name: 'Partner Programme Agreement' });
    expect(await within(reader).findByText('An owner of your organisation signs agreements. Ask one to read and sign it.')).toBeInTheDocument();
    expect(within(reader).queryByRole('button', { name: 'Sign agreement' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'An agreement needs your signature' })).not.toBeInTheDocument();
    expect(api.calls('GET', '/api/agreements').length).toBeGreaterThan(0);
  });

  it("shows the individual contract's dates, state and negotiated rates, and says when there is none", async () => {
    const user = signIn('owner');
    let contract: AgreementDetail | null = {
      ...DETAIL,
      id: 20,
      kind: 'individual',
      key: 'northwind-individual-contract',
      version: 1,
      title: 'Individual contract: Northwind Care Network',
      mandatory: false,
      effective_at: '2026-01-01T00:00:00.000Z',
      expires_at: '2027-12-31T00:00:00.000Z',
      status: 'active',
      acceptance: { signer_name: 'Noah Fischer', signed_at: '2025-12-18T15:40:00.000Z', text_sha256: HASH, pdf_sha256: 'e'.repeat(64) },
      rate_schedule: [{ scope: { facility: 'Pearl Dental Studio', service: 'Dental Implant', specialty: null, tier: null }, rate: { kind: 'flat', basis_points: null, amount_minor: 65_000, currency: 'AED' }, refund_window_days: 14 }],
    };
    mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/agreements': () => jsonResponse(200, { agreements: [], pending_mandatory: false }),
      'GET /api/individual-contract': () => jsonResponse(200, { contract }),
    });
    const view = renderApp('/individual-contract');
    const section = await screen.findByRole('region', { name: 'Individual contract: Northwind Care Network' });
    expect(within(section).getByText('From 1 Jan 2026 to 31 Dec 2027')).toBeInTheDocument();
    expect(within(section).getByText('Active')).toBeInTheDocument();
    expect(within(section).getByText('Signed by Noah Fischer on 18 Dec 2025')).toBeInTheDocument();
    const rates = within(section).getByRole('table', { name: 'The rates attached to this agreement' });
    expect(within(rates).getByText('Pearl Dental Studio · Dental Implant')).toBeInTheDocument();
    expect(within(rates).getByText('AED 650.00 per treatment')).toBeInTheDocument();
    view.unmount();

    contract = null;
    renderApp('/individual-contract');
    expect(await screen.findByText('Your organisation has no individual contract: its rates follow the commission structure.')).toBeInTheDocument();
  });
});
