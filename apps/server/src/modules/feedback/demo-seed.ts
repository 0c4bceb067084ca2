import type pg from 'pg';
import type { FeedbackCategory, FeedbackStatus } from '@portal/contracts/feedback';
import { DEMO_EMAILS, DEMO_OPERATORS } from '../../db/seeds/demo-identities.ts';
import { insertMessage, insertThread } from './repository.ts';

interface DemoMessage {
  /** a demo partner's e-mail, or an operator's */
  from: string;
  body: string;
  internal?: boolean;
  /** hours after the thread was opened */
  after: number;
}

interface DemoThread {
  author: string;
  category: FeedbackCategory;
  rating: number | null;
  status: FeedbackStatus;
  assignee: string | null;
  daysAgo: number;
  pageUrl: string;
  messages: DemoMessage[];
}

const SUPPORT = DEMO_OPERATORS.find((operator) => operator.role === 'support')!.email;
const ADMIN = DEMO_OPERATORS.find((operator) => operator.role === 'admin')!.email;

/** Harbor Health Partners' feedback: a booking question answered, a payout closed, a new portal problem, content in review. */
const THREADS: DemoThread[] = [
  {
    author: DEMO_EMAILS.agent,
    category: 'booking',
    rating: 4,
    status: 'answered',
    assignee: SUPPORT,
    daysAgo: 6,
    pageUrl: '/bookings',
    messages: [
      {
        from: DEMO_EMAILS.agent,
        after: 0,
        body:
          'My patient’s knee replacement at the Istanbul hospital shows as confirmed, but the hospital’s coordinator wrote to her asking for the passport copy and the MRI report again. ' +
          'Both were sent with the booking request. Could you check whether they reached the hospital?',
      },
      { from: SUPPORT, after: 3, internal: true, body: 'Checked with the facility desk: the documents were filed under the old ticket. Asked them to merge.' },
      {
        from: SUPPORT,
        after: 5,
        body:
          'Thank you, Grace. The documents had been filed under an earlier request of the same patient; the hospital has now linked them to this booking, ' +
          'so your patient does not need to send anything again. The coordinator will confirm the airport pick-up by Thursday.',
      },
    ],
  },
  {
    author: DEMO_EMAILS.secondAgent,
    category: 'payout',
    rating: 5,
    status: 'closed',
    assignee: SUPPORT,
    daysAgo: 21,
    pageUrl: '/dashboard',
    messages: [
      {
        from: DEMO_EMAILS.secondAgent,
        after: 0,
        body: 'The commission for the two cardiac check-ups completed in Chennai last month is not on my earnings yet. Is the payout delayed?',
      },
      {
        from: SUPPORT,
        after: 20,
        body:
          'Hello Lucas, both bookings were completed after the monthly cut-off, so their commission is in this month’s payout, paid on the 5th. ' +
          'You will see them as approved from tomorrow.',
      },
      { from: DEMO_EMAILS.secondAgent, after: 26, body: 'Understood, thank you for the quick answer.' },
    ],
  },
  {
    author: DEMO_EMAILS.partner,
    category: 'portal_problem',
    rating: null,
    status: 'new',
    assignee: null,
    daysAgo: 1,
    pageUrl: '/bookings?date_from=2026-01-01',
    messages: [
      {
        from: DEMO_EMAILS.partner,
        after: 0,
        body:
          'Exporting the whole year of bookings to Excel works, but on my phone the download button is hidden behind the filters panel. ' +
          'I have to turn the phone sideways to reach it.',
      },
    ],
  },
  {
    author: DEMO_EMAILS.partner,
    category: 'content',
    rating: 3,
    status: 'in_review',
    assignee: ADMIN,
    daysAgo: 3,
    pageUrl: '/facilities',
    messages: [
      {
        from: DEMO_EMAILS.partner,
        after: 0,
        body: 'The dental clinic in Budapest still lists implant prices from last year; two of our clients were quoted about 15% more by the clinic itself.',
      },
      { from: ADMIN, after: 2, internal: true, body: 'Content team is collecting the 2026 price list from the clinic; update expected next week.' },
    ],
  },
];

export async function seedDemoFeedback(pool: pg.Pool): Promise<void> {
  const users = await pool.query<{ id: number; email: string; referral_agent_id: number }>(
    'SELECT u.id, u.email, p.referral_agent_id FROM users u JOIN partner_profiles p ON p.user_id = u.id WHERE u.email = ANY($1::text[])',
    [[...new Set(THREADS.map((thread) => thread.author))]],
  );
  const operators = await pool.query<{ id: number; email: string }>('SELECT id, email FROM operators WHERE email = ANY($1::text[])', [[SUPPORT, ADMIN]]);
  const userOf = new Map(users.rows.map((row) => [row.email, row]));
  const operatorOf = new Map(operators.rows.map((row) => [row.email, row.id]));
  const hour = 60 * 60 * 1000;
  for (const thread of THREADS) {
    const author = userOf.get(thread.author);
    if (!author) continue;
    const openedAt = new Date(Date.now() - thread.daysAgo * 24 * hour);
    const id = await insertThread(pool, {
      referralAgentId: author.referral_agent_id,
      authorUserId: author.id,
      category: thread.category,
      rating: thread.rating,
      pageUrl: thread.pageUrl,
      appVersion: '1.0.0',
      language: 'en',
      status: thread.status,
      assigneeOperatorId: thread.assignee ? (operatorOf.get(thread.assignee) ?? null) : null,
      createdAt: openedAt,
    });
    for (const message of thread.messages) {
      const partner = userOf.get(message.from);
      await insertMessage(pool, {
        threadId: id,
        authorType: partner ? 'partner' : 'operator',
        authorUserId: partner?.id ?? null,
        authorOperatorId: partner ? null : (operatorOf.get(message.from) ?? null),
        internal: message.internal ?? false,
        body: message.body,
        createdAt: new Date(openedAt.getTime() + message.after * hour),
      });
    }
  }
}
