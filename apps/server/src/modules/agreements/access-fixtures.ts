import { Readable } from 'node:stream';
import type { CreatedPartner } from '../../test/factories.ts';
import type { PartnerAccessFixture, PartnerAccessRequest, PartnerAccessWorld } from '../../test/partner-access.ts';
import { sha256Hex, shownText } from './agreement-text.ts';
import { SIGNED_AGREEMENT_KIND } from './service.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
let sequence = 0;

/** A published individual contract of `member`'s agent: every member of that agent may read it, no other agent. */
async function contractOf(world: PartnerAccessWorld, member: CreatedPartner, options: { signed: boolean }): Promise<PartnerAccessRequest> {
  sequence += 1;
  const pool = world.context.database.pool;
  const title = `Access matrix contract ${sequence}`;
  const body = 'The negotiated terms of the access matrix.';
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO agreements (kind, key, version, title, body_markdown, status, effective_at, referral_agent_id, published_at)
     VALUES ('individual', $1, 1, $2, $3, 'published', now() - interval '1 day', $4, now()) RETURNING id`,
    [`access-matrix-${sequence}`, title, body, member.referralAgentId],
  );
  const id = rows[0]!.id;
  const textSha256 = sha256Hex(shownText({ title, body_markdown: body }));
  if (options.signed) {
    const file = await world.context.app.storage.save(SIGNED_AGREEMENT_KIND, Readable.from([PDF]), { filename: 'signed.pdf' });
    await pool.query(
      `INSERT INTO agreement_acceptances (agreement_id, referral_agent_id, user_id, signer_name, consent_text, text_sha256, ip, user_agent, signed_pdf)
       VALUES ($1, $2, $3, 'Access Matrix', 'consent', $4, '127.0.0.1', 'test', $5)`,
      [id, member.referralAgentId, member.userId, textSha256, { ...file, sha256: sha256Hex(PDF) }],
    );
  }
  return { params: { id }, body: { signer_name: 'Access Matrix Owner', consent: true, read_to_end: true, text_sha256: textSha256 } };
}

export const accessFixtures: PartnerAccessFixture[] = [
  { route: 'GET /api/agreements/:id', visibleTo: 'agent', create: (world, member) => contractOf(world, member, { signed: false }), served: [200] },
  { route: 'POST /api/agreements/:id/sign', visibleTo: 'agent', create: (world, member) => contractOf(world, member, { signed: false }), served: [201] },
  { route: 'GET /api/agreements/:id/signed-pdf', visibleTo: 'agent', create: (world, member) => contractOf(world, member, { signed: true }), served: [200] },
];
