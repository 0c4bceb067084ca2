import type pg from 'pg';
import { minorToDecimal } from '@portal/contracts/money';
import { OPERATOR_ROLES, operatorCan } from '@portal/contracts/operator-permissions';
import { exceptionsPermission } from '@portal/contracts/console-exceptions';
import { inTransaction } from '../../db/queryable.ts';
import type { Mailer, MailMessage } from '../../lib/mailer.ts';
import { operatorsToTell, syncNegativeBalanceNotices, type OpenedNotice } from './repository.ts';

/** The console's exceptions page, filtered to negative balances (the link of the e-mail). */
const NEGATIVE_BALANCES_PAGE = '/console/exceptions?kind=negative_balance';

/**
 * The e-mail finance gets when balances go below zero: who owes how much, and the page that resolves it. In English:
 * operators keep no language (the console's own texts follow the browser's).
 */
export function negativeBalancesMail(to: string, notices: readonly OpenedNotice[], appUrl: string): MailMessage {
  const lines = notices.map((notice) => `- ${notice.agent_name}: ${notice.currency} ${minorToDecimal(notice.balance_minor, notice.currency)}`);
  const subject = notices.length === 1 ? `A partner's balance is below zero: ${notices[0]!.agent_name}` : `${notices.length} partner balances are below zero`;
  return {
    to,
    subject,
    text:
      `A refund or an adjustment left these approved balances below zero; the next payouts net them unless you adjust them:\n\n${lines.join('\n')}\n\n` +
      `Review them on the exceptions page: ${appUrl}${NEGATIVE_BALANCES_PAGE}\n`,
  };
}

/**
 * Tells finance of balances that went negative (docs/console-exceptions.md): in one transaction, opens the notices of
 * the new ones, closes those resolved, and queues one e-mail per operator who reads exceptions, so a notice is never
 * opened without its e-mail, nor e-mailed twice.
 */
export function createNegativeBalanceScan(deps: { pool: pg.Pool; mailer: Pick<Mailer, 'queue'>; appUrl: string }) {
  const roles = OPERATOR_ROLES.filter((role) => operatorCan(role, exceptionsPermission));
  return async function scanNegativeBalances(): Promise<OpenedNotice[]> {
    return inTransaction(deps.pool, async (client) => {
      const opened = await syncNegativeBalanceNotices(client);
      if (opened.length === 0) return opened;
      for (const operator of await operatorsToTell(client, roles)) await deps.mailer.queue(negativeBalancesMail(operator.email, opened, deps.appUrl), { db: client });
      return opened;
    });
  };
}
