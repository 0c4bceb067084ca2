import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Article, Handbook, LearningCard, LearningHome, Video } from '@portal/contracts/learning';
import { makeUser, paginated } from '../../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderApp } from '../../../../test/render-app';
import { startEachTestSignedOut } from '../../../../test/session';
import { useAuthStore } from '../../../stores/auth-store';

startEachTestSignedOut();

function card(overrides: Partial<LearningCard> = {}): LearningCard {
  return {
    id: 11,
    kind: 'article',
    title: 'Preparing a patient for cardiac surgery abroad',
    summary: 'What to collect before the first call.',
    section: { id: 2, slug: 'before-you-refer', title: 'Before you refer' },
    published_at: '2026-11-20T09:00:00.000Z',
    last_reviewed_at: '2026-11-21T09:00:00.000Z',
    reading_minutes: 4,
    helpful_count: 3,
    language: 'en',
    fallback: false,
    ...overrides,
  };
}

function signIn(role: 'owner' | 'agent' = 'agent') {
  const user = makeUser({}, { role });
  useAuthStore.getState().setUser(user);
  return user;
}

describe('/resources', () => {
  it('shows the continue strip, what is new and the sections with counts; a search shows highlighted hits', async () => {
    const user = signIn();
    const home: LearningHome = {
      continue: {
        video: { ...card({ id: 21, kind: 'video', title: 'Your first referral', section: { id: 5, slug: 'onboarding', title: 'Onboarding' } }), duration_seconds: 125, progress: { coverage: 0.4, position_seconds: 50, completed: false } },
        article: card(),
      },
      new_items: [card({ id: 12, title: 'IVF packages in Bangkok' })],
      previous_visit_at: '2026-11-10T09:00:00.000Z',
      counts: { articles: 30, knowledge: 40, videos: 12, posters: 16 },
    };
    const api = mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/learning/home': () => jsonResponse(200, home),
      'GET /api/learning/search': () => jsonResponse(200, { query: 'visa', hits: [{ ...card({ id: 13, title: 'Medical visas' }), snippet: 'Apply for the «visa» early' }] }),
    });
    renderApp('/resources');

    expect(await screen.findByRole('heading', { level: 1, name: 'Learning resources' })).toBeInTheDocument();
    const strip = await screen.findByRole('region', { name: 'Continue' });
    expect(within(strip).getByRole('link', { name: 'Your first referral' })).toHaveAttribute('href', '/videos-details/onboarding/your-first-referral/5/21');
    expect(within(strip).getByText('50 seconds / 02:05 min')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'New since your last visit' })).getByRole('link', { name: 'IVF packages in Bangkok' })).toHaveAttribute('href', '/article/view/12');
    expect(screen.getByRole('link', { name: 'Open Articles' })).toHaveTextContent('30 items');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search all learning' }), 'visa{Enter}');
    const hit = await screen.findByRole('link', { name: 'Medical visas' });
    expect(hit).toHaveAttribute('href', '/article/view/13');
    expect(screen.getByText('visa', { selector: 'mark' })).toBeInTheDocument();
    expect(api.requests.find((request) => request.path === '/api/learning/search')!.query.get('q')).toBe('visa');
  });
});

describe('/article/view/{id}', () => {
  const article: Article = {
    ...card(),
    version: 2,
    body_html: '<h2 id="section-documents">Documents</h2><p>Passport copy.</p><h2 id="section-timing">Timing</h2><p>Two weeks.</p>',
    toc: [
      { id: 'section-documents', text: 'Documents', depth: 2 },
      { id: 'section-timing', text: 'Timing', depth: 2 },
    ],
    related: [card({ id: 14, title: 'After the surgery', reading_minutes: 2 })],
    my_vote: null,
  };

  it('reads with its contents, last review, related articles, and takes a vote with a reason', async () => {
    const user = signIn();
    const api = mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/learning/articles/11': () => jsonResponse(200, article),
      'POST /api/learning/items/11/vote': (request) => jsonResponse(200, { version: 2, my_vote: request.body, helpful_count: 3 }),
    });
    renderApp('/article/view/11');
    expect(await screen.findByRole('heading', { level: 1, name: article.title })).toBeInTheDocument();
    expect(screen.getByText('4 min read')).toBeInTheDocument();
    expect(screen.getByText('Last reviewed 21 Nov 2026')).toBeInTheDocument();
    const contents = screen.getByRole('navigation', { name: 'On this page' });
    expect(within(contents).getByRole('link', { name: 'Timing' })).toHaveAttribute('href', '#section-timing');
    expect(screen.getByRole('heading', { level: 2, name: 'Documents' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'After the surgery' })).toHaveAttribute('href', '/article/view/14');

    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Out of date' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Thank you for your answer.')).toBeInTheDocument();
    expect(api.requests.find((request) => request.method === 'POST')!.body).toEqual({ helpful: false, reason: 'outdated' });
  });

  it('shows the not-available page for an unknown or hidden article', async () => {
    const user = signIn();
    mockFetch({ 'GET /api/user': () => jsonResponse(200, user), 'GET /api/learning/articles/99': () => jsonResponse(404, { message: 'Not found.' }) });
    renderApp('/article/view/99');
    expect(await screen.findByText('This item is not available')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All articles' })).toHaveAttribute('href', '/articles');
  });
});

describe('/articles', () => {
  it('filters by section and sort in the URL and the request', async () => {
    const user = signIn();
    const api = mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/learning/sections': () => jsonResponse(200, { sections: [{ id: 2, kind: 'article', slug: 'before-you-refer', title: 'Before you refer', count: 6 }] }),
      'GET /api/learning/articles': () => jsonResponse(200, paginated([card()])),
    });
    const view = renderApp('/articles');
    expect(await screen.findByRole('link', { name: card().title })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'helpful');
    await waitFor(() => expect(view.location().search).toBe('?sort=helpful'));
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Section' }), '2');
    await waitFor(() => expect(api.requests.at(-1)!.query.get('section')).toBe('2'));
    expect(api.requests.at(-1)!.query.get('sort')).toBe('helpful');
  });
});

describe('/knowledge-base', () => {
  it('offers to ask the team, with the search text, when nothing is found', async () => {
    const user = signIn();
    mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/learning/knowledge-base': () => jsonResponse(200, { sections: [], answers: [] }),
      'GET /api/learning/search': () => jsonResponse(200, { query: 'wheelchair at arrival', hits: [] }),
    });
    renderApp('/knowledge-base?q=wheelchair%20at%20arrival');
    expect(await screen.findByText('No answer matches “wheelchair at arrival”.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask us instead' })).toHaveAttribute('href', '/feedback?from=%2Fknowledge-base&message=wheelchair+at+arrival');
  });
});

describe('/videos-details', () => {
  const video: Video = {
    ...card({ id: 21, kind: 'video', title: 'Your first referral', section: { id: 5, slug: 'onboarding', title: 'Onboarding' } }),
    duration_seconds: 120,
    caption_languages: ['en', 'ar'],
    progress: { coverage: 0.3, position_seconds: 36, completed: false },
    version: 1,
    body_html: '',
    resume_at_seconds: 36,
    file_url: '/api/learning/videos/21/file',
    captions: [
      { language: 'en', url: '/api/learning/videos/21/captions/en' },
      { language: 'ar', url: '/api/learning/videos/21/captions/ar' },
    ],
    transcripts: [
      { language: 'en', cues: [{ start: 0, end: 4, text: 'Welcome to the programme.' }, { start: 4, end: 9, text: 'Start with the passport copy.' }] },
      { language: 'ar', cues: [{ start: 0, end: 4, text: 'مرحبًا بكم في البرنامج.' }] },
    ],
  };

  it('opens the category’s video when the URL names none, plays our file with both captions and a transcript', async () => {
    const user = signIn();
    mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/learning/video-sections/5/start': () => jsonResponse(200, { id: 21, title: 'Your first referral', section: { id: 5, slug: 'onboarding' } }),
      'GET /api/learning/videos/21': () => jsonResponse(200, video),
      'GET /api/learning/videos': () => jsonResponse(200, { sections: [], continue_watching: [] }),
    });
    const view = renderApp('/videos-details/old-name/old-title/5');
    await waitFor(() => expect(view.location().pathname).toBe('/videos-details/onboarding/your-first-referral/5/21'));
    const player = await screen.findByLabelText('Your first referral', { selector: 'video' });
    expect(player).toHaveAttribute('src', '/api/learning/videos/21/file');
    const tracks = player.querySelectorAll('track');
    expect([...tracks].map((track) => track.getAttribute('srclang'))).toEqual(['en', 'ar']);
    const transcript = screen.getByRole('region', { name: 'Transcript' });
    expect(within(transcript).getByRole('button', { name: 'Play from 4 seconds: Start with the passport copy.' })).toBeInTheDocument();
  });
});

describe('/handbook', () => {
  const handbook: Handbook = {
    id: 1,
    version: 2,
    current_version: 2,
    title: 'Partner handbook',
    summary: '',
    effective_on: '2026-06-01',
    body_html: '<h2 id="section-refunds">Refunds</h2><p>Within ten days.</p>',
    toc: [{ id: 'section-refunds', text: 'Refunds', depth: 2 }],
    versions: [
      { version: 2, effective_on: '2026-06-01', change_note: 'Refunds section', published: true },
      { version: 1, effective_on: '2026-01-01', change_note: 'First edition', published: true },
    ],
    changes: [{ kind: 'added', section: 'Refunds', anchor: 'section-refunds' }],
    language: 'en',
    fallback: false,
  };

  it('is readable signed out, with its versions and what changed', async () => {
    mockFetch({ 'GET /api/handbook': () => jsonResponse(200, handbook) });
    renderApp('/handbook');
    expect(await screen.findByRole('heading', { level: 1, name: 'Partner handbook' })).toBeInTheDocument();
    expect(screen.getByText('In effect from 1 Jun 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Version 1' })).toHaveAttribute('href', '/handbook/versions/1');
    expect(within(screen.getByRole('region', { name: 'What changed in this version' })).getByRole('link', { name: 'Refunds' })).toHaveAttribute('href', '#section-refunds');
    expect(screen.queryByRole('button', { name: 'I have read this version' })).not.toBeInTheDocument();
  });

  it('lets a signed-in partner confirm the version in effect', async () => {
    const user = signIn();
    const api = mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/handbook': () => jsonResponse(200, handbook),
      'GET /api/learning/handbook/acknowledgement': () => jsonResponse(200, { version: 2, acknowledged_at: null }),
      'POST /api/learning/handbook/acknowledgement': () => jsonResponse(200, { version: 2, acknowledged_at: '2026-11-29T10:00:00.000Z' }),
    });
    renderApp('/handbook');
    await userEvent.click(await screen.findByRole('button', { name: 'I have read this version' }));
    expect(await screen.findByText('You confirmed this version on 29 Nov 2026.')).toBeInTheDocument();
    expect(api.requests.find((request) => request.method === 'POST')!.body).toEqual({ version: 2 });
  });
});
