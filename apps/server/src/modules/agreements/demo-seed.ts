import type pg from 'pg';
import type { DemoSeedServices } from '../../kit/portal-module.ts';
import { createCommissionRates } from '../commission-rates/public.ts';
import { sha256Hex, shownText } from './agreement-text.ts';
import { createAgreementsService } from './service.ts';

/**
 * The demo's agreements (issue 15): the Partner Programme Agreement, version 1 signed by every demo agent and version 2
 * (mandatory, published last week) signed by all but Harbor Health Partners, whose owners see the "action needed"
 * banner; a data processing addendum Harbor signed; and Northwind Care Network's individual contract, with negotiated
 * rates in the card, signed by its owner. Signatures are made as the portal makes them (PDF, hashes, storage).
 */
const DAY_MS = 86_400_000;

const PROGRAMME_V1 = `## 1. Purpose

This agreement sets the terms on which the Partner refers patients to the healthcare facilities of the network and is paid a commission for each completed treatment.

## 2. Referrals

- The Partner refers patients only with their informed consent, and passes on only the information the facility needs to quote and treat.
- A referral counts once the patient's booking is created in the portal with the Partner's referral code or by the Partner's team.
- The Partner makes no medical claim and gives no medical advice on behalf of a facility.

## 3. Commission

Commission is paid on the treatment price invoiced by the facility, excluding travel, hotel, interpreters and taxes, at the rates of the commission structure in force on the day the booking is created. A commission becomes payable once the refund window of its rate has passed.

## 4. Payment

Payouts are made monthly, in the currency the facility bills in, to the bank account in the Partner's payment details. No amount is converted without the Partner's consent.

## 5. Data protection

Patient information is health data. The Partner keeps it confidential, uses it only for the referral, and reports any breach within 72 hours.

## 6. Term

This agreement runs until either party ends it with 30 days' written notice. Commissions earned before the end remain payable.`;

const PROGRAMME_V2 = `${PROGRAMME_V1.replace('## 6. Term', `## 6. Tiers

The Partner's tier (Silver, Gold or Platinum) is evaluated each quarter on completed treatments. A higher tier applies from the day its criteria are met; a lower one only at the end of a quarter, after at least 30 days' notice.

## 7. Held commissions

While a mandatory version of this agreement is published and not signed by an owner of the Partner's organisation, new commissions are earned but not paid. They become payable once it is signed.

## 8. Term`)}`;

const DPA = `## Data processing addendum

1. The Partner processes patients' personal data only to refer them and to follow their bookings.
2. Access inside the Partner's organisation is limited to the members whose role needs it.
3. Documents are exchanged only through the portal, which encrypts them at rest.
4. The Partner deletes patients' data it no longer needs within 90 days of the treatment.
5. Sub-processors are listed in the portal's privacy notice; the Partner is told of a new one 30 days ahead.`;

const NORTHWIND = `## Individual contract: Northwind Care Network

This contract adds to the Partner Programme Agreement for Northwind Care Network and, where they differ, its terms prevail.

### Negotiated rates

The rates below replace those of the commission structure for Northwind's referrals while this contract runs. All other rates follow the commission structure.

### Volume commitment

Northwind aims to refer at least 60 completed dental treatments a quarter. Falling short does not end the contract; the parties review the rates at its renewal.

### Term

From the effective date to the expiry date shown, renewable by a new contract.`;

export async function seedDemoAgreements(pool: pg.Pool, services: DemoSeedServices): Promise<void> {
  const service = createAgreementsService({ storage: services.storage, rates: createCommissionRates() });
  const now = Date.now();
  const year = new Date().getUTCFullYear();
  const id = async (sql: string, values: unknown[]) => (await pool.query<{ id: number }>(sql, values)).rows[0]?.id ?? null;

  const insert = (agreement: { kind?: string; key: string; version: number; title: string; body: string; mandatory: boolean; effective: Date; published: Date; expires?: Date; agentId?: number }) =>
    id(
      `INSERT INTO agreements (kind, key, version, title, body_markdown, status, mandatory, effective_at, expires_at, referral_agent_id, published_at)
       VALUES ($1, $2, $3, $4, $5, 'published', $6, $7, $8, $9, $10) RETURNING id`,
      [agreement.kind ?? 'template', agreement.key, agreement.version, agreement.title, agreement.body, agreement.mandatory, agreement.effective, agreement.expires ?? null, agreement.agentId ?? null, agreement.published],
    );

  const { rows: owners } = await pool.query<{ agent_id: number; agent: string; user_id: number; email: string; name: string }>(
    `SELECT DISTINCT ON (p.referral_agent_id) p.referral_agent_id AS agent_id, a.name AS agent, u.id AS user_id, u.email, u.first_name || ' ' || u.last_name AS name
       FROM partner_profiles p JOIN users u ON u.id = p.user_id JOIN referral_agents a ON a.id = p.referral_agent_id
      WHERE p.role = 'owner' AND u.status = 'approved'
      ORDER BY p.referral_agent_id, u.id`,
  );
  const sign = async (agreementId: number, title: string, body: string, owner: (typeof owners)[number], at: Date) => {
    await service.sign(
      pool,
      { userId: owner.user_id, email: owner.email, referralAgentId: owner.agent_id, role: 'owner', ip: '203.0.113.24', userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15' },
      agreementId,
      { signer_name: owner.name, consent: true, read_to_end: true, text_sha256: sha256Hex(shownText({ title, body_markdown: body })) },
      at,
    );
  };

  const v1Effective = new Date(Date.UTC(year - 1, 0, 1));
  const titleV1 = 'Partner Programme Agreement';
  const v1 = (await insert({ key: 'partner-programme-agreement', version: 1, title: titleV1, body: PROGRAMME_V1, mandatory: true, effective: v1Effective, published: new Date(v1Effective.getTime() - 14 * DAY_MS) }))!;
  for (const [index, owner] of owners.entries()) await sign(v1, titleV1, PROGRAMME_V1, owner, new Date(v1Effective.getTime() + (3 + index * 5) * DAY_MS + 9.5 * 3_600_000));

  const harbor = owners.find((owner) => owner.agent === 'Harbor Health Partners');
  const northwind = owners.find((owner) => owner.agent === 'Northwind Care Network');
  const dpa = (await insert({ kind: 'addendum', key: 'data-processing-addendum', version: 1, title: 'Data Processing Addendum', body: DPA, mandatory: false, effective: new Date(Date.UTC(year - 1, 5, 1)), published: new Date(Date.UTC(year - 1, 4, 20)) }))!;
  if (harbor) await sign(dpa, 'Data Processing Addendum', DPA, harbor, new Date(Date.UTC(year - 1, 5, 4, 11, 12)));

  if (northwind) {
    const contract = (await insert({
      kind: 'individual',
      key: 'northwind-individual-contract',
      version: 1,
      title: 'Individual contract: Northwind Care Network',
      body: NORTHWIND,
      mandatory: false,
      effective: new Date(Date.UTC(year, 0, 1)),
      expires: new Date(Date.UTC(year + 1, 11, 31)),
      published: new Date(Date.UTC(year - 1, 11, 12)),
      agentId: northwind.agent_id,
    }))!;
    const dentistry = await id('SELECT id FROM specialties WHERE name = $1', ['Dentistry']);
    const pearl = await id('SELECT id FROM facilities WHERE name = $1', ['Pearl Dental Studio']);
    const implant = await id('SELECT id FROM services WHERE name = $1', ['Dental Implant']);
    const base = ['The treatment price invoiced by the facility, excluding travel, hotel, interpreters and taxes', 'سعر العلاج الذي تصدر به المنشأة فاتورتها، دون السفر والفندق والترجمة والضرائب'];
    if (dentistry) {
      await pool.query(
        `INSERT INTO commission_rates (specialty_id, referral_agent_id, agreement_id, kind, basis_points, base_description, base_description_ar, refund_window_days, valid_from, valid_to)
         VALUES ($1, $2, $3, 'percentage', 1250, $4, $5, 14, $6, $7)`,
        [dentistry, northwind.agent_id, contract, base[0], base[1], `${year}-01-01`, `${year + 2}-01-01`],
      );
    }
    if (pearl && implant) {
      await pool.query(
        `INSERT INTO commission_rates (facility_id, service_id, referral_agent_id, agreement_id, kind, amount_minor, currency, base_description, base_description_ar, refund_window_days, valid_from, valid_to)
         VALUES ($1, $2, $3, $4, 'flat', 65000, 'AED', 'Per implant placed, whatever the treatment price', 'لكل زرعة تُركَّب، أيًّا كان سعر العلاج', 14, $5, $6)`,
        [pearl, implant, northwind.agent_id, contract, `${year}-01-01`, `${year + 2}-01-01`],
      );
    }
    await sign(contract, 'Individual contract: Northwind Care Network', NORTHWIND, northwind, new Date(Date.UTC(year - 1, 11, 18, 15, 40)));
  }

  // Version 2, mandatory, published a week ago: every demo agent but Harbor Health Partners has signed it.
  const titleV2 = 'Partner Programme Agreement';
  const published = new Date(now - 7 * DAY_MS);
  const v2 = (await insert({ key: 'partner-programme-agreement', version: 2, title: titleV2, body: PROGRAMME_V2, mandatory: true, effective: new Date(Date.UTC(year, new Date().getUTCMonth(), 1)), published }))!;
  for (const [index, owner] of owners.entries()) {
    if (owner === harbor) continue;
    await sign(v2, titleV2, PROGRAMME_V2, owner, new Date(published.getTime() + (1 + index) * 3_600_000 * 7));
  }
}
