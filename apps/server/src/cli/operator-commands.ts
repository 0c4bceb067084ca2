import { parseArgs } from 'node:util';
import type pg from 'pg';
import { CONSOLE_BASE_PATH } from '@portal/contracts/console-session';
import { emailSchema } from '@portal/contracts/session';
import { OPERATOR_ROLES, isOperatorRole } from '@portal/contracts/operator-permissions';
import type { Config } from '../config.ts';
import type { AuditActor } from '../lib/audit/audit-log.ts';
import { createOperatorAccount, OperatorExistsError } from '../modules/operators/service.ts';

/**
 * The console's operator commands of `npm run admin`. `create-operator` bootstraps the first operator (issue 14):
 * there is no console to create one in before one exists. Its password is generated and printed once; the first
 * sign-in at /console/login enrols two-factor with a QR code.
 */

export const OPERATOR_COMMANDS = ['create-operator'] as const;
export type OperatorCommand = (typeof OPERATOR_COMMANDS)[number];

export function isOperatorCommand(name: string | undefined): name is OperatorCommand {
  return (OPERATOR_COMMANDS as readonly string[]).includes(name ?? '');
}

export const OPERATOR_COMMANDS_HELP = `  create-operator <email> --role <${OPERATOR_ROLES.join('|')}> [--name <name>]
                               an operator of the console (/console): prints a generated password, shown once;
                               the first sign-in enrols two-factor (an authenticator app, QR code)`;

export interface OperatorCommandContext {
  pool: pg.Pool;
  config: Pick<Config, 'appKey' | 'appUrl'>;
  /** Who the audit row names: the operating-system user running the command. */
  actor: AuditActor;
  out(line: string): void;
  err(line: string): void;
}

/** Runs one operator command; answers the exit code (0 done, 1 refused, 2 wrong usage). */
export async function runOperatorCommand(argv: string[], context: OperatorCommandContext): Promise<number> {
  const [command, ...rest] = argv;
  if (!isOperatorCommand(command)) {
    context.err(`Unknown command "${command ?? ''}".\n${OPERATOR_COMMANDS_HELP}`);
    return 2;
  }
  let parsed;
  try {
    parsed = parseArgs({ args: rest, options: { role: { type: 'string' }, name: { type: 'string' } }, allowPositionals: true, strict: true });
  } catch (error) {
    context.err(`${(error as Error).message}\n${OPERATOR_COMMANDS_HELP}`);
    return 2;
  }
  const [email, ...extra] = parsed.positionals;
  const role = parsed.values.role;
  if (!email || extra.length > 0 || !emailSchema.safeParse(email).success) {
    context.err(`create-operator needs one e-mail address.\n${OPERATOR_COMMANDS_HELP}`);
    return 2;
  }
  if (!isOperatorRole(role)) {
    context.err(`create-operator needs --role, one of ${OPERATOR_ROLES.join(', ')}.\n${OPERATOR_COMMANDS_HELP}`);
    return 2;
  }
  const name = parsed.values.name?.trim() || email.split('@')[0]!;
  try {
    const created = await createOperatorAccount({ pool: context.pool, config: context.config }, { email, name, role }, context.actor);
    context.out(`Created operator ${created.email} (role ${created.role}).`);
    context.out(`  Password (shown once; hand it over safely): ${created.password}`);
    context.out(`  Sign in at ${context.config.appUrl}${CONSOLE_BASE_PATH}/login: the first sign-in enrols two-factor with a QR code.`);
    return 0;
  } catch (error) {
    if (error instanceof OperatorExistsError) {
      context.err(error.message);
      return 1;
    }
    throw error;
  }
}
