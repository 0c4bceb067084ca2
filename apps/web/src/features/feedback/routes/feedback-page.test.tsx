import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import type { FeedbackRow, FeedbackThread } from '@portal/contracts/feedback';
import type { PartnerRole } from '@portal/contracts/partner-roles';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { makeUser } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';
import { changeLocale } from '../../../i18n/i18n';
import { useAuthStore } from '../../../stores/auth-store';
import { feedbackEn } from '../feedback-messages';
import { FeedbackPage } from './feedback-page';
import { FeedbackThreadPage } from './feedback-thread-page';

const routes: RouteObject[] = [
  { path: '/feedback', element: <FeedbackPage /> },
  { path: '/feedback/:id', element: <FeedbackThreadPage /> },
];

function pageOf(rows: FeedbackRow[], total = rows.length) {
  return { data: rows, links: [], total, current_page: 1, last_page: Math.max(1, Math.ceil(total / 10)), per_page: 10, from: rows.length ? 1 : null, to: rows.length || null };
}

const row: FeedbackRow = {
  id: 12,
  category: 'payout',
  status: 'answered',
  rating: 4,
  excerpt: 'The commission for two cardiac check-ups is missing.',
  author: { id: 8, name: 'Grace Mwangi' },
  message_count: 2,
  created_at: '2026-03-05T10:00:00Z',
  last_message_at: '2026-03-06T09:00:00Z',
};

const thread: FeedbackThread = {
  ...row,
  page_url: '/dashboard',
  app_version: '1.0.0',
  language: 'en',
  can_reply: true,
  messages: [
    { id: 1, author_type: 'partner', author_name: 'Grace Mwangi', body: row.excerpt, attachments: [{ id: 5, name: 'statement.pdf', content_type: 'application/pdf', size: 20480 }], created_at: row.created_at },
    { id: 2, author_type: 'operator', author_name: 'Partner support', body: 'It is in this month’s payout.', attachments: [], created_at: row.last_message_at },
  ],
};

function signedInAs(role: PartnerRole) {
  useAuthStore.getState().setUser(makeUser({}, { role }));
}

beforeEach(() => signedInAs('agent'));

describe('the feedback page', () => {
  it('lists the member’s threads with their status, linking to each conversation', async () => {
    mockFetch({ 'GET /api/feedback': () => jsonResponse(200, pageOf([row])) });
    renderApp('/feedback', { routes });
    expect(await screen.findByRole('heading', { name: 'Feedback', level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: feedbackEn.listTitle });
    expect(await within(table).findByRole('link', { name: row.excerpt })).toHaveAttribute('href', '/feedback/12');
    expect(within(table).getByText('Answered')).toBeInTheDocument();
    expect(within(table).getByText('Payout')).toBeInTheDocument();
    // A plain agent sees only their own: no "Sent by" column.
    expect(within(table).queryByRole('columnheader', { name: feedbackEn.columnAuthor })).not.toBeInTheDocument();
  });

  it('shows an owner the team’s threads with who sent each', async () => {
    signedInAs('owner');
    mockFetch({ 'GET /api/feedback': () => jsonResponse(200, pageOf([row])) });
    renderApp('/feedback', { routes });
    const table = await screen.findByRole('table', { name: feedbackEn.listTitleAgent });
    expect(await within(table).findByText('Grace Mwangi')).toBeInTheDocument();
  });

  it('says so when nothing was sent yet, and when the list fails (Retry loads it)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    mockFetch({ 'GET /api/feedback': () => (fail ? jsonResponse(500, { message: 'Server Error' }) : jsonResponse(200, pageOf([]))) });
    renderApp('/feedback', { routes });
    const table = await screen.findByRole('table', { name: feedbackEn.listTitle });
    expect(await within(table).findByRole('alert')).toHaveTextContent(feedbackEn.loadFailed);
    fail = false;
    await userEvent.click(within(table).getByRole('button', { name: 'Retry' }));
    expect(await within(table).findByText(feedbackEn.empty)).toBeInTheDocument();
  });

  it('sends feedback with a rating and an attachment, then opens the conversation', async () => {
    const api = mockFetch({
      'GET /api/feedback': () => jsonResponse(200, pageOf([])),
      'POST /api/feedback/attachments': () => jsonResponse(201, { id: 41, name: 'screen.png', content_type: 'image/png', size: 1200 }),
      'POST /api/feedback': () => jsonResponse(201, { ...thread, id: 99, status: 'new' }),
      'GET /api/feedback/99': () => jsonResponse(200, { ...thread, id: 99, status: 'new' }),
    });
    const view = renderApp('/feedback', { routes });
    const form = await screen.findByRole('form', { name: feedbackEn.formTitle });
    // Nothing is sent without a category and a message.
    await userEvent.click(within(form).getByRole('button', { name: feedbackEn.send }));
    expect(await within(form).findAllByRole('alert')).not.toHaveLength(0);
    expect(api.calls('POST', '/api/feedback')).toHaveLength(0);

    await userEvent.selectOptions(within(form).getByRole('combobox', { name: feedbackEn.category }), 'payout');
    const rating = within(form).getByRole('radiogroup', { name: feedbackEn.rating });
    await userEvent.click(within(rating).getByRole('radio', { name: '4 out of 5' }));
    await userEvent.type(within(form).getByRole('textbox', { name: feedbackEn.message }), 'My October commission is missing.');
    const input = form.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File(['png'], 'screen.png', { type: 'image/png' }));
    expect(within(form).getByText('screen.png')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: feedbackEn.send }));

    await waitFor(() => expect(view.location().pathname).toBe('/feedback/99'));
    expect(api.calls('POST', '/api/feedback/attachments')[0]!.query.get('filename')).toBe('screen.png');
    expect(api.calls('POST', '/api/feedback')[0]!.body).toMatchObject({
      category: 'payout',
      rating: 4,
      message: 'My October commission is missing.',
      attachment_ids: [41],
      language: 'en',
      app_version: expect.any(String),
      page_url: '/feedback',
    });
  });

  it('refuses a fourth file before anything is uploaded', async () => {
    mockFetch({ 'GET /api/feedback': () => jsonResponse(200, pageOf([])) });
    renderApp('/feedback', { routes });
    const form = await screen.findByRole('form', { name: feedbackEn.formTitle });
    const input = form.querySelector<HTMLInputElement>('input[type="file"]')!;
    const files = [1, 2, 3, 4].map((index) => new File(['x'], `shot-${index}.png`, { type: 'image/png' }));
    await userEvent.upload(input, files);
    expect(within(form).getByRole('alert')).toHaveTextContent(feedbackEn.attachmentsTooMany);
  });

  it('reads in Arabic, right to left', async () => {
    await changeLocale('ar');
    mockFetch({ 'GET /api/feedback': () => jsonResponse(200, pageOf([row])) });
    renderApp('/feedback', { routes });
    expect(await screen.findByRole('heading', { name: 'الملاحظات', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('تم الرد')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});

describe('a conversation', () => {
  it('shows the messages and attachments, and sends a reply', async () => {
    const api = mockFetch({
      'GET /api/feedback/12': () => jsonResponse(200, thread),
      'POST /api/feedback/12/replies': () =>
        jsonResponse(201, { ...thread, status: 'in_review', messages: [...thread.messages, { id: 3, author_type: 'partner', author_name: 'Grace Mwangi', body: 'Thank you!', attachments: [], created_at: '2026-03-07T09:00:00Z' }] }),
    });
    renderApp('/feedback/12', { routes });
    const conversation = await screen.findByRole('region', { name: feedbackEn.conversation });
    expect(within(conversation).getByText('It is in this month’s payout.')).toBeInTheDocument();
    expect(within(conversation).getByRole('link', { name: /statement\.pdf/ })).toHaveAttribute('href', '/api/feedback/12/attachments/5');

    const form = screen.getByRole('form', { name: feedbackEn.replyTitle });
    await userEvent.type(within(form).getByRole('textbox', { name: feedbackEn.message }), 'Thank you!');
    await userEvent.click(within(form).getByRole('button', { name: feedbackEn.reply }));
    expect(await within(conversation).findByText('Thank you!')).toBeInTheDocument();
    expect(api.calls('POST', '/api/feedback/12/replies')[0]!.body).toEqual({ message: 'Thank you!', attachment_ids: [] });
    expect(screen.getByText('In review')).toBeInTheDocument();
  });

  it('offers no reply once closed', async () => {
    mockFetch({ 'GET /api/feedback/12': () => jsonResponse(200, { ...thread, status: 'closed', can_reply: false }) });
    renderApp('/feedback/12', { routes });
    expect(await screen.findByText(feedbackEn.closedNote)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: feedbackEn.replyTitle })).not.toBeInTheDocument();
  });

  it('says a thread that is not the member’s does not exist', async () => {
    mockFetch({ 'GET /api/feedback/13': () => jsonResponse(404, { message: 'Not found.' }) });
    renderApp('/feedback/13', { routes });
    expect(await screen.findByRole('alert')).toHaveTextContent(feedbackEn.threadNotFound);
  });
});
