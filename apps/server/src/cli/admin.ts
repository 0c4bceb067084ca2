/**
 * Operator commands, run as `npm run admin -- <command> [arguments]`. They open the configured
 * database exactly as the server does (DATABASE_URL, or the embedded one under DATA_DIR) and send
 * e-mail through the same mailer (SMTP_*, or the outbox folder).
 */
import QRCode from 'qrcode';
import { ConfigError, loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { EmbeddedDatabaseBusyError } from '../db/embedded-lock.ts';
import { openMigratedDatabase } from '../db/open.ts';
import { createMailer, type MailLogger } from '../lib/mailer.ts';
import {
  approveRegistration,
  disableTwoFactorFor,
  enableTwoFactorFor,
  listPendingRegistrations,
  OperatorError,
  rejectRegistration,
  sendLoginLink,
} from '../modules/auth/approval.ts';
import type { AuthDependencies } from '../modules/auth/service.ts';

const USAGE = `Usage: npm run admin -- <command> [arguments]

Commands:
  list-pending                 registrations waiting for approval
  approve <email>              approve a registration and e-mail a one-time sign-in link (/authenticate)
  reject <email> [--silent]    reject a registration (or withdraw an approval); e-mails the applicant unless --silent
  send-login-link <email>      e-mail a new one-time sign-in link to an approved account
  enable-2fa <email>           turn two-factor on: prints the TOTP secret, otpauth URI, QR code and recovery codes
  disable-2fa <email>          turn two-factor off
  help                         this text

With the embedded database, stop the portal first (one process at a time may open it);
with DATABASE_URL, run these while it serves.`;

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

function emailArgument(args: string[], command: string): string {
  const email = args.find((arg) => !arg.startsWith('--'));
  if (!email) throw new UsageError(`${command} needs an e-mail address: npm run admin -- ${command} <email>`);
  return email;
}

async function run(command: string, args: string[], deps: AuthDependencies): Promise<void> {
  switch (command) {
    case 'list-pending': {
      const rows = await listPendingRegistrations(deps);
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
      const result = await approveRegistration(deps, emailArgument(args, command));
      out(`Approved ${result.email}. The sign-in link works once, until ${result.link.expiresAt.toISOString()}.`);
      return;
    }
    case 'reject': {
      const result = await rejectRegistration(deps, emailArgument(args, command), { notify: !args.includes('--silent') });
      out(`Rejected ${result.email}. The account cannot sign in.`);
      return;
    }
    case 'send-login-link': {
      const result = await sendLoginLink(deps, emailArgument(args, command));
      out(`Sent a new sign-in link to ${result.email}; it works once, until ${result.link.expiresAt.toISOString()}.`);
      return;
    }
    case 'enable-2fa': {
      const setup = await enableTwoFactorFor(deps, emailArgument(args, command));
      out(`Two-factor is on for ${setup.email}. Hand these to the user over a safe channel; they are not shown again.`);
      out(`  TOTP secret (base32): ${setup.secret}`);
      out(`  otpauth URI:          ${setup.uri}`);
      out(await QRCode.toString(setup.uri, { type: 'terminal', small: true }));
      out('  Recovery codes (each works once):');
      for (const code of setup.recoveryCodes) out(`    ${code}`);
      return;
    }
    case 'disable-2fa': {
      const result = await disableTwoFactorFor(deps, emailArgument(args, command));
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
  const known = ['list-pending', 'approve', 'reject', 'send-login-link', 'enable-2fa', 'disable-2fa'];
  if (!known.includes(command)) throw new UsageError(`Unknown command "${command}".`);
  if (command !== 'list-pending') emailArgument(args, command);

  const config = loadConfig();
  let database: Database | undefined;
  try {
    database = await openMigratedDatabase(config);
    await run(command, args, { pool: database.pool, config, mailer: createMailer(config, consoleLogger) });
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
    if (error instanceof OperatorError || error instanceof ConfigError || error instanceof EmbeddedDatabaseBusyError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    process.stderr.write(`The command failed: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
