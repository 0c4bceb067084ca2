import { Readable } from 'node:stream';
import type { CreatedPartner } from '../../test/factories.ts';
import type { PartnerAccessFixture, PartnerAccessRequest, PartnerAccessWorld } from '../../test/partner-access.ts';

let sequence = 0;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

/** A written finance report of `member`'s agent (its files in storage): the agent's members with payouts.read reach it. */
async function financeReportOf(world: PartnerAccessWorld, member: CreatedPartner): Promise<PartnerAccessRequest> {
  sequence += 1;
  const file = await world.context.app.storage.save('finance-report', Readable.from([PDF]), { filename: 'report.pdf' });
  const { rows } = await world.context.database.pool.query<{ id: string }>(
    `INSERT INTO finance_reports (referral_agent_id, kind, period, currency, version, status, figures, pdf_file, pdf_sha256, xlsx_file, xlsx_sha256, generated_at)
     VALUES ($1, 'yearly', '2025', 'EUR', $2, 'ready', '{}', $3, repeat('a', 64), $3, repeat('b', 64), now()) RETURNING id`,
    [member.referralAgentId, sequence, JSON.stringify(file)],
  );
  return { params: { id: Number(rows[0]!.id), format: 'pdf' } };
}

export const accessFixtures: PartnerAccessFixture[] = [
  { route: 'GET /api/finance-reports/:id/:format', visibleTo: 'agent', create: financeReportOf, served: [200] },
];
