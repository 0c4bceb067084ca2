/**
 * The files `npm run new:area -- <name> --ar <Arabic> --console` writes: a console area of docs/recipe-new-area.md
 * ("A console area"), as code. An operators' list with a status filter and search in the URL, a record in a drawer,
 * a create/edit form checked by the contract, every write audited through one service, and the tests of each; its
 * permission declared in its own contract, so nothing central is edited. Each template is the smallest working
 * version of its file; shape the row, the columns and the form into what the issue asks for.
 */
import type { AreaFile, AreaNames } from './new-area-templates.ts';

export function consoleAreaFiles(names: AreaNames, options: { migrationNumber: string }): AreaFile[] {
  const { kebab, snake, camel, pascal, constant, title, arabicTitle } = names;
  const lower = title.toLowerCase();
  const module = `apps/server/src/modules/${kebab}`;
  const area = `apps/web/src/console/${kebab}`;
  const contract = `console-${kebab}`;
  const permission = `${snake}.manage`;
  const url = `/api/console/${kebab}`;
  return [
    {
      path: `packages/contracts/src/${contract}.ts`,
      content: `import { z } from 'zod';
import { idStringField, textField } from './fields.ts';
import { defaultedSortQueryField, enumQueryField, listEndpoint, listQuerySchema, textQueryField } from './list-query.ts';
import { defineOperatorPermission } from './operator-permissions.ts';

/**
 * ${title} in the operations console: the permission, the list's query, the record, and the request that creates or
 * edits one. The server validates with these and the console parses with them: one schema per contract.
 */

declare module './operator-permissions.ts' {
  interface AreaOperatorPermissions {
    '${permission}': true;
  }
}

/** Read, create and edit ${lower}: admin (every permission) and support. Add the roles the area needs. */
export const ${camel}Permission = defineOperatorPermission('${permission}', ['support']);

export const ${constant}_STATUSES = ['active', 'archived'] as const;
export type ${pascal}Status = (typeof ${constant}_STATUSES)[number];
export const ${constant}_TITLE_MAX = 120;
export const ${constant}_NOTES_MAX = 2000;
export const ${constant}_SEARCH_MAX_LENGTH = 100;

export const console${pascal}Schema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(${constant}_STATUSES),
  notes: z.string(),
  /** ISO 8601, UTC */
  created_at: z.string(),
  updated_at: z.string(),
});
export type Console${pascal} = z.infer<typeof console${pascal}Schema>;

export const console${pascal}QuerySchema = listQuerySchema({
  filters: {
    search: textQueryField('search', ${constant}_SEARCH_MAX_LENGTH),
    status: enumQueryField('status', ${constant}_STATUSES),
    sort: defaultedSortQueryField(['title', 'updated_at'], '-updated_at'),
  },
  defaultPageSize: 25,
});
export type Console${pascal}Query = z.output<typeof console${pascal}QuerySchema>;

/** GET ${url} (${permission}): searched by title and notes, filtered by status, latest change first. */
export const console${pascal}Endpoint = listEndpoint('${url}', console${pascal}QuerySchema, console${pascal}Schema);

export const console${pascal}ParamsSchema = z.object({ id: idStringField('id') });

/** POST ${url} and PATCH ${url}/:id: the whole record as the form sends it. */
export const ${camel}RequestSchema = z.object({
  title: textField('title', { max: ${constant}_TITLE_MAX }),
  status: z.enum(${constant}_STATUSES, { error: 'The selected status is invalid.' }),
  notes: textField('notes', { max: ${constant}_NOTES_MAX, min: 0, multiline: true }),
});
export type ${pascal}Request = z.output<typeof ${camel}RequestSchema>;
`,
    },
    {
      path: `apps/server/src/db/migrations/${options.migrationNumber}_${snake}.sql`,
      content: `-- ${title}, kept by operators in the console; every change is in audit_events (the service writes both in one
-- transaction).
CREATE TABLE ${snake} (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title text NOT NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'archived')),
  notes text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- The list, latest change first, and by status.
CREATE INDEX ${snake}_updated ON ${snake} (updated_at DESC, id DESC);
CREATE INDEX ${snake}_status_updated ON ${snake} (status, updated_at DESC, id DESC);
`,
    },
    {
      path: `${module}/module.ts`,
      content: `import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageSchema } from '@portal/contracts/errors';
import { console${pascal}Endpoint, console${pascal}ParamsSchema, console${pascal}Schema, ${camel}Permission, ${camel}RequestSchema } from '@portal/contracts/${contract}';
import { operatorListRoute, operatorRoute } from '../../kit/operator-routes.ts';
import { defineModule } from '../../kit/portal-module.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { find${pascal}, find${pascal}Page, insert${pascal} } from './repository.ts';
import { create${pascal}Service } from './service.ts';

const TAGS = ['${kebab}'];

/**
 * ${title} in the console: the routes, thin. Each names the permission its contract declares (the access test tries
 * it with every role); reads go to the repository, writes through the service, which audits them.
 */
export default defineModule({
  name: '${kebab}',
  async register(fastify) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const pool = app.database.pool;
    const service = create${pascal}Service({ pool });
    const url = console${pascal}Endpoint.url;

    operatorListRoute(app, {
      endpoint: console${pascal}Endpoint,
      permission: ${camel}Permission,
      tags: TAGS,
      summary: '${title}: searched, filtered by status, latest change first',
      list: (_operator, query) => find${pascal}Page(pool, query),
    });

    app.get(
      \`\${url}/:id\`,
      operatorRoute(app, { permission: ${camel}Permission, tags: TAGS, summary: 'One record of ${lower}', params: console${pascal}ParamsSchema, response: { 200: console${pascal}Schema, 404: messageSchema } }),
      async (request) => {
        const record = await find${pascal}(pool, request.params.id);
        if (!record) throw new NotFoundError();
        return record;
      },
    );

    app.post(
      url,
      operatorRoute(app, { permission: ${camel}Permission, tags: TAGS, summary: 'Create a record of ${lower} (audited)', body: ${camel}RequestSchema, response: { 201: console${pascal}Schema } }),
      async (request, reply) => reply.code(201).send(await service.create(request.auditActor, request.body)),
    );

    app.patch(
      \`\${url}/:id\`,
      operatorRoute(app, {
        permission: ${camel}Permission,
        tags: TAGS,
        summary: 'Edit a record of ${lower} (audited with what it was before)',
        params: console${pascal}ParamsSchema,
        body: ${camel}RequestSchema,
        response: { 200: console${pascal}Schema, 404: messageSchema },
      }),
      async (request) => service.update(request.auditActor, request.params.id, request.body),
    );
  },
  /** What operators see on \`npm start\`: real-looking records, never lorem ipsum. Replace with the area's own. */
  async seedDemo(pool) {
    const demo = [
      { title: 'Visa support letter — Amelia Hart, Istanbul', status: 'active', notes: 'The consulate asks for the clinic stamp on page 2.' },
      { title: 'Interpreter for Noah Fischer — Bangkok', status: 'active', notes: 'German; two sessions, 9 and 11 March.' },
      { title: 'Airport transfer — Layla Haddad, Chennai', status: 'archived', notes: '' },
    ] as const;
    for (const record of demo) await insert${pascal}(pool, record);
  },
});
`,
    },
    {
      path: `${module}/repository.ts`,
      content: `import type { Console${pascal}, Console${pascal}Query, ${pascal}Request } from '@portal/contracts/${contract}';
import { containsPattern, queryPage, type Queryable } from '../../db/queryable.ts';

/** ${title} queries. Each takes the pool or a transaction's client. */

interface ${pascal}Record {
  id: number;
  title: string;
  status: Console${pascal}['status'];
  notes: string;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, title, status, notes, created_at, updated_at';

/** Every sort ends with the id, so pages never overlap. */
const ORDER_BY: Record<Console${pascal}Query['sort'], string> = {
  title: 'lower(title) ASC, id ASC',
  '-title': 'lower(title) DESC, id DESC',
  updated_at: 'updated_at ASC, id ASC',
  '-updated_at': 'updated_at DESC, id DESC',
};

function toRow(record: ${pascal}Record): Console${pascal} {
  return { ...record, created_at: record.created_at.toISOString(), updated_at: record.updated_at.toISOString() };
}

export async function find${pascal}Page(db: Queryable, query: Console${pascal}Query): Promise<{ rows: Console${pascal}[]; total: number }> {
  const values: unknown[] = [];
  const where: string[] = ['true'];
  if (query.search) {
    values.push(containsPattern(query.search));
    where.push(\`(title ILIKE $\${values.length} OR notes ILIKE $\${values.length})\`);
  }
  if (query.status) {
    values.push(query.status);
    where.push(\`status = $\${values.length}\`);
  }
  const { rows, total } = await queryPage<${pascal}Record>(db, {
    select: COLUMNS,
    from: '${snake}',
    where: where.join(' AND '),
    values,
    orderBy: ORDER_BY[query.sort],
    page: query.page,
    perPage: query.per_page,
  });
  return { rows: rows.map(toRow), total };
}

/** One record; \`forUpdate\` locks it for the rest of the transaction (an edit reads, then writes). */
export async function find${pascal}(db: Queryable, id: number, forUpdate = false): Promise<Console${pascal} | null> {
  const { rows } = await db.query<${pascal}Record>(\`SELECT \${COLUMNS} FROM ${snake} WHERE id = $1\${forUpdate ? ' FOR UPDATE' : ''}\`, [id]);
  return rows[0] ? toRow(rows[0]) : null;
}

export async function insert${pascal}(db: Queryable, values: ${pascal}Request): Promise<Console${pascal}> {
  const { rows } = await db.query<${pascal}Record>(\`INSERT INTO ${snake} (title, status, notes) VALUES ($1, $2, $3) RETURNING \${COLUMNS}\`, [values.title, values.status, values.notes]);
  return toRow(rows[0]!);
}

export async function update${pascal}(db: Queryable, id: number, values: ${pascal}Request): Promise<Console${pascal}> {
  const { rows } = await db.query<${pascal}Record>(
    \`UPDATE ${snake} SET title = $2, status = $3, notes = $4, updated_at = now() WHERE id = $1 RETURNING \${COLUMNS}\`,
    [id, values.title, values.status, values.notes],
  );
  return toRow(rows[0]!);
}
`,
    },
    {
      path: `${module}/service.ts`,
      content: `import type pg from 'pg';
import type { Console${pascal}, ${pascal}Request } from '@portal/contracts/${contract}';
import { inTransaction } from '../../db/queryable.ts';
import { recordAudit, type AuditActor } from '../../lib/audit/audit-log.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { find${pascal}, insert${pascal}, update${pascal} } from './repository.ts';

/**
 * ${title}'s writes: each runs in one transaction with its audit row (who, from where, what it was before and
 * after), so a change is never without its record. The routes call these; rules of the area go here.
 */
export function create${pascal}Service({ pool }: { pool: pg.Pool }) {
  const target = (record: Console${pascal}) => ({ type: '${snake}', id: record.id });
  const facts = ({ title, status, notes }: Console${pascal}) => ({ title, status, notes });
  return {
    create(actor: AuditActor, values: ${pascal}Request): Promise<Console${pascal}> {
      return inTransaction(pool, async (client) => {
        const created = await insert${pascal}(client, values);
        await recordAudit(client, actor, { action: '${snake}.created', target: target(created), after: facts(created) });
        return created;
      });
    },
    update(actor: AuditActor, id: number, values: ${pascal}Request): Promise<Console${pascal}> {
      return inTransaction(pool, async (client) => {
        const before = await find${pascal}(client, id, true);
        if (!before) throw new NotFoundError();
        const after = await update${pascal}(client, id, values);
        await recordAudit(client, actor, { action: '${snake}.updated', target: target(after), before: facts(before), after: facts(after) });
        return after;
      });
    },
  };
}
`,
    },
    {
      path: `${module}/${kebab}.test.ts`,
      content: `import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { console${pascal}Endpoint, console${pascal}Schema } from '@portal/contracts/${contract}';
import { consoleRequest, createTestOperator, signInOperatorAs } from '../../test/console-sign-in.ts';
import { TestClient } from '../../test/http-client.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import type { OperatorRole } from '@portal/contracts/operator-permissions';

const URL = '${url}';

/** ${title} in the console: the roles that may, the contract's 422, and an audit row for every write. */
describe('console ${lower}', () => {
  let context: TestContext;
  let support: TestClient;

  async function operator(role: OperatorRole) {
    const client = new TestClient(context.app);
    await signInOperatorAs(context, client, (await createTestOperator(context, { role })).id);
    return client;
  }

  beforeAll(async () => {
    context = await createTestApp();
    support = await operator('support');
  });
  afterAll(async () => context?.close());

  it('creates, reads, edits and lists a record, auditing each write with what it was before', async () => {
    const created = await consoleRequest(support, 'POST', URL, { title: '  Visa support letter  ', status: 'active', notes: 'Clinic stamp on page 2.' });
    expect(created.statusCode, created.body).toBe(201);
    const record = console${pascal}Schema.parse(created.json());
    expect(record).toMatchObject({ title: 'Visa support letter', status: 'active', notes: 'Clinic stamp on page 2.' });
    expect(console${pascal}Schema.parse((await consoleRequest(support, 'GET', \`\${URL}/\${record.id}\`)).json())).toEqual(record);

    const edited = await consoleRequest(support, 'PATCH', \`\${URL}/\${record.id}\`, { title: 'Visa support letter', status: 'archived', notes: '' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ status: 'archived', notes: '' });

    await consoleRequest(support, 'POST', URL, { title: 'Interpreter for Noah Fischer', status: 'active', notes: 'German' });
    const archived = console${pascal}Endpoint.page.parse((await consoleRequest(support, 'GET', \`\${URL}?status=archived&search=visa\`)).json());
    expect(archived.data.map((row) => row.id)).toEqual([record.id]);
    const byNotes = console${pascal}Endpoint.page.parse((await consoleRequest(support, 'GET', \`\${URL}?search=german\`)).json());
    expect(byNotes.data.map((row) => row.title)).toEqual(['Interpreter for Noah Fischer']);

    const audit = await context.database.pool.query(
      "SELECT actor_type, actor_role, action, target_id, before, after FROM audit_events WHERE target_type = '${snake}' AND target_id = $1 ORDER BY id",
      [String(record.id)],
    );
    expect(audit.rows).toEqual([
      expect.objectContaining({ actor_type: 'operator', actor_role: 'support', action: '${snake}.created', before: null, after: { title: 'Visa support letter', status: 'active', notes: 'Clinic stamp on page 2.' } }),
      expect.objectContaining({ action: '${snake}.updated', before: { title: 'Visa support letter', status: 'active', notes: 'Clinic stamp on page 2.' }, after: { title: 'Visa support letter', status: 'archived', notes: '' } }),
    ]);
  });

  it('refuses bad input with field messages (422), and an unknown record (404), writing nothing', async () => {
    const bad = await consoleRequest(support, 'POST', URL, { title: ' ', status: 'deleted', notes: 'a\\u0000b' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['notes', 'status', 'title']);
    expect((await consoleRequest(support, 'GET', \`\${URL}?sort=patient\`)).statusCode).toBe(422);
    expect((await consoleRequest(support, 'GET', \`\${URL}/abc\`)).statusCode).toBe(422);
    expect((await consoleRequest(support, 'GET', \`\${URL}/2147483647\`)).statusCode).toBe(404);
    expect((await consoleRequest(support, 'PATCH', \`\${URL}/2147483647\`, { title: 'Nobody', status: 'active', notes: '' })).statusCode).toBe(404);
    const audit = await context.database.pool.query("SELECT count(*)::int AS count FROM audit_events WHERE target_type = '${snake}' AND target_id = '2147483647'");
    expect(audit.rows[0].count).toBe(0);
  });

  it('lets in only the roles that hold ${permission}, a signed-in operator, and a request with the CSRF token', async () => {
    expect((await new TestClient(context.app).get(URL)).statusCode).toBe(401);
    const admin = await operator('admin');
    expect((await consoleRequest(admin, 'GET', URL)).statusCode).toBe(200);
    for (const role of ['finance', 'content'] as const) {
      const client = await operator(role);
      expect((await consoleRequest(client, 'GET', URL)).statusCode, role).toBe(403);
      expect((await consoleRequest(client, 'POST', URL, { title: 'Not allowed', status: 'active', notes: '' })).statusCode, role).toBe(403);
    }
    expect((await support.post(URL, { title: 'Without the token', status: 'active', notes: '' })).statusCode).toBe(419);
  });
});
`,
    },
    {
      path: `${area}/${kebab}-console.tsx`,
      content: `import { IconListDetails } from '@tabler/icons-react';
import { ${camel}Permission } from '@portal/contracts/${contract}';
import { defineMessages } from '../../i18n/i18n';
import { page } from '../../lib/area-routes';
import type { ConsoleArea } from '../console-areas';

/** The texts of ${lower}, in English (the source language); the pages read them with useText('console-${kebab}'). */
export const ${camel}En = {
  title: '${title}',
  description: 'Every record of ${lower}: search, filter by status, open one to read or edit it.',
  add: 'New record',
  empty: 'No ${lower} yet.',
  filteredEmpty: 'No ${lower} match these filters.',
  loadFailed: "Couldn't load the ${lower}.",
  columnTitle: 'Title',
  columnStatus: 'Status',
  columnUpdated: 'Updated',
  status: 'Status',
  allStatuses: 'All statuses',
  statusFilter: 'Status: {{status}}',
  statuses: { active: 'Active', archived: 'Archived' },
  details: 'Details',
  detailLoading: 'Loading the record…',
  detailFailed: "Couldn't load the record.",
  retry: 'Retry',
  close: 'Close',
  notes: 'Notes',
  noNotes: 'No notes.',
  created: 'Created',
  updated: 'Updated',
  edit: 'Edit',
  form: {
    createTitle: 'New record',
    editTitle: 'Edit {{title}}',
    title: 'Title',
    status: 'Status',
    notes: 'Notes',
    save: 'Save',
    cancel: 'Cancel',
    close: 'Close',
    saved: 'Saved',
    savedDetail: '{{title}} is saved.',
    saveFailed: "Couldn't save the record.",
  },
};

declare module '../../i18n/i18n' {
  interface Catalogues {
    'console-${kebab}': typeof ${camel}En;
  }
}

/**
 * The same texts in Arabic (a key missing here fails tsc). Kept here while they are few; when they grow, move the English
 * and the Arabic to \`${kebab}-messages.ts\` and \`${kebab}-messages-ar.ts\`, passed as loaders (\`{ frame, load }\`:
 * docs/recipe-new-area.md, "Texts"), so no operator downloads them before opening the area.
 */
const ${camel}Messages = defineMessages('console-${kebab}', ${camel}En, {
  title: '${arabicTitle}',
  description: 'جميع سجلات ${arabicTitle}: ابحث، وصفِّ حسب الحالة، وافتح سجلًا لقراءته أو تعديله.',
  add: 'سجل جديد',
  empty: '${arabicTitle}: لا يوجد شيء بعد.',
  filteredEmpty: '${arabicTitle}: لا شيء يطابق عوامل التصفية هذه.',
  loadFailed: '${arabicTitle}: تعذّر التحميل.',
  columnTitle: 'العنوان',
  columnStatus: 'الحالة',
  columnUpdated: 'آخر تحديث',
  status: 'الحالة',
  allStatuses: 'جميع الحالات',
  statusFilter: 'الحالة: {{status}}',
  statuses: { active: 'نشط', archived: 'مؤرشف' },
  details: 'التفاصيل',
  detailLoading: 'جارٍ تحميل السجل…',
  detailFailed: 'تعذّر تحميل السجل.',
  retry: 'إعادة المحاولة',
  close: 'إغلاق',
  notes: 'ملاحظات',
  noNotes: 'لا توجد ملاحظات.',
  created: 'تاريخ الإنشاء',
  updated: 'آخر تحديث',
  edit: 'تعديل',
  form: {
    createTitle: 'سجل جديد',
    editTitle: 'تعديل {{title}}',
    title: 'العنوان',
    status: 'الحالة',
    notes: 'ملاحظات',
    save: 'حفظ',
    cancel: 'إلغاء',
    close: 'إغلاق',
    saved: 'تم الحفظ',
    savedDetail: 'تم حفظ {{title}}.',
    saveFailed: 'تعذّر حفظ السجل.',
  },
});

/** ${title}: its texts, page and sidebar entry, for the roles holding ${permission} (collected by console-areas.ts). */
export const consoleArea: ConsoleArea = {
  messages: ${camel}Messages,
  routes: [{ path: '${kebab}', title: 'title', permission: ${camel}Permission, lazy: page(() => import('./${kebab}-page'), '${pascal}Page') }],
  navigation: [{ label: 'title', to: '/${kebab}', icon: IconListDetails, permission: ${camel}Permission, order: 90 }],
};
`,
    },
    {
      path: `${area}/${kebab}-page.tsx`,
      content: `import { useMemo, useState } from 'react';
import { Anchor, Button, Group, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ${constant}_NOTES_MAX,
  ${constant}_SEARCH_MAX_LENGTH,
  ${constant}_STATUSES,
  ${constant}_TITLE_MAX,
  console${pascal}Endpoint,
  console${pascal}Schema,
  ${camel}RequestSchema,
  type Console${pascal},
  type ${pascal}Request,
} from '@portal/contracts/${contract}';
import type { TableHeader } from '../../components/data-table/data-table-types';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { enumFilter, enumOptions, ListPage } from '../../components/list-page/list-page';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
import { http } from '../../lib/http';
import { notifySuccess } from '../../lib/notify';
import { submitErrorMessage, useZodForm } from '../../lib/use-zod-form';
import { DetailDrawer, DrawerFact, DrawerFacts, DrawerLoad } from '../components/detail-drawer';

const URL = console${pascal}Endpoint.url;

/** /console/${kebab}: the list (search and status in the URL), a record in a drawer, and the form that creates or edits one. */
export function ${pascal}Page() {
  const t = useText('console-${kebab}');
  const format = useFormat();
  const [openId, setOpenId] = useState<number | null>(null);
  const [editing, setEditing] = useState<Console${pascal} | 'new' | null>(null);
  const headers = useMemo<TableHeader<Console${pascal}>[]>(
    () => [
      {
        text: t('columnTitle'),
        value: 'title',
        sort: true,
        render: (row) => (
          <Anchor component="button" type="button" size="sm" fw={500} onClick={() => setOpenId(row.id)}>
            {row.title}
          </Anchor>
        ),
      },
      { text: t('columnStatus'), value: 'status', render: (row) => t(\`statuses.\${row.status}\`) },
      { text: t('columnUpdated'), value: 'updated_at', sort: true, render: (row) => format.date(row.updated_at) },
    ],
    [t, format],
  );
  return (
    <ListPage
      endpoint={console${pascal}Endpoint}
      title={t('title')}
      description={t('description')}
      action={
        <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => setEditing('new')}>
          {t('add')}
        </Button>
      }
      texts={{ empty: t('empty'), filteredEmpty: t('filteredEmpty'), loadFailed: t('loadFailed') }}
      headers={headers}
      search={{ max: ${constant}_SEARCH_MAX_LENGTH }}
      filters={[
        enumFilter('status', { label: t('status'), all: t('allStatuses'), options: enumOptions(${constant}_STATUSES, (status) => t(\`statuses.\${status}\`)), active: (status) => t('statusFilter', { status }) }),
      ]}
      getRowLabel={(row) => row.title}
    >
      {openId !== null ? <${pascal}Drawer id={openId} onClose={() => setOpenId(null)} onEdit={setEditing} /> : null}
      {editing ? <${pascal}Dialog record={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} /> : null}
    </ListPage>
  );
}

/** One record's facts, read afresh, with the way to edit it. */
function ${pascal}Drawer({ id, onClose, onEdit }: { id: number; onClose: () => void; onEdit: (record: Console${pascal}) => void }) {
  const t = useText('console-${kebab}');
  const format = useFormat();
  const record = useQuery({ queryKey: [URL, id], queryFn: ({ signal }) => http.get(\`\${URL}/\${id}\`, { schema: console${pascal}Schema, signal }) });
  return (
    <DetailDrawer title={record.data?.title ?? t('details')} closeLabel={t('close')} onClose={onClose}>
      <DrawerLoad query={record} loadingLabel={t('detailLoading')} failedTitle={t('detailFailed')} retryLabel={t('retry')}>
        {(row) => (
          <Stack gap="md">
            <DrawerFacts label={t('details')}>
              <DrawerFact label={t('columnStatus')}>{t(\`statuses.\${row.status}\`)}</DrawerFact>
              <DrawerFact label={t('created')}>{format.date(row.created_at)}</DrawerFact>
              <DrawerFact label={t('updated')}>{\`\${format.date(row.updated_at)} \${format.time(row.updated_at)}\`}</DrawerFact>
              <DrawerFact label={t('notes')} wide>
                <span style={{ whiteSpace: 'pre-wrap' }}>{row.notes || t('noNotes')}</span>
              </DrawerFact>
            </DrawerFacts>
            <Group>
              <Button variant="default" leftSection={<IconPencil size={16} aria-hidden="true" />} onClick={() => onEdit(row)}>
                {t('edit')}
              </Button>
            </Group>
          </Stack>
        )}
      </DrawerLoad>
    </DetailDrawer>
  );
}

/** Creates a record, or edits \`record\`: checked by the contract before it is sent, the server's 422 beside its field. */
function ${pascal}Dialog({ record, onClose }: { record: Console${pascal} | undefined; onClose: () => void }) {
  const t = useText('console-${kebab}');
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: ${pascal}Request) => (record ? http.patch(\`\${URL}/\${record.id}\`, body, { schema: console${pascal}Schema }) : http.post(URL, body, { schema: console${pascal}Schema })),
    // The list's pages and the drawer's record share the URL as the start of their keys.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [URL] }),
  });
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm({ schema: ${camel}RequestSchema, initialValues: { title: record?.title ?? '', status: record?.status ?? 'active', notes: record?.notes ?? '' } });
  const submit = form.onSubmit(async (body) => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync(body);
      notifySuccess(t('form.saved'), t('form.savedDetail', { title: saved.title }));
      onClose();
    } catch (error) {
      if (!form.showFieldErrors(error)) setFormError(submitErrorMessage(error, t('form.saveFailed')));
    }
  });
  return (
    <FormDialog
      title={record ? t('form.editTitle', { title: record.title }) : t('form.createTitle')}
      closeLabel={t('form.close')}
      cancelLabel={t('form.cancel')}
      submitLabel={t('form.save')}
      onClose={onClose}
      onSubmit={submit}
      pending={save.isPending}
      error={formError}
    >
      <TextInput label={t('form.title')} required maxLength={${constant}_TITLE_MAX} data-autofocus {...form.getInputProps('title')} />
      <NativeSelect label={t('form.status')} data={enumOptions(${constant}_STATUSES, (status) => t(\`statuses.\${status}\`))} {...form.getInputProps('status')} />
      <Textarea label={t('form.notes')} rows={4} maxLength={${constant}_NOTES_MAX} {...form.getInputProps('notes')} />
    </FormDialog>
  );
}
`,
    },
    {
      path: `${area}/${kebab}-page.test.tsx`,
      content: `import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Console${pascal} } from '@portal/contracts/${contract}';
import type { OperatorRole } from '@portal/contracts/operator-permissions';
import { clearCookies, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { changeLocale } from '../../i18n/i18n';
import { consoleCsrfCookie, operatorOf, pageOf, setUpConsoleCsrf } from '../console-test-helpers';
import { consoleRoutes } from '../console-routes';
import { ${camel}En } from './${kebab}-console';

beforeEach(() => {
  clearCookies();
  setUpConsoleCsrf();
});

const RECORD: Console${pascal} = {
  id: 12,
  title: 'Visa support letter — Amelia Hart',
  status: 'active',
  notes: 'The consulate asks for the clinic stamp on page 2.',
  created_at: '2026-03-02T09:00:00.000Z',
  updated_at: '2026-03-05T10:30:00.000Z',
};

function api(role: OperatorRole, extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/console/csrf-cookie': consoleCsrfCookie,
    'GET /api/console/me': () => jsonResponse(200, { operator: operatorOf(role) }),
    'GET ${url}': () => jsonResponse(200, pageOf([RECORD])),
    'GET ${url}/12': () => jsonResponse(200, RECORD),
    ...extra,
  });
}

describe('${lower} (console)', () => {
  it('lists the records and filters by status through the URL and the request', async () => {
    const calls = api('support');
    const view = renderApp('/${kebab}', { routes: consoleRoutes });
    expect(await screen.findByRole('heading', { name: '${title}', level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: '${title}' });
    expect(await within(table).findByRole('button', { name: RECORD.title })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Archived');
    expect(view.location().search).toContain('status=archived');
    await waitFor(() => expect(calls.calls('GET', '${url}').at(-1)?.query.get('status')).toBe('archived'));
  });

  it('opens a record in a drawer and edits it', async () => {
    const calls = api('support', { 'PATCH ${url}/12': (request) => jsonResponse(200, { ...RECORD, ...(request.body as object) }) });
    renderApp('/${kebab}', { routes: consoleRoutes });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: RECORD.title }));
    const drawer = await screen.findByRole('dialog', { name: RECORD.title });
    expect(await within(drawer).findByText(RECORD.notes)).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('dialog', { name: \`Edit \${RECORD.title}\` });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Status' }), 'Archived');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.calls('PATCH', '${url}/12')[0]?.body).toEqual({ title: RECORD.title, status: 'archived', notes: RECORD.notes }));
  });

  it('checks a new record by the contract before sending, and shows the server’s 422 at its field', async () => {
    const calls = api('admin', { 'POST ${url}': () => jsonResponse(422, { message: 'The title is taken.', errors: { title: ['The title is taken.'] } }) });
    renderApp('/${kebab}', { routes: consoleRoutes });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: ${camel}En.add }));
    const form = await screen.findByRole('dialog', { name: ${camel}En.form.createTitle });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The title field is required.')).toBeInTheDocument();
    expect(calls.calls('POST', '${url}')).toHaveLength(0);
    await user.type(within(form).getByRole('textbox', { name: /^Title/ }), 'Interpreter for Noah Fischer');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The title is taken.')).toBeInTheDocument();
    expect(calls.calls('POST', '${url}')[0]?.body).toEqual({ title: 'Interpreter for Noah Fischer', status: 'active', notes: '' });
  });

  it('is not allowed for a role without ${permission}', async () => {
    api('finance');
    renderApp('/${kebab}', { routes: consoleRoutes });
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: '${title}' })).not.toBeInTheDocument();
  });

  it('reads in Arabic, right to left', async () => {
    await changeLocale('ar');
    api('support');
    renderApp('/${kebab}', { routes: consoleRoutes });
    expect(await screen.findByRole('heading', { name: '${arabicTitle}', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('columnheader', { name: 'آخر تحديث' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});
`,
    },
  ];
}
