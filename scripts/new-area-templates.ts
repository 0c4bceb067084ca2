/**
 * The files `npm run new:area` writes: the module template of docs/recipe-new-area.md, as code. Each template is
 * the smallest working version of its file; what an area adds goes where the comments in them say.
 */

export interface AreaNames {
  /** referral-notes: folder, URL and file names */
  kebab: string;
  /** referral_notes: the table */
  snake: string;
  /** referralNotes */
  camel: string;
  /** ReferralNotes */
  pascal: string;
  /** REFERRAL_NOTES */
  constant: string;
  /** Referral notes: what people read */
  title: string;
  /** ملاحظات الإحالة: the same in Arabic (every text of the portal has its Arabic) */
  arabicTitle: string;
}

export interface AreaFile {
  /** relative to the repository's root */
  path: string;
  content: string;
}

export function areaNames(name: string, arabicTitle: string): AreaNames {
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name) || name.length > 40) {
    throw new Error(`'${name}' is not a kebab-case name (lower-case words joined by '-', e.g. referral-notes).`);
  }
  const arabic = arabicTitle.trim();
  if (!/[\u0600-\u06FF]/.test(arabic) || /['`\\$\n]/.test(arabic) || arabic.length > 60) {
    throw new Error(`'${arabicTitle}' is not the area's name in Arabic (e.g. --ar "ملاحظات الإحالة").`);
  }
  const words = name.split('-');
  const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  return {
    kebab: name,
    snake: words.join('_'),
    camel: words[0] + words.slice(1).map(capital).join(''),
    pascal: words.map(capital).join(''),
    constant: words.join('_').toUpperCase(),
    title: capital(words.join(' ')),
    arabicTitle: arabic,
  };
}

export function areaFiles(names: AreaNames, options: { migrationNumber: string }): AreaFile[] {
  const { kebab, snake, camel, pascal, constant, title, arabicTitle } = names;
  const lower = title.toLowerCase();
  const module = `apps/server/src/modules/${kebab}`;
  const feature = `apps/web/src/features/${kebab}`;
  return [
    {
      path: `packages/contracts/src/${kebab}.ts`,
      content: `import { z } from 'zod';
import { defaultedSortQueryField, listEndpoint, listQuerySchema, textQueryField } from './list-query.ts';

/**
 * ${title}: the list's query, its row and its endpoint. The server validates with these and the SPA parses with
 * them: one schema per contract. Add the area's filters with the list-query.ts helpers, and its fields to the row.
 */

export const ${constant}_SORT_COLUMNS = ['created_at', 'title'] as const;
export const ${constant}_SEARCH_MAX_LENGTH = 100;

export const ${camel}ListQuerySchema = listQuerySchema({
  filters: {
    search: textQueryField('search', ${constant}_SEARCH_MAX_LENGTH),
    sort: defaultedSortQueryField(${constant}_SORT_COLUMNS, '-created_at'),
  },
  defaultPageSize: 10,
});
export type ${pascal}ListQuery = z.output<typeof ${camel}ListQuerySchema>;

export const ${camel}RowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** ISO 8601, UTC */
  created_at: z.string(),
});
export type ${pascal}Row = z.infer<typeof ${camel}RowSchema>;

/** GET /api/${kebab}: the signed-in partner's ${title.toLowerCase()}, paged. */
export const ${camel}ListEndpoint = listEndpoint('/api/${kebab}', ${camel}ListQuerySchema, ${camel}RowSchema);
`,
    },
    {
      path: `apps/server/src/db/migrations/${options.migrationNumber}_${snake}.sql`,
      content: `-- ${title}: rows of a referral agent, each referred by one of its members. Scoped by referral_agent_id in every
-- query (and by referred_by_user_id for a member whose referralScope is 'own'); every index leads with the agent.
CREATE TABLE ${snake} (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  referral_agent_id integer NOT NULL REFERENCES referral_agents(id) ON DELETE CASCADE,
  referred_by_user_id integer REFERENCES users(id) ON DELETE SET NULL,
  title text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- The list, newest first: the agent's, and one member's own.
CREATE INDEX ${snake}_agent_created ON ${snake} (referral_agent_id, created_at DESC, id DESC);
CREATE INDEX ${snake}_member_created ON ${snake} (referral_agent_id, referred_by_user_id, created_at DESC, id DESC);
`,
    },
    {
      path: `${module}/module.ts`,
      content: `import { ${camel}ListEndpoint } from '@portal/contracts/${kebab}';
import { defineModule } from '../../kit/portal-module.ts';
import { listRoute } from '../../kit/partner-routes.ts';
import { seedDemo${pascal} } from './demo-seed.ts';
import { find${pascal}Page } from './repository.ts';

/**
 * ${title}. A read that is only a scoped query goes from the route to the repository; rules (writes, state
 * changes, notifications) go in a service.ts, \`create${pascal}Service({ db, … })\`, that the routes call.
 */
export default defineModule({
  name: '${kebab}',
  async register(app) {
    listRoute(app, {
      endpoint: ${camel}ListEndpoint,
      // Who inside an agent may call it (packages/contracts/src/partner-roles.ts).
      permission: 'referrals.read',
      tags: ['${kebab}'],
      summary: "The partner's ${title.toLowerCase()}, newest first",
      // Scoped inside the query: the member's agent, and only their own rows for an 'agent' (referralScope).
      list: (user, query) => find${pascal}Page(app.database.pool, user, query),
    });
  },
  seedDemo: seedDemo${pascal},
});
`,
    },
    {
      path: `${module}/repository.ts`,
      content: `import type { ${pascal}ListQuery, ${pascal}Row } from '@portal/contracts/${kebab}';
import { referralScope, type PartnerRole } from '@portal/contracts/partner-roles';
import { containsPattern, queryPage, type Queryable } from '../../db/queryable.ts';

/** ${title} queries. Each takes the pool or a transaction's client, and names the agent in its WHERE clause. */

interface ${pascal}Record {
  id: number;
  title: string;
  created_at: Date;
}

/** Every sort ends with the id, so pages never overlap. */
const ORDER_BY: Record<${pascal}ListQuery['sort'], string> = {
  created_at: 'created_at ASC, id ASC',
  '-created_at': 'created_at DESC, id DESC',
  title: 'lower(title) ASC, id ASC',
  '-title': 'lower(title) DESC, id DESC',
};

function to${pascal}Row(record: ${pascal}Record): ${pascal}Row {
  return { id: record.id, title: record.title, created_at: record.created_at.toISOString() };
}

/** Whose rows a member sees (packages/contracts/src/partner-roles.ts): their agent's, or only those they referred. */
export interface ${pascal}Scope {
  id: number;
  referralAgentId: number;
  role: PartnerRole;
}

export async function find${pascal}Page(db: Queryable, member: ${pascal}Scope, query: ${pascal}ListQuery): Promise<{ rows: ${pascal}Row[]; total: number }> {
  const values: unknown[] = [member.referralAgentId];
  let where = 'referral_agent_id = $1';
  if (referralScope(member.role) === 'own') {
    values.push(member.id);
    where += \` AND referred_by_user_id = $\${values.length}\`;
  }
  if (query.search) {
    values.push(containsPattern(query.search));
    where += \` AND title ILIKE $\${values.length}\`;
  }
  const { rows, total } = await queryPage<${pascal}Record>(db, {
    select: 'id, title, created_at',
    from: '${snake}',
    where,
    values,
    orderBy: ORDER_BY[query.sort],
    page: query.page,
    perPage: query.per_page,
  });
  return { rows: rows.map(to${pascal}Row), total };
}

export async function insert${pascal}(
  db: Queryable,
  referralAgentId: number,
  title: string,
  createdAt = new Date(),
  referredByUserId: number | null = null,
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO ${snake} (referral_agent_id, title, created_at, referred_by_user_id) VALUES ($1, $2, $3, $4) RETURNING id',
    [referralAgentId, title, createdAt, referredByUserId],
  );
  return rows[0]!.id;
}
`,
    },
    {
      path: `${module}/demo-seed.ts`,
      content: `import type pg from 'pg';
import { DEMO_AGENTS } from '../../db/seeds/demo-identities.ts';
import { insert${pascal} } from './repository.ts';

/**
 * The demo agents' ${title.toLowerCase()}: what a partner sees on \`npm start\`. Replace these with the area's own
 * real-looking data (names, figures, dates spread over time); never lorem ipsum.
 */
const DEMO_TITLES = [
  'Knee replacement enquiry — Istanbul',
  'IVF consultation follow-up — Bangkok',
  'Cardiac check-up quote — Chennai',
  'Dental implants second opinion — Budapest',
];

export async function seedDemo${pascal}(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ id: number }>('SELECT id FROM referral_agents WHERE name = ANY($1::text[]) ORDER BY id', [
    [DEMO_AGENTS.main, DEMO_AGENTS.second],
  ]);
  const day = 24 * 60 * 60 * 1000;
  for (const agent of rows) {
    for (const [index, title] of DEMO_TITLES.entries()) await insert${pascal}(pool, agent.id, title, new Date(Date.now() - index * 3 * day));
  }
}
`,
    },
    {
      path: `${module}/${kebab}.test.ts`,
      content: `import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ${camel}ListEndpoint } from '@portal/contracts/${kebab}';
import { createPartner } from '../../test/factories.ts';
import { TestClient } from '../../test/http-client.ts';
import { signInAs } from '../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { insert${pascal} } from './repository.ts';

describe('GET /api/${kebab}', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(async () => context?.close());

  async function signedIn() {
    const partner = await createPartner(context.database.pool);
    const client = new TestClient(context.app);
    await signInAs(context, client, partner.userId);
    return { partner, client };
  }

  it("lists the partner's own rows, newest first, in the paginator shape", async () => {
    const { partner, client } = await signedIn();
    const day = 24 * 60 * 60 * 1000;
    for (const [index, title] of ['Newest', 'Middle', 'Oldest'].entries()) {
      await insert${pascal}(context.database.pool, partner.referralAgentId, title, new Date(Date.now() - index * day));
    }
    const response = await client.get('/api/${kebab}?per_page=5');
    expect(response.statusCode).toBe(200);
    const page = ${camel}ListEndpoint.page.parse(response.json());
    expect(page.data.map((row) => row.title)).toEqual(['Newest', 'Middle', 'Oldest']);
    expect(page).toMatchObject({ total: 3, current_page: 1, last_page: 1, per_page: 5, from: 1, to: 3 });
  });

  it("never shows another agent's rows, even when searched for by their title", async () => {
    const { partner, client } = await signedIn();
    const other = await createPartner(context.database.pool);
    await insert${pascal}(context.database.pool, partner.referralAgentId, 'Ours');
    await insert${pascal}(context.database.pool, other.referralAgentId, 'Theirs');
    const all = ${camel}ListEndpoint.page.parse((await client.get('/api/${kebab}')).json());
    expect(all.data.map((row) => row.title)).toEqual(['Ours']);
    const searched = ${camel}ListEndpoint.page.parse((await client.get('/api/${kebab}?search=Theirs')).json());
    expect(searched.total).toBe(0);
    // An 'agent' member sees only the rows they referred; the owner sees the agent's.
    const member = await createPartner(context.database.pool, { role: 'agent', referralAgentId: partner.referralAgentId });
    await insert${pascal}(context.database.pool, partner.referralAgentId, 'Referred by the member', new Date(), member.userId);
    const memberClient = new TestClient(context.app);
    await signInAs(context, memberClient, member.userId);
    const own = ${camel}ListEndpoint.page.parse((await memberClient.get('/api/${kebab}')).json());
    expect(own.data.map((row) => row.title)).toEqual(['Referred by the member']);
    const agentWide = ${camel}ListEndpoint.page.parse((await client.get('/api/${kebab}')).json());
    expect(agentWide.data.map((row) => row.title).sort()).toEqual(['Ours', 'Referred by the member']);
  });

  it('pages and sorts, keeping the request\\'s own parameters in the page links', async () => {
    const { partner, client } = await signedIn();
    for (const title of ['Cedar', 'alder', 'Birch', 'Dogwood', 'Elm', 'Fir']) await insert${pascal}(context.database.pool, partner.referralAgentId, title);
    const page = ${camel}ListEndpoint.page.parse((await client.get('/api/${kebab}?sort=title&per_page=5&page=2')).json());
    expect(page.data.map((row) => row.title)).toEqual(['Fir']);
    expect(page.links[0]!.url).toBe('/api/${kebab}?sort=title&per_page=5&page=1');
  });

  it('answers 401 without a session, and 422 with the field for a bad query', async () => {
    expect((await new TestClient(context.app).get('/api/${kebab}')).statusCode).toBe(401);
    const { client } = await signedIn();
    const response = await client.get('/api/${kebab}?sort=patient&search=a%00b');
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['search', 'sort']);
  });
});
`,
    },
    {
      path: `${feature}/${kebab}-routes.tsx`,
      content: `import { IconListDetails } from '@tabler/icons-react';
import { defineMessages } from '../../i18n/i18n';
import { page, type AreaRoutes } from '../../lib/area-routes';

/** The texts of ${lower}, in English (the source language); the area's pages read them with useText('${kebab}'). */
export const ${camel}En = {
  title: '${title}',
  empty: 'No ${lower} yet.',
  filteredEmpty: 'No ${lower} match these filters.',
  loadFailed: "Couldn't load the ${lower}.",
  columnTitle: 'Title',
  columnCreated: 'Created',
};

declare module '../../i18n/i18n' {
  interface Catalogues {
    '${kebab}': typeof ${camel}En;
  }
}

/**
 * The same texts in Arabic (a key missing here fails tsc). Kept here while they are few; when they grow, move the English
 * and the Arabic to files of their own, passed as loaders (\`{ frame, load }\`: docs/recipe-new-area.md, "Texts"), so no
 * reader downloads them before opening the area (features/bookings).
 */
const ${camel}Messages = defineMessages('${kebab}', ${camel}En, {
  title: '${arabicTitle}',
  empty: '${arabicTitle}: لا يوجد شيء بعد.',
  filteredEmpty: '${arabicTitle}: لا شيء يطابق عوامل التصفية هذه.',
  loadFailed: '${arabicTitle}: تعذّر التحميل.',
  columnTitle: 'العنوان',
  columnCreated: 'تاريخ الإنشاء',
});

/** ${title}: its texts, page and sidebar entry (collected by app/areas.ts; nothing else is edited to add them). */
export const areaRoutes: AreaRoutes = {
  messages: ${camel}Messages,
  signedIn: [{ path: '${kebab}', handle: { title: 'title' }, lazy: page(() => import('./routes/${kebab}-page'), '${pascal}Page') }],
  navigation: [{ group: 'My Referrals', label: 'title', to: '/${kebab}', icon: IconListDetails }],
};
`,
    },
    {
      path: `${feature}/routes/${kebab}-page.tsx`,
      content: `import { useMemo } from 'react';
import { Paper, Stack, Title } from '@mantine/core';
import { ${constant}_SEARCH_MAX_LENGTH, ${camel}ListEndpoint, type ${pascal}ListQuery, type ${pascal}Row } from '@portal/contracts/${kebab}';
import type { PageSize } from '@portal/contracts/constants';
import { DataTable } from '../../../components/data-table/data-table';
import type { TableHeader } from '../../../components/data-table/data-table-types';
import { useFormat } from '../../../i18n/format';
import { useText } from '../../../i18n/i18n';
import { useListEndpoint } from '../../../lib/use-list-endpoint';

/** /${kebab}: the partner's ${lower}, searchable, sortable and paged, every choice kept in the URL. */
export function ${pascal}Page() {
  // Texts from the area's catalogue (${kebab}-routes.tsx), dates in the reader's language.
  const t = useText('${kebab}');
  const format = useFormat();
  const headers = useMemo<TableHeader<${pascal}Row>[]>(
    () => [
      { text: t('columnTitle'), value: 'title', sort: true },
      { text: t('columnCreated'), value: 'created_at', sort: true, render: (row) => format.date(row.created_at) },
    ],
    [t, format],
  );
  // \`table\`: rows, total, loading, the error with Retry, and whether filters narrow the list (the kit's honest states).
  const { list, table } = useListEndpoint(${camel}ListEndpoint, {}, { loadFailed: t('loadFailed') });
  const { params } = list;
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <DataTable<${pascal}Row>
          caption={t('title')}
          headers={headers}
          {...table}
          emptyText={t('empty')}
          filteredEmptyText={t('filteredEmpty')}
          showHeader
          searchValue={params.search ?? ''}
          onSearch={(search) => list.set({ search: search.slice(0, ${constant}_SEARCH_MAX_LENGTH) })}
          sort={params.sort}
          onSortChange={(sort) => list.set({ sort: sort as ${pascal}ListQuery['sort'] })}
          page={params.page}
          perPage={params.per_page}
          onPageChange={list.setPage}
          onPerPageChange={(perPage) => list.set({ per_page: perPage as PageSize })}
        />
      </Paper>
    </Stack>
  );
}
`,
    },
    {
      path: `${feature}/routes/${kebab}-page.test.tsx`,
      content: `import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import type { ${pascal}Row } from '@portal/contracts/${kebab}';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderApp } from '../../../../test/render-app';
import { changeLocale } from '../../../i18n/i18n';
import { ${camel}En } from '../${kebab}-routes';
import { ${pascal}Page } from './${kebab}-page';

const routes: RouteObject[] = [{ path: '/${kebab}', element: <${pascal}Page /> }];

function pageOf(rows: ${pascal}Row[], total = rows.length) {
  return { data: rows, links: [], total, current_page: 1, last_page: Math.max(1, Math.ceil(total / 10)), per_page: 10, from: rows.length ? 1 : null, to: rows.length || null };
}

describe('${pascal}Page', () => {
  it('shows the rows the server sends', async () => {
    mockFetch({ 'GET /api/${kebab}': () => jsonResponse(200, pageOf([{ id: 1, title: 'Knee replacement enquiry', created_at: '2026-03-05T10:00:00Z' }])) });
    renderApp('/${kebab}', { routes });
    expect(await screen.findByRole('heading', { name: '${title}', level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: '${title}' });
    expect(await within(table).findByText('Knee replacement enquiry')).toBeInTheDocument();
    expect(within(table).getByText('5 Mar 2026')).toBeInTheDocument();
  });

  it('says so when there is nothing yet', async () => {
    mockFetch({ 'GET /api/${kebab}': () => jsonResponse(200, pageOf([])) });
    renderApp('/${kebab}', { routes });
    expect(await screen.findByText(${camel}En.empty)).toBeInTheDocument();
  });

  it('says nothing matches a search, and clears it', async () => {
    mockFetch({ 'GET /api/${kebab}': () => jsonResponse(200, pageOf([])) });
    const view = renderApp('/${kebab}?search=nobody', { routes });
    const table = await screen.findByRole('table', { name: '${title}' });
    expect(await within(table).findByText(${camel}En.filteredEmpty)).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Clear filters' }));
    expect(view.location().search).toBe('');
  });

  it('shows a failed load in the table, and Retry loads it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    mockFetch({
      'GET /api/${kebab}': () =>
        fail ? jsonResponse(500, { message: 'Server Error' }) : jsonResponse(200, pageOf([{ id: 1, title: 'Knee replacement enquiry', created_at: '2026-03-05T10:00:00Z' }])),
    });
    renderApp('/${kebab}', { routes });
    const table = await screen.findByRole('table', { name: '${title}' });
    expect(await within(table).findByRole('alert')).toHaveTextContent(${camel}En.loadFailed);
    fail = false;
    await userEvent.click(within(table).getByRole('button', { name: 'Retry' }));
    expect(await within(table).findByText('Knee replacement enquiry')).toBeInTheDocument();
  });

  it('reads in Arabic, right to left', async () => {
    await changeLocale('ar');
    mockFetch({ 'GET /api/${kebab}': () => jsonResponse(200, pageOf([{ id: 1, title: 'Knee replacement enquiry', created_at: '2026-03-05T10:00:00Z' }])) });
    renderApp('/${kebab}', { routes });
    expect(await screen.findByRole('heading', { name: '${arabicTitle}', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('columnheader', { name: 'تاريخ الإنشاء' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });

  it('sorts through the URL and the request', async () => {
    const api = mockFetch({ 'GET /api/${kebab}': () => jsonResponse(200, pageOf([{ id: 1, title: 'Alder', created_at: '2026-03-05T10:00:00Z' }])) });
    const view = renderApp('/${kebab}', { routes });
    await screen.findByText('Alder');
    await userEvent.click(screen.getByRole('button', { name: /Title/ }));
    expect(view.location().search).toContain('sort=');
    // The rows stay on screen while the sorted list loads: wait for its request (after the list's debounce).
    const sort = new URLSearchParams(view.location().search).get('sort');
    await waitFor(() => expect(api.calls('GET', '/api/${kebab}').at(-1)!.query.get('sort')).toBe(sort));
  });
});
`,
    },
  ];
}
