import os from 'node:os';
import type { AuditActor } from '../lib/audit/audit-log.ts';

/** Who the audit log names for a change made from the command line: the operating-system user running it. */
export function commandLineActor(): AuditActor {
  let user = 'unknown';
  try {
    user = os.userInfo().username;
  } catch {
    // No passwd entry (some containers): the row still says it came from the CLI.
  }
  return { type: 'cli', id: user };
}
