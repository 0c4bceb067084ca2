import type { PaymentDetails } from '@portal/contracts/payment-details';
import type { Queryable } from '../../db/queryable.ts';
import { createEncrypter } from '../../lib/encryption.ts';
import { SEAL_PURPOSE } from './service.ts';

/** Where an agent's payouts go, in full: what a bank file needs (docs/payment-details.md). */
export interface Payee {
  referralAgentId: number;
  holderName: string;
  scheme: PaymentDetails['scheme'];
  bankCountry: string;
  /** the IBAN or account number, unsealed; '' unless verified (a file never pays details not verified) */
  account: string;
  bic: string | null;
  routingNumber: string | null;
  ifsc: string | null;
  accountType: PaymentDetails['account_type'];
  bankName: string | null;
  status: PaymentDetails['status'];
}

/**
 * The payees of `agentIds` with their verified accounts unsealed, for the payouts' bank files (the caller audits the
 * export). An agent without details is absent from the map.
 */
export async function payeesOf(db: Queryable, appKey: string, agentIds: readonly number[]): Promise<Map<number, Payee>> {
  const sealer = createEncrypter(appKey, SEAL_PURPOSE);
  const { rows } = await db.query<{
    referral_agent_id: number; holder_name: string; scheme: Payee['scheme']; bank_country: string; account_sealed: string; bic: string | null;
    routing_number: string | null; ifsc: string | null; account_type: Payee['accountType']; bank_name: string | null; status: Payee['status'];
  }>(
    `SELECT referral_agent_id, holder_name, scheme, bank_country, account_sealed, bic, routing_number, ifsc, account_type, bank_name, status
       FROM payment_details WHERE referral_agent_id = ANY($1::int[])`,
    [agentIds],
  );
  return new Map(
    rows.map((row) => [
      row.referral_agent_id,
      {
        referralAgentId: row.referral_agent_id, holderName: row.holder_name, scheme: row.scheme, bankCountry: row.bank_country, account: row.status === 'verified' ? sealer.decrypt(row.account_sealed) : '',
        bic: row.bic, routingNumber: row.routing_number, ifsc: row.ifsc, accountType: row.account_type, bankName: row.bank_name, status: row.status,
      },
    ]),
  );
}
