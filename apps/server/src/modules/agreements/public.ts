import type { Queryable } from '../../db/queryable.ts';

/**
 * Agreements as the other parts of the programme reach them (docs/programme-terms.md), decorated as
 * `app.agreements`; another module imports only this file (eslint.config.js). The earnings ledger (issue 16) holds an
 * agent's new commissions while `pendingMandatory` is true.
 */
export interface Agreements {
  /** A mandatory agreement is published for the agent and not signed yet. */
  pendingMandatory(db: Queryable, referralAgentId: number, now?: Date): Promise<boolean>;
  /**
   * The agreement the agent had signed that governed on `at`: its individual contract if one was in force, else the
   * latest template version in effect; null when the agent had signed none. The ledger keeps it on each line.
   */
  inForce(db: Queryable, referralAgentId: number, at: Date): Promise<AgreementInForce | null>;
}

export interface AgreementInForce {
  id: number;
  key: string;
  version: number;
}
