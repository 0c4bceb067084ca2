import type pg from 'pg';
import { DEMO_EMAILS, DEMO_OPERATORS } from '../../db/seeds/demo-identities.ts';

/**
 * Three weeks of the audit log as the demo's operators and partners would have left it: approvals, a suspension and
 * its reactivation with reasons, a sign-in link, partners' sign-ins (one failed) and a password change, operators'
 * console sign-ins, the command line enabling two-factor. Rows are inserted with their past times (the table refuses
 * only updates and deletes); in production every row comes from recordAudit in the transaction of its change.
 */
export async function seedDemoAuditLog(pool: pg.Pool): Promise<void> {
  const ids = async (sql: string, values: string[]) => new Map((await pool.query<{ key: string; id: number }>(sql, [values])).rows.map((row) => [row.key, row.id]));
  const users = await ids('SELECT lower(email) AS key, id FROM users WHERE lower(email) = ANY($1)', Object.values(DEMO_EMAILS));
  const operators = await ids(
    'SELECT role AS key, id FROM operators WHERE lower(email) = ANY($1)',
    DEMO_OPERATORS.map((operator) => operator.email),
  );
  const user = (key: keyof typeof DEMO_EMAILS) => users.get(DEMO_EMAILS[key]);
  const operator = (role: string) => operators.get(role);
  if (!user('partner') || !operator('admin')) return;

  const office = { ip: '10.20.4.17', agent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0 Safari/537.36' };
  const clinic = { ip: '94.200.31.118', agent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15' };
  const phone = { ip: '86.96.140.9', agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1' };

  type Row = {
    daysAgo: number;
    at: string;
    actor: ['operator' | 'partner' | 'cli', number | string | undefined, string | null];
    action: string;
    target: [string, number | undefined];
    before?: unknown;
    after?: unknown;
    reason?: string;
    from?: { ip: string; agent: string };
  };
  const admin = operator('admin');
  const support = operator('support');
  const rows: Row[] = [
    { daysAgo: 21, at: '09:12', actor: ['operator', admin, 'admin'], action: 'operator.created', target: ['operator', support], after: { email: 'ops-support@demo.test', name: 'Diego Alvarez', role: 'support', two_factor: false }, from: office },
    { daysAgo: 20, at: '10:05', actor: ['operator', admin, 'admin'], action: 'partner.approved', target: ['user', user('partner')], before: { status: 'pending' }, after: { status: 'approved', email: DEMO_EMAILS.partner }, from: office },
    { daysAgo: 20, at: '10:07', actor: ['operator', admin, 'admin'], action: 'partner.approved', target: ['user', user('second')], before: { status: 'pending' }, after: { status: 'approved', email: DEMO_EMAILS.second }, from: office },
    { daysAgo: 18, at: '14:40', actor: ['operator', support, 'support'], action: 'partner.approved', target: ['user', user('affiliate')], before: { status: 'pending' }, after: { status: 'approved', email: DEMO_EMAILS.affiliate }, from: office },
    { daysAgo: 16, at: '08:55', actor: ['cli', 'ops', null], action: 'auth.two_factor_enabled', target: ['user', user('twoFactor')], before: { two_factor: false }, after: { two_factor: true } },
    { daysAgo: 12, at: '16:21', actor: ['partner', user('partner'), null], action: 'auth.sign_in', target: ['user', user('partner')], after: { method: 'password' }, from: clinic },
    { daysAgo: 9, at: '11:02', actor: ['operator', support, 'support'], action: 'partner.suspended', target: ['user', user('second')], before: { status: 'approved' }, after: { status: 'suspended', ended_sessions: 1 }, reason: 'Chargeback dispute opened by the clinic; on hold until finance confirms the refund.', from: office },
    { daysAgo: 7, at: '15:48', actor: ['operator', admin, 'admin'], action: 'partner.reactivated', target: ['user', user('second')], before: { status: 'suspended' }, after: { status: 'approved', ended_sessions: 0 }, from: office },
    { daysAgo: 6, at: '19:30', actor: ['partner', user('partner'), null], action: 'auth.password_changed', target: ['user', user('partner')], after: { password: '[masked]', other_sessions_ended: 1 }, from: phone },
    { daysAgo: 4, at: '09:15', actor: ['operator', support, 'support'], action: 'partner.login_link_sent', target: ['user', user('affiliate')], after: { expires_at: null }, from: office },
    { daysAgo: 3, at: '08:01', actor: ['partner', user('partner'), null], action: 'auth.sign_in_failed', target: ['user', user('partner')], after: { method: 'password' }, from: phone },
    { daysAgo: 3, at: '08:02', actor: ['partner', user('partner'), null], action: 'auth.sign_in', target: ['user', user('partner')], after: { method: 'password' }, from: phone },
    { daysAgo: 2, at: '13:37', actor: ['partner', user('twoFactor'), null], action: 'auth.sign_in', target: ['user', user('twoFactor')], after: { method: 'totp' }, from: clinic },
    { daysAgo: 1, at: '08:45', actor: ['operator', support, 'support'], action: 'console.sign_in', target: ['operator', support], after: { method: 'totp' }, from: office },
    { daysAgo: 1, at: '17:10', actor: ['partner', user('partner'), null], action: 'auth.session_ended', target: ['user', user('partner')], after: { method: 'signed_out' }, from: clinic },
  ];

  for (const row of rows) {
    if (row.actor[1] === undefined || row.target[1] === undefined) continue;
    await pool.query(
      `INSERT INTO audit_events (actor_type, actor_id, actor_role, action, target_type, target_id, before, after, reason, ip, user_agent, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, $10::inet, $11, (current_date - $12::int) + $13::time)`,
      [
        row.actor[0],
        String(row.actor[1]),
        row.actor[2],
        row.action,
        row.target[0],
        String(row.target[1]),
        row.before === undefined ? null : JSON.stringify(row.before),
        row.after === undefined ? null : JSON.stringify(row.after),
        row.reason ?? null,
        row.from?.ip ?? null,
        row.from?.agent ?? null,
        row.daysAgo,
        row.at,
      ],
    );
  }
}
