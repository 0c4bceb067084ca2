import type { Queryable } from '../db/queryable.ts';
import { AppError } from './errors.ts';

/**
 * Four eyes (issue 31, docs/earnings.md "Four eyes"): what moves money or decides where it goes is proposed by one
 * operator and approved by another. The approver is never the proposer: 403 with the code `second_operator_required`
 * and a sentence that says so. Used by payment details' verification and payout batches' sending.
 */
export const SECOND_OPERATOR_REQUIRED = 'second_operator_required';

export function assertSecondOperator(proposedBy: number | null, approver: number | null, message: string): void {
  if (proposedBy !== null && proposedBy === approver) throw new AppError(403, message, SECOND_OPERATOR_REQUIRED, { code: SECOND_OPERATOR_REQUIRED });
}

/** Who an operator is, for the audit row that names both (their id and name). */
export async function operatorRef(db: Queryable, id: number | null): Promise<{ id: number; name: string } | null> {
  if (id === null) return null;
  const { rows } = await db.query<{ id: number; name: string }>('SELECT id, name FROM operators WHERE id = $1', [id]);
  return rows[0] ?? null;
}
