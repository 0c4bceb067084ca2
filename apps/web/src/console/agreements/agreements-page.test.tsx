import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConsoleAgreementDetail, ConsoleAgreementRow } from '@portal/contracts/console-agreements';
import { clearCookies, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { consoleCsrfCookie, operatorOf, pageOf, setUpConsoleCsrf } from '../console-test-helpers';
import { consoleRoutes } from '../console-routes';
import type { OperatorRole } from '@portal/contracts/operator-permissions';

beforeEach(() => {
  clearCookies();
  setUpConsoleCsrf();
});

const PUBLISHED: ConsoleAgreementRow = {
  id: 2,
  kind: 'template',
  key: 'partner-programme-agreement',
  version: 2,
  title: 'Partner Programme Agreement',
  status: 'published',
  mandatory: true,
  effective_at: '2026-11-01T00:00:00.000Z',
  expires_at: null,
  agent: null,
  published_at: '2026-11-20T10:00:00.000Z',
  applicable: 4,
  signed: 3,
};
const DRAFT: ConsoleAgreementRow = { ...PUBLISHED, id: 3, version: 3, status: 'draft', published_at: null, signed: 0 };
const DETAIL: ConsoleAgreementDetail = { ...PUBLISHED, body_markdown: '## 1. Purpose\n\nThe terms of referrals.', body_html: '<h2>1. Purpose</h2>', referral_group_ids: [], partner_type_ids: [], rate_schedule: [] };
const OPTIONS = { agents: [{ id: 1, name: 'Harbor Health Partners' }], groups: [{ id: 1, name: 'Partners' }], partner_types: [{ id: 1, name: 'Clinic' }] };

function api(role: OperatorRole, extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/console/csrf-cookie': consoleCsrfCookie,
    'GET /api/console/me': () => jsonResponse(200, { operator: operatorOf(role) }),
    'GET /api/console/agreements': () => jsonResponse(200, pageOf([DRAFT, PUBLISHED])),
    'GET /api/console/agreements/options': () => jsonResponse(200, OPTIONS),
    'GET /api/console/agreements/2': () => jsonResponse(200, DETAIL),
    ...extra,
  });
}

describe('agreements (console)', () => {
  it('starts the next version from the published text, previews it and saves the draft; publishes a draft after confirming', async () => {
    const calls = api('finance', {
      'POST /api/console/agreements/preview': (request) => jsonResponse(200, { html: `<p>${String((request.body as { body_markdown: string }).body_markdown.length)} characters previewed</p>` }),
      'POST /api/console/agreements': () => jsonResponse(201, { ...DETAIL, id: 4, version: 3, status: 'draft' }),
      'POST /api/console/agreements/3/publish': () => jsonResponse(200, { ...DETAIL, id: 3, version: 3 }),
    });
    renderApp('/agreements', { routes: consoleRoutes });
    const table = await screen.findByRole('table', { name: /Agreements/ });
    const published = (await within(table).findByText('3 of 4 signed')).closest('tr')!;
    const user = userEvent.setup();
    await user.click(within(published).getByRole('button', { name: 'New version of Partner Programme Agreement' }));
    const dialog = await screen.findByRole('dialog', { name: 'New version of Partner Programme Agreement' });
    expect(within(dialog).getByRole('textbox', { name: /^Key/ })).toBeDisabled();
    expect(within(dialog).getByRole('textbox', { name: /^Text \(Markdown\)/ })).toHaveValue('## 1. Purpose\n\nThe terms of referrals.');
    await user.type(within(dialog).getByRole('textbox', { name: /^Text \(Markdown\)/ }), '\n\n## 2. Tiers');
    await user.click(within(dialog).getByRole('tab', { name: 'Preview' }));
    // The preview is of the text as typed (debounced), rendered by the server.
    expect(await within(dialog).findByText('51 characters previewed')).toBeInTheDocument();
    expect(calls.calls('POST', '/api/console/agreements/preview').at(-1)!.body).toEqual({ body_markdown: '## 1. Purpose\n\nThe terms of referrals.\n\n## 2. Tiers' });
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(calls.calls('POST', '/api/console/agreements')).toHaveLength(1));
    expect(calls.calls('POST', '/api/console/agreements')[0]!.body).toMatchObject({ kind: 'template', key: 'partner-programme-agreement', mandatory: true, body_markdown: '## 1. Purpose\n\nThe terms of referrals.\n\n## 2. Tiers', referral_agent_id: null });

    const draft = within(table).getAllByText('Draft')[0]!.closest('tr')!;
    await user.click(within(draft).getByRole('button', { name: 'Publish Partner Programme Agreement, version 3' }));
    const confirm = await screen.findByRole('dialog', { name: 'Publish Partner Programme Agreement, version 3' });
    await user.click(within(confirm).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(calls.calls('POST', '/api/console/agreements/3/publish')).toHaveLength(1));
  });

  it('shows who signed and who has not', async () => {
    api('support', {
      'GET /api/console/agreements/2/signatures': () =>
        jsonResponse(200, {
          signatures: [
            { agent: { id: 1, name: 'Harbor Health Partners' }, signed: null },
            { agent: { id: 2, name: 'Northwind Care Network' }, signed: { signer_name: 'Noah Fischer', signer_email: 'noah@northwind.test', signed_at: '2026-11-21T10:00:00.000Z', ip: '203.0.113.24', text_sha256: 'a'.repeat(64), pdf_sha256: 'b'.repeat(64) } },
          ],
        }),
    });
    renderApp('/agreements', { routes: consoleRoutes });
    const table = await screen.findByRole('table', { name: /Agreements/ });
    expect(within(table).queryByRole('button', { name: /^Publish/ })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(await within(table).findByRole('button', { name: 'Signatures of Partner Programme Agreement, version 2' }));
    const signatures = await screen.findByRole('table', { name: 'Who signed and who has not' });
    const harbor = (await within(signatures).findByText('Harbor Health Partners')).closest('tr')!;
    expect(within(harbor).getByText('Not signed')).toBeInTheDocument();
    const northwind = within(signatures).getByText('Northwind Care Network').closest('tr')!;
    expect(within(northwind).getByText('Noah Fischer')).toBeInTheDocument();
    expect(within(northwind).getByRole('button', { name: 'Download the PDF signed by Northwind Care Network' })).toBeInTheDocument();
  });

  it("links an individual contract to its negotiated rates in the rate card", async () => {
    const CONTRACT: ConsoleAgreementRow = { ...PUBLISHED, id: 7, kind: 'individual', key: 'northwind-individual-contract', version: 1, title: 'Individual contract', mandatory: false, agent: { id: 2, name: 'Northwind Care Network' }, applicable: 1, signed: 1 };
    api('support', { 'GET /api/console/agreements': () => jsonResponse(200, pageOf([CONTRACT, PUBLISHED])) });
    renderApp('/agreements', { routes: consoleRoutes });
    const table = await screen.findByRole('table', { name: /Agreements/ });
    const link = await within(table).findByRole('link', { name: 'Negotiated rates of Individual contract, version 1' });
    expect(link).toHaveAttribute('href', '/rate-card?scope=contracts&contract_id=7');
    // A template's rates are the card's own, snapshotted when published: no link.
    expect(within(table).getAllByRole('link', { name: /^Negotiated rates/ })).toHaveLength(1);
  });
});
