import type pg from 'pg';
import { NOTIFICATION_TYPES } from '@portal/contracts/notifications';
import { DEMO_AGENTS, DEMO_EMAILS, DEMO_OPERATORS } from '../../db/seeds/demo-identities.ts';

/**
 * The Notifications page's demo history: three sends by the demo operators (to all partners, with an Arabic version;
 * to one agent's partners; to one partner), each with its notifications stored, already read, so the partners' bells
 * start as they did.
 */
export async function seedDemoBroadcasts(pool: pg.Pool): Promise<void> {
  const operatorId = async (role: string) => {
    const email = DEMO_OPERATORS.find((operator) => operator.role === role)!.email;
    const { rows } = await pool.query<{ id: number; name: string }>('SELECT id, name FROM operators WHERE lower(email) = lower($1)', [email]);
    return rows[0];
  };
  const approved = async (condition: string, value: unknown) =>
    (
      await pool.query<{ id: number; locale: string; name: string }>(
        `SELECT u.id, u.locale, u.first_name || ' ' || u.last_name AS name FROM users u JOIN partner_profiles p ON p.user_id = u.id
          JOIN referral_agents ra ON ra.id = p.referral_agent_id WHERE u.status = 'approved' AND ${condition} ORDER BY u.id`,
        [value],
      )
    ).rows;

  const sends = [
    {
      daysAgo: 12,
      role: 'admin',
      audience: 'all' as const,
      recipients: await approved('$1::boolean', true),
      label: null,
      agentName: null,
      title: 'Portal maintenance on Saturday night',
      body: 'The partner portal will be unavailable on Saturday from 01:00 to 03:00 (UAE time) while we upgrade it. Referrals made by phone are not affected.',
      titleAr: 'صيانة البوابة ليلة السبت',
      bodyAr: 'لن تكون بوابة الشركاء متاحة يوم السبت من الساعة 01:00 حتى 03:00 (بتوقيت الإمارات) أثناء ترقيتها. الإحالات الهاتفية لا تتأثر.',
      link: null,
    },
    {
      daysAgo: 5,
      role: 'content',
      audience: 'agent' as const,
      recipients: await approved('ra.name = $1', DEMO_AGENTS.main),
      label: DEMO_AGENTS.main,
      agentName: DEMO_AGENTS.main,
      title: 'New facility: Mediclinic City Hospital',
      body: 'You can now refer patients to Mediclinic City Hospital in Dubai Healthcare City, for cardiology, orthopaedics and maternity care.',
      titleAr: null,
      bodyAr: null,
      link: '/bookings',
    },
    {
      daysAgo: 2,
      role: 'support',
      audience: 'partner' as const,
      recipients: await approved('lower(u.email) = $1', DEMO_EMAILS.partner),
      label: null,
      agentName: null,
      title: 'We tried to reach you about MT-100234',
      body: 'The hospital needs the patient’s passport copy before the appointment. Please call the partner desk on +971 4 555 0142.',
      titleAr: null,
      bodyAr: null,
      link: '/bookings?search=100234',
    },
  ];

  for (const send of sends) {
    const sender = await operatorId(send.role);
    if (!sender || send.recipients.length === 0) continue;
    const { rows: agents } = send.agentName ? await pool.query<{ id: number }>('SELECT id FROM referral_agents WHERE name = $1', [send.agentName]) : { rows: [] };
    const userId = send.audience === 'partner' ? send.recipients[0]!.id : null;
    const label = send.audience === 'partner' ? send.recipients[0]!.name : send.label;
    const { rows } = await pool.query<{ id: number }>(
      `INSERT INTO notification_broadcasts (audience, audience_user_id, audience_agent_id, audience_label, title, body, title_ar, body_ar, link,
                                            sender_type, sender_operator_id, sender_name, recipient_count, sent_count, state, created_at, finished_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'operator', $10, $11, $12, $12, 'sent', now() - make_interval(days => $13), now() - make_interval(days => $13))
       RETURNING id`,
      [send.audience, userId, agents[0]?.id ?? null, label, send.title, send.body, send.titleAr, send.bodyAr, send.link, sender.id, sender.name, send.recipients.length, send.daysAgo],
    );
    const broadcastId = rows[0]!.id;
    for (const recipient of send.recipients) {
      const arabic = recipient.locale === 'ar' && send.titleAr;
      await pool.query(
        `INSERT INTO notifications (user_id, type, title, body, link, data, created_at, read_at)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, now() - make_interval(days => $7), now() - make_interval(days => $7) + interval '3 hours')`,
        [recipient.id, NOTIFICATION_TYPES.message, arabic ? send.titleAr : send.title, arabic ? send.bodyAr : send.body, send.link, JSON.stringify({ broadcast_id: broadcastId }), send.daysAgo],
      );
    }
  }
}
