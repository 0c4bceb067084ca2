import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReferralAgentDetail, ReferralAgentRow, ReferralGroupRow } from '@portal/contracts/console-referral-agents';
import type { OperatorRole } from '@portal/contracts/operator-permissions';
import { clearCookies, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { consoleCsrfCookie, operatorOf, pageOf, setUpConsoleCsrf } from '../console-test-helpers';
import { consoleRoutes } from '../console-routes';

const GROUPS = [
  { id: 2, slug: 'affiliates', name: 'affiliates' },
  { id: 1, slug: 'partners', name: 'Partners' },
];

function agentRowOf(overrides: Partial<ReferralAgentRow> = {}): ReferralAgentRow {
  return {
    id: 3,
    name: 'Harbor Health Partners',
    group: GROUPS[1]!,
    logo_url: '/build/logos/harbor-health-partners.svg',
    partner_count: 4,
    booking_count: 1250,
    created_at: '2026-01-10T08:00:00.000Z',
    ...overrides,
  };
}

function agentOf(overrides: Partial<ReferralAgentDetail> = {}): ReferralAgentDetail {
  return { ...agentRowOf(), logo_uploaded: false, logo_size: null, logo_type: null, updated_at: '2026-03-05T14:30:00.000Z', ...overrides };
}

function groupRowOf(overrides: Partial<ReferralGroupRow> = {}): ReferralGroupRow {
  return { id: 1, slug: 'partners', name: 'Partners', agent_count: 3, partner_count: 12, ...overrides };
}

beforeEach(() => {
  clearCookies();
  setUpConsoleCsrf();
  // jsdom has no object URLs: the preview's is a fixed one.
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.restoreAllMocks();
});

function api(role: OperatorRole, extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/console/csrf-cookie': consoleCsrfCookie,
    'GET /api/console/me': () => jsonResponse(200, { operator: operatorOf(role) }),
    'GET /api/console/referral-groups/options': () => jsonResponse(200, GROUPS),
    ...extra,
  });
}

function pngFile(name = 'logo.png', size = 2048, type = 'image/png'): File {
  return new File([new Uint8Array(size)], name, { type });
}

/** The logo picker's input (hidden behind its button, as browsers' file inputs are). */
function fileInput(): HTMLInputElement {
  return document.querySelector<HTMLInputElement>('input[type="file"]')!;
}

describe('the referral agents list', () => {
  it('lists agents with logo, group and counts, filters by group through the URL and the request, and links to each', async () => {
    const harbor = agentRowOf();
    const bright = agentRowOf({ id: 5, name: 'Bright Path Affiliates', group: GROUPS[0]!, logo_url: null, partner_count: 1, booking_count: 0 });
    const calls = api('content', { 'GET /api/console/referral-agents': () => jsonResponse(200, pageOf([harbor, bright])) });
    const view = renderApp('/referral-agents', { routes: consoleRoutes });
    const table = await screen.findByRole('table', { name: 'Referral agents' });
    expect(await within(table).findByRole('link', { name: 'Harbor Health Partners' })).toHaveAttribute('href', '/referral-agents/3');
    expect(within(table).getByText('1,250')).toBeInTheDocument();
    expect(within(table).getByText('None')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New referral agent' })).toHaveAttribute('href', '/referral-agents/new');

    // The sidebar offers both pages to a role that manages agents.
    const navigation = screen.getByRole('navigation', { name: 'Console' });
    expect(within(navigation).getByRole('link', { name: 'Referral agents' })).toBeInTheDocument();
    expect(within(navigation).getByRole('link', { name: 'Referral groups' })).toBeInTheDocument();

    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Referral group' }), 'affiliates');
    expect(view.location().search).toContain('group=2');
    await waitFor(() => expect(calls.calls('GET', '/api/console/referral-agents').at(-1)!.query.get('group')).toBe('2'));
  });

  it('is not offered to a role that does not manage agents', async () => {
    api('support');
    renderApp('/referral-agents', { routes: consoleRoutes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Not allowed' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Console' })).queryByRole('link', { name: 'Referral agents' })).not.toBeInTheDocument();
  });
});

describe('creating an agent', () => {
  it('checks the fields with the contract, then shows the server’s 422 at the name', async () => {
    const calls = api('content', {
      'POST /api/console/referral-agents': () => jsonResponse(422, { message: 'A referral agent with this name already exists.', errors: { name: ['A referral agent with this name already exists.'] } }),
    });
    renderApp('/referral-agents/new', { routes: consoleRoutes });
    await userEvent.click(await screen.findByRole('button', { name: 'Create referral agent' }));
    expect(await screen.findByText('The name field is required.')).toBeInTheDocument();
    expect(screen.getByText('Choose a referral group.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveFocus();
    expect(calls.calls('POST', '/api/console/referral-agents')).toHaveLength(0);

    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Harbor Health Partners');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Referral group/ }), 'Partners');
    await userEvent.click(screen.getByRole('button', { name: 'Create referral agent' }));
    const name = screen.getByRole('textbox', { name: /Name/ });
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('A referral agent with this name already exists.')).toBeInTheDocument();
    expect(calls.calls('POST', '/api/console/referral-agents')[0]!.body).toEqual({ name: 'Harbor Health Partners', referral_group_id: 1 });
  });

  it('refuses an image of the wrong type or size at the field, then creates the agent and uploads its chosen logo', async () => {
    const created = agentOf({ id: 9, name: 'Cedar Grove Clinics', logo_url: null, partner_count: 0, booking_count: 0 });
    const calls = api('content', {
      'POST /api/console/referral-agents': () => jsonResponse(201, created),
      'PUT /api/console/referral-agents/9/logo': () => jsonResponse(200, { ...created, logo_url: '/api/console/referral-agents/9/logo?v=1', logo_uploaded: true, logo_size: 2048, logo_type: 'image/png' }),
      'GET /api/console/referral-agents/9': () => jsonResponse(200, created),
    });
    const view = renderApp('/referral-agents/new', { routes: consoleRoutes });
    const user = userEvent.setup({ applyAccept: false });
    await user.type(await screen.findByRole('textbox', { name: /Name/ }), 'Cedar Grove Clinics');
    await user.selectOptions(screen.getByRole('combobox', { name: /Referral group/ }), 'Partners');

    await user.upload(fileInput(), new File(['<html></html>'], 'logo.png', { type: 'text/html' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file is not a PNG, JPEG or WebP image.');
    await user.upload(fileInput(), pngFile('huge.png', 900 * 1024));
    expect(await screen.findByRole('alert')).toHaveTextContent('This image is 900 kB; a logo may be at most 512 KB.');

    await user.upload(fileInput(), pngFile('cedar.png'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Preview of the chosen logo' })).toHaveAttribute('src', 'blob:preview');
    expect(screen.getByText('cedar.png (2 kB)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create referral agent' }));
    await waitFor(() => expect(view.location().pathname).toBe('/referral-agents/9'));
    const upload = calls.calls('PUT', '/api/console/referral-agents/9/logo')[0]!;
    expect(upload.body).toBeInstanceOf(File);
    expect(upload.headers.get('content-type')).toBe('application/octet-stream');
    expect(upload.query.get('filename')).toBe('cedar.png');
    expect(await screen.findByText('Referral agent created')).toBeInTheDocument();
  });
});

describe('an agent’s page', () => {
  it('edits the name and group, warning that its partners move with it', async () => {
    let current = agentOf();
    const calls = api('admin', {
      'GET /api/console/referral-agents/3': () => jsonResponse(200, current),
      'PUT /api/console/referral-agents/3': (request) => {
        current = { ...current, name: (request.body as { name: string }).name, group: GROUPS[0]! };
        return jsonResponse(200, current);
      },
    });
    renderApp('/referral-agents/3', { routes: consoleRoutes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbor Health Partners' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByText('Bookings').nextSibling).toHaveTextContent('1,250');
    expect(screen.getByRole('img', { name: 'Current logo of Harbor Health Partners' })).toHaveAttribute('src', '/build/logos/harbor-health-partners.svg');
    expect(screen.getByText('A built-in image of the portal. Upload the agent’s own logo to replace it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove logo' })).not.toBeInTheDocument();

    const name = screen.getByRole('textbox', { name: /Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Harbor Health Affiliates');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Referral group/ }), 'affiliates');
    expect(screen.getByText('Its 4 partners move to affiliates with it.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
    expect(calls.calls('PUT', '/api/console/referral-agents/3')[0]!.body).toEqual({ name: 'Harbor Health Affiliates', referral_group_id: 2 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbor Health Affiliates' })).toBeInTheDocument();
  });

  it('shows the server’s refusal of a logo at the field, uploads another, and removes it after a confirmation', async () => {
    let current = agentOf();
    let attempts = 0;
    const calls = api('content', {
      'GET /api/console/referral-agents/3': () => jsonResponse(200, current),
      'PUT /api/console/referral-agents/3/logo': () => {
        attempts += 1;
        if (attempts === 1) return jsonResponse(422, { message: 'The logo must be a PNG, JPEG or WebP image.', errors: { logo: ['The logo must be a PNG, JPEG or WebP image.'] } });
        current = { ...current, logo_url: '/api/console/referral-agents/3/logo?v=2', logo_uploaded: true, logo_size: 40_960, logo_type: 'image/png' };
        return jsonResponse(200, current);
      },
      'DELETE /api/console/referral-agents/3/logo': () => {
        current = { ...current, logo_url: null, logo_uploaded: false, logo_size: null, logo_type: null };
        return jsonResponse(200, current);
      },
    });
    renderApp('/referral-agents/3', { routes: consoleRoutes });
    await screen.findByRole('heading', { level: 1, name: 'Harbor Health Partners' });

    await userEvent.upload(fileInput(), pngFile('disguised.png'));
    await userEvent.click(screen.getByRole('button', { name: 'Upload logo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The logo must be a PNG, JPEG or WebP image.');

    await userEvent.upload(fileInput(), pngFile('harbor.png'));
    await userEvent.click(screen.getByRole('button', { name: 'Upload logo' }));
    expect(await screen.findByText('Logo uploaded')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Current logo of Harbor Health Partners' })).toHaveAttribute('src', '/api/console/referral-agents/3/logo?v=2');
    expect(screen.getByText('PNG, 40 kB')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove logo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the logo of Harbor Health Partners?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove logo' }));
    expect(await screen.findByText('Logo removed')).toBeInTheDocument();
    expect(calls.calls('DELETE', '/api/console/referral-agents/3/logo')).toHaveLength(1);
    expect(await screen.findByText('No logo: partners see the agent’s name instead.')).toBeInTheDocument();
  });

  it('says so for an agent that does not exist', async () => {
    api('content', { 'GET /api/console/referral-agents/999': () => jsonResponse(404, { message: 'Not found.' }) });
    renderApp('/referral-agents/999', { routes: consoleRoutes });
    expect((await screen.findByText('This referral agent does not exist.')).closest('[role="alert"]')).not.toBeNull();
  });
});

describe('the referral groups page', () => {
  it('lists groups, creates one (the slug checked by the contract, then by the server), and renames one', async () => {
    const calls = api('content', {
      'GET /api/console/referral-groups': () => jsonResponse(200, pageOf([groupRowOf(), groupRowOf({ id: 2, slug: 'affiliates', name: 'affiliates', agent_count: 1, partner_count: 1 })])),
      'POST /api/console/referral-groups': (request) =>
        (request.body as { slug: string }).slug === 'partners'
          ? jsonResponse(422, { message: 'A referral group with this slug already exists.', errors: { slug: ['A referral group with this slug already exists.'] } })
          : jsonResponse(201, groupRowOf({ id: 7, slug: 'hospital-networks', name: 'Hospital networks', agent_count: 0, partner_count: 0 })),
      'PUT /api/console/referral-groups/2': () => jsonResponse(200, groupRowOf({ id: 2, slug: 'affiliates', name: 'Affiliates' })),
    });
    renderApp('/referral-groups', { routes: consoleRoutes });
    const table = await screen.findByRole('table', { name: 'Referral groups' });
    expect(await within(table).findByRole('link', { name: '3' })).toHaveAttribute('href', '/referral-agents?group=1');

    await userEvent.click(screen.getByRole('button', { name: 'New referral group' }));
    let dialog = await screen.findByRole('dialog', { name: 'New referral group' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Hospital networks');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Slug/ }), 'Hospital Networks');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(await within(dialog).findByText('The slug may contain only lowercase letters, digits and single hyphens.')).toBeInTheDocument();

    const slug = within(dialog).getByRole('textbox', { name: /Slug/ });
    await userEvent.clear(slug);
    await userEvent.type(slug, 'partners');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(await within(dialog).findByText('A referral group with this slug already exists.')).toBeInTheDocument();

    await userEvent.clear(slug);
    await userEvent.type(slug, 'hospital-networks');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(await screen.findByText('Referral group created')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.calls('POST', '/api/console/referral-groups').at(-1)!.body).toEqual({ slug: 'hospital-networks', name: 'Hospital networks' });

    await userEvent.click(within(table).getByRole('button', { name: 'Edit affiliates' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit affiliates' });
    expect(within(dialog).getByRole('textbox', { name: /Slug/ })).toHaveAttribute('readonly');
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Affiliates');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Referral group renamed')).toBeInTheDocument();
    expect(calls.calls('PUT', '/api/console/referral-groups/2')[0]!.body).toEqual({ name: 'Affiliates' });
  });
});
