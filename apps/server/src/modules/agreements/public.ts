import type { Queryable } from '../../db/queryable.ts';

/**
 * Agreements as the other parts of the programme reach them (docs/programme-terms.md), decorated as
 * `app.agreements`; another module imports only this file (eslint.config.js). The earnings ledger (issue 16) holds an
 * agent's new commissions while `pendingMandatory` is true.
 */
export interface Agreements {
  /** A mandatory agreement is published for the agent and not signed yet. */
  pendingMandatory(db: Queryable, referralAgentId: number, now?: Date): Promise<boolean>;
}
