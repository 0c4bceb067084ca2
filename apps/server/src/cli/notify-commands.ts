import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { BOOKING_STATUSES, INVOICE_STATUSES, type BookingStatus, type InvoiceStatus } from '@portal/contracts/bookings';
import { BOOKING_ID_PREFIX } from '@portal/contracts/constants';
import { NOTIFICATION_TYPES } from '@portal/contracts/notifications';
import { loadConfig, type Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { openMigratedDatabase } from '../db/open.ts';
import { inTransaction, type Queryable } from '../db/queryable.ts';
import { recordAudit, type AuditActor } from '../lib/audit/audit-log.ts';
import { AppError } from '../lib/errors.ts';
import { createJobQueue, type JobLogger } from '../lib/jobs/job-queue.ts';
import { createQueuedMailer, MAIL_JOB } from '../lib/mail-queue.ts';
import { createMailer, type Mailer } from '../lib/mailer.ts';
import { appUrlTarget, createBroadcaster, externalTarget, type Broadcaster } from '../modules/broadcasting/public.ts';
import { changeBookingStatus, changeInvoiceStatus, createBooking, publishBookingEvents } from '../modules/bookings/operations-service.ts';
import type { Notifier } from '../modules/notifications/domain-notifications.ts';
import { sendFromCommandLine, type BroadcastSender } from '../modules/notifications/broadcasts.ts';
import { createNotificationService } from '../modules/notifications/public.ts';
import { commandLineActor } from './command-line-actor.ts';

/**
 * The operator's notification commands, dispatched by the admin command (cli/admin.ts):
 *
 *   notify <email> --title T [--body B] [--link /path] [--type T]
 *   notify-agent <agent id or name> --title T [--body B] [--link /path] [--type T]
 *   simulate-booking <email>                      a new booking for the partner's referral agent
 *   simulate-booking-status <ticket id> <status>  pending|confirmed|completed|cancelled|no_show, or paid|unpaid
 *
 * The command opens the database as the server does (with the embedded one and the portal running, it
 * connects to the portal's database), stores the notification, then publishes it through the `pusher` SDK
 * to the realtime service the portal uses (the embedded one at APP_URL, or PUSHER_HOST / PUSHER_CLUSTER),
 * so open tabs show it at once. When nothing answers there (the portal is not running), the notification
 * stays stored and the command says it was not pushed live.
 */

export const NOTIFY_COMMANDS = ['notify', 'notify-agent', 'simulate-booking', 'simulate-booking-status'] as const;
export type NotifyCommand = (typeof NOTIFY_COMMANDS)[number];

export function isNotifyCommand(name: string | undefined): name is NotifyCommand {
  return (NOTIFY_COMMANDS as readonly string[]).includes(name ?? '');
}

/** The usage lines of these commands, in the admin command's layout. */
export const NOTIFY_COMMANDS_HELP = [
  '  notify <email> --title <text> [--body <text>] [--link </portal/path>] [--type <type>]',
  '                               store a notification for one partner and push it to their open tabs',
  '  notify-agent <agent id or name> --title <text> [--body <text>] [--link </portal/path>] [--type <type>]',
  '                               the same for every approved partner of a referral agent',
  "  simulate-booking <email>     create a booking through the partner's referral agent and notify its partners",
  '  simulate-booking-status <ticket id> <pending|confirmed|completed|cancelled|no_show|paid|unpaid>',
  "                               change a booking's status (or invoice status) and notify its agent's partners",
].join('\n');


class CommandError extends Error {}

export interface NotifyCommandContext {
  /** Where the command reads and writes: runNotifyCommand passes a transaction's client, so a command is all or nothing. */
  pool: Queryable;
  notifications: Notifier;
  out(line: string): void;
  /** Who the audit row of each change names (default: the CLI's operating-system user). */
  actor?: AuditActor;
}

/** The audit row of a command's change, on the command's own connection (its transaction, from runNotifyCommand). */
function audit(context: NotifyCommandContext, action: string, target: { type: string; id: string | number }, change: { before?: unknown; after?: unknown }) {
  return recordAudit(context.pool, context.actor ?? commandLineActor(), { action, target, ...change });
}

/** The history's sender of a command: the operating-system user who ran it. */
function commandLineSender(context: NotifyCommandContext): BroadcastSender {
  return { type: 'cli', name: String((context.actor ?? commandLineActor()).id ?? 'unknown') };
}

function parse(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      title: { type: 'string' },
      body: { type: 'string' },
      link: { type: 'string' },
      type: { type: 'string' },
    },
  });
}

function notificationInput(values: ReturnType<typeof parse>['values']) {
  if (!values.title) throw new CommandError('--title is required.');
  return {
    type: values.type ?? NOTIFICATION_TYPES.message,
    title: values.title,
    body: values.body ?? '',
    link: values.link ?? null,
    data: {},
  };
}

async function findUser(pool: Queryable, email: string): Promise<{ id: number; referralAgentId: number; name: string; approved: boolean }> {
  const { rows } = await pool.query<{ id: number; referral_agent_id: number; name: string; approved: boolean }>(
    `SELECT u.id, p.referral_agent_id, u.first_name || ' ' || u.last_name AS name, u.status = 'approved' AS approved
       FROM users u JOIN partner_profiles p ON p.user_id = u.id WHERE lower(u.email) = lower($1)`,
    [email.trim()],
  );
  const row = rows[0];
  if (!row) throw new CommandError(`No partner with the e-mail ${email}.`);
  return { id: row.id, referralAgentId: row.referral_agent_id, name: row.name, approved: row.approved };
}

async function findAgent(pool: Queryable, idOrName: string): Promise<{ id: number; name: string }> {
  if (/^\d+$/.test(idOrName)) {
    const { rows } = await pool.query<{ id: number; name: string }>('SELECT id, name FROM referral_agents WHERE id = $1', [Number(idOrName)]);
    if (rows[0]) return rows[0];
  }
  const exact = await pool.query<{ id: number; name: string }>('SELECT id, name FROM referral_agents WHERE lower(name) = lower($1)', [idOrName]);
  if (exact.rows.length === 1) return exact.rows[0]!;
  const partial = await pool.query<{ id: number; name: string }>(
    `SELECT id, name FROM referral_agents WHERE name ILIKE '%' || $1 || '%' ORDER BY name LIMIT 6`,
    [idOrName.replace(/[\\%_]/g, (character) => `\\${character}`)],
  );
  if (partial.rows.length === 1) return partial.rows[0]!;
  if (partial.rows.length > 1) {
    throw new CommandError(`"${idOrName}" matches several agents: ${partial.rows.map((row) => `${row.id} ${row.name}`).join('; ')}.`);
  }
  throw new CommandError(`No referral agent with the id or name "${idOrName}".`);
}

async function tableExists(pool: Queryable, table: string): Promise<boolean> {
  const { rows } = await pool.query<{ found: string | null }>('SELECT to_regclass($1)::text AS found', [`public.${table}`]);
  return Boolean(rows[0]?.found);
}

const PATIENT_FIRST_NAMES = ['Amira', 'Daniel', 'Sofia', 'Kenji', 'Leila', 'Marcus', 'Priya', 'Tomás', 'Hannah', 'Omar'];
const PATIENT_LAST_NAMES = ['Haddad', 'Okafor', 'Lindqvist', 'Tanaka', 'Rahman', 'Moreau', 'Iyer', 'Navarro', 'Becker', 'Saleh'];

/**
 * A booking for the partner's referral agent, made by the console's own service (modules/bookings/operations-service.ts):
 * the same checks, the same status-history and audit rows, the same notification once the command's transaction
 * commits (its broadcasts are held until then, runNotifyCommand).
 */
async function simulateBooking(context: NotifyCommandContext, email: string): Promise<void> {
  const { pool } = context;
  for (const table of ['bookings', 'clients', 'facility_service_details']) {
    if (!(await tableExists(pool, table))) throw new CommandError(`The ${table} table does not exist: the bookings area is not installed.`);
  }
  const user = await findUser(pool, email);
  const { rows: details } = await pool.query<{ detail_id: number; facility_id: number; facility_name: string }>(
    `SELECT d.id AS detail_id, d.facility_id, f.name AS facility_name
       FROM facility_service_details d JOIN facilities f ON f.id = d.facility_id
      ORDER BY d.id OFFSET floor(random() * (SELECT count(*) FROM facility_service_details))::int LIMIT 1`,
  );
  const detail = details[0];
  if (!detail) throw new CommandError('The facility catalogue is empty: seed the demo data first (SEED_DEMO=true on an empty database).');

  const patientName = `${PATIENT_FIRST_NAMES[randomInt(PATIENT_FIRST_NAMES.length)]} ${PATIENT_LAST_NAMES[randomInt(PATIENT_LAST_NAMES.length)]}`;
  const appointmentAt = new Date(Date.now() + (3 + randomInt(25)) * 24 * 3600 * 1000);
  appointmentAt.setUTCHours(6 + randomInt(10), 0, 0, 0);
  const created = await createBooking(
    pool,
    context.actor ?? commandLineActor(),
    {
      referralAgentId: user.referralAgentId,
      newPatient: { name: patientName },
      referredByUserId: user.approved ? user.id : null,
      facilityId: detail.facility_id,
      serviceId: detail.detail_id,
      dateTime: appointmentAt.toISOString(),
    },
    { mayPrice: true },
  );
  const sent = await publishBookingEvents(context.notifications, created.events);
  const ticketId = created.events[0]?.ticketId ?? String(created.bookingId);
  context.out(`Booking ${BOOKING_ID_PREFIX}${ticketId} created for ${patientName} at ${detail.facility_name}.`);
  context.out(`Notified ${sent} partner(s) of the referral agent.`);
}

/**
 * A status (or invoice status) change through the console's service: the lifecycle's rules hold here too (a
 * completed booking cannot go back to pending). The same value again changes nothing and tells nobody.
 */
async function simulateBookingStatus(context: NotifyCommandContext, ticket: string, value: string): Promise<void> {
  if (!(await tableExists(context.pool, 'bookings'))) throw new CommandError('The bookings table does not exist: the bookings area is not installed.');
  const ticketId = ticket.trim().replace(new RegExp(`^${BOOKING_ID_PREFIX}`, 'i'), '');
  const invoice = (INVOICE_STATUSES as readonly string[]).includes(value);
  if (!invoice && !(BOOKING_STATUSES as readonly string[]).includes(value)) {
    throw new CommandError(`Unknown status "${value}": use one of ${[...BOOKING_STATUSES, ...INVOICE_STATUSES].join(', ')}.`);
  }
  const column = invoice ? 'invoice_status' : 'status';
  const { rows } = await context.pool.query<{ current: string }>(`SELECT ${column} AS current FROM bookings WHERE ticket_id = $1`, [ticketId]);
  const current = rows[0]?.current;
  if (current === undefined) throw new CommandError(`No booking with the ticket id ${ticket}.`);
  if (current === value) {
    context.out(`Booking ${BOOKING_ID_PREFIX}${ticketId} already had ${column.replace('_', ' ')} ${value}; nobody notified.`);
    return;
  }
  const actor = context.actor ?? commandLineActor();
  const target = { ticketId };
  const change = invoice
    ? await changeInvoiceStatus(context.pool, actor, target, { to: value as InvoiceStatus, expected: current as InvoiceStatus })
    : await changeBookingStatus(context.pool, actor, target, { to: value as BookingStatus, expected: current as BookingStatus, reason: 'Changed from the command line.' });
  const sent = await publishBookingEvents(context.notifications, change.events);
  context.out(`Booking ${BOOKING_ID_PREFIX}${ticketId}: ${column.replace('_', ' ')} ${current} → ${value}. Notified ${sent} partner(s).`);
}

/** Runs one command against a database and a notifier; answers the exit code (tests call it with an app's). */
export async function executeNotifyCommand(argv: string[], context: NotifyCommandContext): Promise<number> {
  const [command, ...args] = argv;
  try {
    if (!isNotifyCommand(command)) throw new CommandError(`Unknown command "${command ?? ''}".\n${NOTIFY_COMMANDS_HELP}`);
    const { values, positionals } = parse(args);
    switch (command) {
      case 'notify': {
        const [email] = positionals;
        if (!email) throw new CommandError('Usage: notify <email> --title <text> [--body <text>] [--link </path>]');
        const user = await findUser(context.pool, email);
        const input = notificationInput(values);
        // Recorded in the console's history of what was sent (modules/notifications/broadcasts.ts), as the console's sends are.
        const { broadcastId, sent } = await sendFromCommandLine(context.pool, context.notifications, { audience: 'partner', userId: user.id, label: user.name }, input, commandLineSender(context));
        await audit(context, 'notification.sent', { type: 'user', id: user.id }, { after: { type: input.type, title: input.title, link: input.link, broadcast_id: broadcastId } });
        context.out(`Notification ${sent[0]?.id ?? ''} sent to ${user.name} <${email}>.`);
        return 0;
      }
      case 'notify-agent': {
        const agentArgument = positionals.join(' ').trim();
        if (!agentArgument) throw new CommandError('Usage: notify-agent <agent id or name> --title <text> [--body <text>] [--link </path>]');
        const agent = await findAgent(context.pool, agentArgument);
        const input = notificationInput(values);
        const { broadcastId, sent } = await sendFromCommandLine(context.pool, context.notifications, { audience: 'agent', agentId: agent.id, label: agent.name }, input, commandLineSender(context));
        await audit(context, 'notification.sent_to_agent', { type: 'referral_agent', id: agent.id }, {
          after: { type: input.type, title: input.title, link: input.link, recipients: sent.length, broadcast_id: broadcastId },
        });
        context.out(`Notification sent to ${sent.length} partner(s) of ${agent.name} (agent ${agent.id}).`);
        return 0;
      }
      case 'simulate-booking': {
        const [email] = positionals;
        if (!email) throw new CommandError('Usage: simulate-booking <email>');
        await simulateBooking(context, email);
        return 0;
      }
      case 'simulate-booking-status': {
        const [ticket, status] = positionals;
        if (!ticket || !status) throw new CommandError('Usage: simulate-booking-status <ticket id> <status>');
        await simulateBookingStatus(context, ticket, status);
        return 0;
      }
    }
  } catch (error) {
    if (error instanceof CommandError || error instanceof AppError) {
      context.out(`Error: ${error.message}`);
      const fields = error instanceof AppError ? (error.body.errors as Record<string, string[]> | undefined) : undefined;
      for (const [field, messages] of Object.entries(fields ?? {})) context.out(`  ${field}: ${messages.join(' ')}`);
      return 1;
    }
    if ((error as NodeJS.ErrnoException).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' || (error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS')) {
      context.out(`Error: ${(error as Error).message}`);
      return 1;
    }
    throw error;
  }
}

/**
 * The realtime service the running portal uses, seen from another process (the admin command): the external
 * one of PUSHER_HOST / PUSHER_CLUSTER, else the portal's embedded one at APP_URL. `failures` collects why a
 * publish did not get through (never thrown: what is stored stays stored).
 */
export function createCommandBroadcaster(config: Config): { broadcaster: Broadcaster; failures: string[] } {
  const failures: string[] = [];
  const broadcaster = createBroadcaster({
    appId: config.pusher.appId,
    key: config.pusher.key,
    secret: config.pusher.secret,
    target: () => externalTarget(config) ?? appUrlTarget(config.appUrl),
    logger: {
      debug() {},
      warn(object) {
        const err = (object as { err?: { message?: string; cause?: string; status?: number } }).err;
        const reason = [err?.cause, err?.status ? `HTTP ${err.status}` : undefined].filter(Boolean).join(', ') || err?.message || 'unknown error';
        if (!failures.includes(reason)) failures.push(reason);
      },
    },
  });
  return { broadcaster, failures };
}

/** Where the command publishes, in words. */
export function realtimeTargetDescription(config: Config): string {
  return config.pusher.external ? 'the external realtime service (PUSHER_HOST / PUSHER_CLUSTER)' : `the portal at ${config.appUrl}`;
}

export interface RunNotifyCommandOptions {
  config?: Config;
  /** The admin command's open database; without it one is opened (and closed) here. */
  database?: Database;
  out?: (line: string) => void;
  err?: (line: string) => void;
  /**
   * The e-mail channel (partners who chose e-mail for these events on /profile/notifications, as the console's sends
   * honour them): queued in the command's transaction. Without it the command builds the admin command's mailer
   * (SMTP_* or the outbox folder, through the job queue) and sends what it queued once the command has committed.
   */
  mailer?: Pick<Mailer, 'queue'>;
}

/**
 * The command-line side: stores through `database` (or the configured one), publishes to the running portal's
 * realtime service, and prints the outcome. Answers the exit code.
 */
export async function runNotifyCommand(argv: string[], options: RunNotifyCommandOptions = {}): Promise<number> {
  const config = options.config ?? loadConfig();
  const out = options.out ?? ((line: string) => process.stdout.write(`${line}\n`));
  const err = options.err ?? ((line: string) => process.stderr.write(`${line}\n`));
  if (!isNotifyCommand(argv[0])) {
    err(`Unknown command "${argv[0] ?? ''}".\n${NOTIFY_COMMANDS_HELP}`);
    return 1;
  }

  const database = options.database ?? (await openMigratedDatabase(config));
  // The mailer of the admin command when none is given: the job queue without workers or schedules (the portal's),
  // drained here after the commit so the operator sees the e-mails go out whether or not the portal runs.
  const mailLog: JobLogger = {
    info() {},
    warn(object) {
      err(`  An e-mail could not be sent yet (${String((object.err as Error | undefined)?.message ?? '')}); it stays queued and is retried.`);
    },
    error(object, message) {
      err(`  ${message}: ${String((object.err as Error | undefined)?.message ?? '')}`);
    },
  };
  const jobs = options.mailer ? undefined : createJobQueue({ pool: database.pool, log: mailLog });
  const mailer = options.mailer ?? createQueuedMailer({ transport: createMailer(config, mailLog), jobs: jobs!, appKey: config.appKey });
  if (jobs) await jobs.start({ workers: false, schedules: false });
  try {
    const { broadcaster, failures } = createCommandBroadcaster(config);
    // One transaction a command: its rows and their audit rows commit together, or (a refused command) not at all.
    // Live events wait for the commit, so no tab is told of a notification that then rolls back.
    const held: Parameters<Broadcaster['broadcast']>[] = [];
    const holding: Broadcaster = {
      broadcast: async (...args) => (held.push(args), true),
      terminateUserConnections: (userId) => broadcaster.terminateUserConnections(userId),
    };
    const lines: string[] = [];
    const refused = new Error('refused');
    let exitCode = 1;
    await inTransaction(database.pool, async (client) => {
      const notifications = createNotificationService({ db: client, broadcaster: holding, mail: { mailer, appUrl: config.appUrl } });
      exitCode = await executeNotifyCommand(argv, { pool: client, notifications, out: (line) => lines.push(line) });
      if (exitCode !== 0) throw refused;
    }).catch((error: unknown) => {
      if (error !== refused) throw error;
    });
    if (exitCode === 0) for (const args of held) await broadcaster.broadcast(...args);
    if (exitCode === 0 && jobs) await jobs.drain({ names: [MAIL_JOB] });
    for (const line of lines) (exitCode === 0 ? out : err)(line);
    if (exitCode === 0 && failures.length > 0) {
      err(`Stored, but not pushed live: ${realtimeTargetDescription(config)} did not take it (${failures.join('; ')}).`);
      err('Partners see it the next time the portal loads their notifications. Is the portal running, and is APP_URL its address?');
    }
    return exitCode;
  } finally {
    if (jobs) await jobs.stop();
    if (!options.database) await database.close();
  }
}
