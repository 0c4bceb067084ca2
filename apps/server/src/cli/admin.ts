/**
 * Operator commands, run as `npm run admin -- <command> [arguments]`: one dispatcher for the account and the
 * notification commands. They open the configured database exactly as the server does (DATABASE_URL, or the
 * embedded one under DATA_DIR: while the portal runs, through the portal's own connection port), send e-mail
 * through the same mailer (SMTP_*, or the outbox folder), and push live updates to the running portal's
 * realtime service (APP_URL, or PUSHER_HOST / PUSHER_CLUSTER). Whether the portal runs or not.
 */
import QRCode from 'qrcode';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { EmbeddedDatabaseBusyError } from '../db/embedded-lock.ts';
import { openMigratedDatabase } from '../db/open.ts';
import { commandLineActor } from './command-line-actor.ts';
import { createJobQueue, type JobLogger, type JobQueue } from '../lib/jobs/job-queue.ts';
import { createQueuedMailer, MAIL_JOB } from '../lib/mail-queue.ts';
import { createMailer, type MailLogger } from '../lib/mailer.ts';
import { createApprovalService, OperatorError } from '../modules/auth/approval.ts';
import { isOperatorCommand, OPERATOR_COMMANDS, OPERATOR_COMMANDS_HELP, runOperatorCommand } from './operator-commands.ts';
import type { AuthDependencies } from '../modules/auth/service.ts';
import { notifyAccountApproved } from '../modules/notifications/domain-notifications.ts';
import { createNotificationService } from '../modules/notifications/public.ts';
import {
  createCommandBroadcaster,
  isNotifyCommand,
  NOTIFY_COMMANDS,
  NOTIFY_COMMANDS_HELP,
  realtimeTargetDescription,
  runNotifyCommand,
} from './notify-commands.ts';

const AUTH_COMMANDS = ['list-pending', 'approve', 'reject', 'send-login-link', 'enable-2fa', 'disable-2fa'] as const;

const USAGE = `Usage: npm run admin -- <command> [arguments]

Accounts:
  list-pending                 registrations waiting for approval
  approve <email>              approve a registration, e-mail a one-time sign-in link (/authenticate) and
                               leave an "account approved" notification in the portal
  reject <email> [--silent]    reject a registration (or withdraw an approval); e-mails the applicant unless --silent
  send-login-link <email>      e-mail a new one-time sign-in link to an approved account
  enable-2fa <email>           turn two-factor on: prints the TOTP secret, otpauth URI, QR code and recovery codes
  disable-2fa <email>          turn two-factor off

Console operators:
${OPERATOR_COMMANDS_HELP}

Notifications:
${NOTIFY_COMMANDS_HELP}

  help                         this text

Run them whether or not the portal is running: they use the database the portal uses (DATABASE_URL, or the
embedded one in DATA_DIR, reached through the portal while it runs). Live updates go to the portal at APP_URL
(or to PUSHER_HOST / PUSHER_CLUSTER); with the portal stopped, notifications are stored and show up later.`;

class UsageError extends Error {}

function out(line = ''): void {
  process.stdout.write(`${line}\n`);
}

/** The mailer's log lines, readable in a terminal. */
const consoleLogger: MailLogger = {
  info(object, message) {
    if (typeof object.link === 'string') out(`  ${message}: ${object.link}`);
    else if (typeof object.file === 'string') out(`  E-mail to ${String(object.to)} ("${String(object.subject)}") written to ${object.file}`);
    else out(`  E-mail to ${String(object.to)} ("${String(object.subject)}") sent`);
  },
  error(object, message) {
    process.stderr.write(`  ${message}: ${String((object.err as Error | undefined)?.message ?? '')}\n`);
  },
};

/** The queue's log lines: a failed e-mail stays queued, and the running portal (or the next command) retries it. */
const jobLogger: JobLogger = {
  info() {},
  warn(object) {
    process.stderr.write(`  The e-mail could not be sent yet (${String((object.err as Error | undefined)?.message ?? '')}); it stays queued and is retried.\n`);
  },
  error(object, message) {
    process.stderr.write(`  ${message}: ${String((object.err as Error | undefined)?.message ?? '')}\n`);
  },
};

function emailArgument(args: string[], command: string): string {
  const email = args.find((arg) => !arg.startsWith('--'));
  if (!email) throw new UsageError(`${command} needs an e-mail address: npm run admin -- ${command} <email>`);
  return email;
}

interface CommandContext {
  config: Config;
  deps: AuthDependencies;
  database: Database;
}

async function run(command: string, args: string[], { config, deps, database }: CommandContext): Promise<void> {
  // The running portal's realtime service: approve leaves a notification, reject closes the account's sockets.
  const realtime = createCommandBroadcaster(config);
  // With the e-mail channel, as the console's: the notification's e-mail twin follows the partner's preferences.
  const notifications = createNotificationService({ db: database.pool, broadcaster: realtime.broadcaster, mail: { mailer: deps.mailer, appUrl: config.appUrl } });
  let notified = false;
  let disconnected = true;
  const approval = createApprovalService({
    ...deps,
    actor: commandLineActor(),
    // Not pushed live in practice (an account waiting for approval has no open tab), so a push failure is not reported.
    onApproved: async (userId) => {
      try {
        notified = (await notifyAccountApproved(notifications, userId)).length > 0;
      } catch (error) {
        process.stderr.write(`  The "account approved" notification could not be stored: ${(error as Error).message}\n`);
      }
    },
    endSessions: async (userId) => {
      await deps.pool.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
      disconnected = await realtime.broadcaster.terminateUserConnections(String(userId));
    },
  });
  switch (command) {
    case 'list-pending': {
      const rows = await approval.listPendingRegistrations();
      if (rows.length === 0) {
        out('No registrations are waiting for approval.');
        return;
      }
      out(`${rows.length} registration(s) waiting for approval:`);
      for (const row of rows) {
        out(
          `  ${row.email.padEnd(34)} ${`${row.first_name} ${row.last_name}`.padEnd(24)} ${(row.organisation ?? '-').padEnd(28)} ` +
            `${(row.partner_type_name ?? '-').padEnd(18)} ${row.phone ?? '-'}  registered ${row.created_at.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
        );
      }
      out('\nApprove with: npm run admin -- approve <email>');
      return;
    }
    case 'approve': {
      const result = await approval.approveRegistration(emailArgument(args, command));
      out(`Approved ${result.email}. The sign-in link works once, until ${result.link.expiresAt.toISOString()}.`);
      if (notified) out('  An "account approved" notification waits for them in the portal.');
      return;
    }
    case 'reject': {
      const result = await approval.rejectRegistration(emailArgument(args, command), { notify: !args.includes('--silent') });
      out(`Rejected ${result.email}. The account cannot sign in.`);
      if (!disconnected) {
        out(
          `  Its open tabs could not be disconnected: ${realtimeTargetDescription(config)} did not answer (${realtime.failures.join('; ')}). ` +
            'Their sessions are gone, so they stop at their next reconnection.',
        );
      }
      return;
    }
    case 'send-login-link': {
      const result = await approval.sendLoginLink(emailArgument(args, command));
      out(`Sent a new sign-in link to ${result.email}; it works once, until ${result.link.expiresAt.toISOString()}.`);
      return;
    }
    case 'enable-2fa': {
      const setup = await approval.enableTwoFactorFor(emailArgument(args, command));
      out(`Two-factor is on for ${setup.email}. Hand these to the user over a safe channel; they are not shown again.`);
      out(`  TOTP secret (base32): ${setup.secret}`);
      out(`  otpauth URI:          ${setup.uri}`);
      out(await QRCode.toString(setup.uri, { type: 'terminal', small: true }));
      out('  Recovery codes (each works once):');
      for (const code of setup.recoveryCodes) out(`    ${code}`);
      return;
    }
    case 'disable-2fa': {
      const result = await approval.disableTwoFactorFor(emailArgument(args, command));
      out(`Two-factor is off for ${result.email}.`);
      return;
    }
    default:
      throw new UsageError(`Unknown command "${command}".`);
  }
}

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    out(USAGE);
    return command ? 0 : 2;
  }
  if (![...AUTH_COMMANDS, ...NOTIFY_COMMANDS, ...OPERATOR_COMMANDS].includes(command as never)) throw new UsageError(`Unknown command "${command}".`);
  if (!isNotifyCommand(command) && !isOperatorCommand(command) && command !== 'list-pending') emailArgument(args, command);

  const config = loadConfig();
  let database: Database | undefined;
  try {
    database = await openMigratedDatabase(config);
    if (isNotifyCommand(command)) return await runNotifyCommand([command, ...args], { config, database });
    if (isOperatorCommand(command)) {
      return await runOperatorCommand([command, ...args], {
        pool: database.pool,
        config,
        actor: commandLineActor(),
        out,
        err: (line) => process.stderr.write(`${line}\n`),
      });
    }
    // E-mail goes through the job queue, in the transaction of the change (lib/mail-queue.ts); the command then sends
    // what it queued itself, so the operator sees it go out whether or not the portal runs.
    const jobs: JobQueue = createJobQueue({ pool: database.pool, log: jobLogger });
    const mailer = createQueuedMailer({ transport: createMailer(config, consoleLogger), jobs, appKey: config.appKey });
    // Neither workers nor schedules: the portal's own, which this command must leave as they are.
    await jobs.start({ workers: false, schedules: false });
    try {
      const deps = { pool: database.pool, config, mailer };
      await run(command, args, { config, deps, database });
      await jobs.drain({ names: [MAIL_JOB] });
    } finally {
      await jobs.stop();
    }
    return 0;
  } finally {
    await database?.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n\n${USAGE}\n`);
      process.exit(2);
    }
    if (error instanceof OperatorError || error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    if (error instanceof EmbeddedDatabaseBusyError) {
      // Only while the process holding the folder has not yet published its port (a portal still starting).
      process.stderr.write(`${error.message}\nIf the portal is starting, try again once it answers.\n`);
      process.exit(1);
    }
    process.stderr.write(`The command failed: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
